import Foundation
import Testing

/// `conformance run --shard` and `conformance merge-reports`, end to end: running every shard and merging their JSON
/// reports gives the unsharded run's reports and exit status, and every bad input is a usage error that says why.
@Suite("conformance run --shard and merge-reports", .serialized)
struct ShardCLITests {
  /// The corpora the merge must reproduce: how to run each, and where.
  enum Corpus: String, CaseIterable, CustomTestStringConvertible {
    case passing, failingDivergingAndInvalid, baselined

    var testDescription: String { rawValue }

    /// The `run` arguments, the folder to run in and the environment.
    func setUp() throws -> (arguments: [String], directory: URL, environment: [String: String]) {
      switch self {
      case .passing:
        return (["run", "Conformance/scenarios/login", "Conformance/scenarios/signup"], CLI.repository, [:])
      case .failingDivergingAndInvalid:
        // Failures, divergences (the fake harness adds `counter` to every state), skips, invalid files, a duplicate
        // id, a broken link and a folder read twice through a link.
        let folder = try JobsCLITests.mixedCorpus()
        return (
          ["run", "--harness", "fake=\(JobsCLITests.fake) good", folder.appendingPathComponent("scenarios").path],
          CLI.repository, [:]
        )
      case .baselined:
        // A known failure, a fixed entry, an expired pattern and an entry that matches no scenario in any shard.
        let root = try BaselineCLITests.workspace(
          baseline: BaselineCLITests.file(
            BaselineCLITests.entry("login-wrong-loading-flag"),
            BaselineCLITests.entry("login-submit-valid-credentials"),
            BaselineCLITests.entry("login-wrong-*", expires: "2020-01-01"), BaselineCLITests.entry("login-nowhere")))
        return (["run"], root, ["CONFORMANCE_TODAY": "2026-06-01"])
      }
    }
  }

  /// A report with its timings zeroed: `durationSeconds`, JUnit `time` and `timestamp`, and the `Ran …` line of the
  /// text report and step summary.
  static func untimed(_ text: String) -> String {
    text.replacingOccurrences(
      of: #""durationSeconds":[-0-9.e+E]+"#, with: #""durationSeconds":0"#, options: .regularExpression
    )
    .replacingOccurrences(of: #" (time|timestamp)="[^"]*""#, with: #" $1="""#, options: .regularExpression)
    .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Ran ") }
    .joined(separator: "\n")
  }

  @Test(arguments: Corpus.allCases, [1, 2, 3, 7])
  func mergingEveryShardGivesTheUnshardedRunsReports(corpus: Corpus, shards: Int) throws {
    let (arguments, directory, environment) = try corpus.setUp()
    let out = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    func file(_ name: String) -> String { out.appendingPathComponent(name).path }
    let whole = try CLI.run(
      arguments + ["--json", file("whole.json"), "--junit", file("whole.xml"), "--summary", file("whole.md")],
      in: directory, environment: environment)
    var reports: [String] = []
    for index in 1...shards {
      reports.append(file("shard-\(index).json"))
      let shard = try CLI.run(
        arguments + ["--shard", "\(index)/\(shards)", "--json", reports[index - 1]], in: directory,
        environment: environment)
      #expect([0, 1, 2].contains(shard.status))
    }
    let merged = try CLI.run(
      ["merge-reports"] + reports.reversed() + [
        "--json", file("merged.json"), "--junit", file("merged.xml"), "--summary", file("merged.md"),
      ],
      in: directory, environment: environment)
    #expect(merged.status == whole.status)
    #expect(Self.untimed(merged.stdout) == Self.untimed(whole.stdout))
    #expect(merged.stderr == whole.stderr)
    for kind in ["json", "xml", "md"] {
      let mergedText = try String(contentsOfFile: file("merged.\(kind)"), encoding: .utf8)
      let wholeText = try String(contentsOfFile: file("whole.\(kind)"), encoding: .utf8)
      #expect(Self.untimed(mergedText) == Self.untimed(wholeText), "\(corpus) in \(shards): the \(kind) reports differ")
    }
    if corpus == .baselined {
      // No shard can tell that 'login-nowhere' matches nothing; the merge can.
      #expect(whole.status == 2)
      #expect(whole.stderr.contains("entries[3]: 'login-nowhere' matches no scenario in this run"))
    }
  }

  // MARK: - Choosing the shard

  @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1/3/4", "-1/3", "1/99999999999", "1/1001", ""])
  func aMalformedShardIsAUsageError(value: String) throws {
    let result = try CLI.run(["run", "--shard", value])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: option '--shard' takes '<index>/<total>' with 1 ≤ index ≤ total ≤ 1000 (for example '2/3'), or 'auto', got '\(value)'"
    )
  }

  @Test func aShardCannotRewriteTheBaseline() throws {
    let result = try CLI.run(["run", "--shard", "1/2", "--update-baseline"])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--update-baseline' rewrites the baseline from the whole run's failures, and shard 1/2 is a part of it; run it without '--shard'"
    )
  }

  /// The JSON report's `shard` object of a run with `--shard auto` under `environment`, and its standard error.
  static func autoShard(_ environment: [String: String], in directory: URL = CLI.repository) throws -> (
    shard: [String: Any]?, status: Int32, stderr: String
  ) {
    let result = try CLI.run(
      ["run", "--shard", "auto", "--format", "json", "Conformance/scenarios/login"], in: directory,
      environment: environment)
    let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (report?["shard"] as? [String: Any], result.status, result.stderr)
  }

  @Test(arguments: [
    (["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "3"], 2, 3, "Bazel"),
    (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], 2, 3, "GitLab"),
    (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"], 1, 4, "CircleCI"),
    (["BUILDKITE_PARALLEL_JOB": "6", "BUILDKITE_PARALLEL_JOB_COUNT": "7"], 7, 7, "Buildkite"),
    (
      ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"], 2, 3,
      "GitLab and CircleCI"
    ),
  ])
  func autoTakesTheShardFromEachCI(environment: [String: String], index: Int, total: Int, source: String) throws {
    let (shard, status, stderr) = try Self.autoShard(environment)
    #expect(status == 0)
    #expect(shard?["index"] as? Int == index)
    #expect(shard?["total"] as? Int == total)
    #expect(stderr == "note: --shard auto: shard \(index)/\(total) from \(source)\n")
  }

  @Test func autoWithoutShardVariablesRunsEverythingAndSaysSo() throws {
    let (shard, status, stderr) = try Self.autoShard([:])
    #expect(status == 0)
    #expect(shard == nil)
    #expect(
      stderr
        == "note: --shard auto found no shard variables (TEST_SHARD_INDEX/TEST_TOTAL_SHARDS, CI_NODE_INDEX/CI_NODE_TOTAL, CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL, BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT); running the whole selection\n"
    )
    // Never from the environment unless asked.
    let unasked = try CLI.run(
      ["run", "--format", "json", "Conformance/scenarios/login"],
      environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"])
    #expect(unasked.stdout.contains("\"shard\"") == false)
  }

  @Test func autoOnAGitLabJobWithoutParallelRunsEverythingAndSaysSo() throws {
    // GitLab sets CI_NODE_TOTAL=1 on every job and CI_NODE_INDEX only under `parallel:`.
    let (shard, status, stderr) = try Self.autoShard(["CI_NODE_TOTAL": "1"])
    #expect(status == 0)
    #expect(shard == nil)
    #expect(
      stderr
        == "note: --shard auto: GitLab's CI_NODE_TOTAL is 1 and CI_NODE_INDEX is not set (a job that is not split); "
        + "running the whole selection\n")
  }

  @Test(arguments: [
    (
      ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"],
      "error: '--shard auto': GitLab's CI_NODE_INDEX='0', CI_NODE_TOTAL='3' is not a shard; GitLab counts from 1, so it takes whole numbers with 1 ≤ CI_NODE_INDEX ≤ CI_NODE_TOTAL ≤ 1000"
    ),
    (
      ["TEST_SHARD_INDEX": "3", "TEST_TOTAL_SHARDS": "3"],
      "error: '--shard auto': Bazel's TEST_SHARD_INDEX='3', TEST_TOTAL_SHARDS='3' is not a shard; Bazel counts from 0, so it takes whole numbers with 0 ≤ TEST_SHARD_INDEX < TEST_TOTAL_SHARDS ≤ 1000"
    ),
    (
      ["CIRCLE_NODE_INDEX": "x", "CIRCLE_NODE_TOTAL": "2"],
      "error: '--shard auto': CircleCI's CIRCLE_NODE_INDEX='x', CIRCLE_NODE_TOTAL='2' is not a shard; CircleCI counts from 0, so it takes whole numbers with 0 ≤ CIRCLE_NODE_INDEX < CIRCLE_NODE_TOTAL ≤ 1000"
    ),
    (
      ["BUILDKITE_PARALLEL_JOB": "-1", "BUILDKITE_PARALLEL_JOB_COUNT": "2"],
      "error: '--shard auto': Buildkite's BUILDKITE_PARALLEL_JOB='-1', BUILDKITE_PARALLEL_JOB_COUNT='2' is not a shard; Buildkite counts from 0, so it takes whole numbers with 0 ≤ BUILDKITE_PARALLEL_JOB < BUILDKITE_PARALLEL_JOB_COUNT ≤ 1000"
    ),
    (
      ["CI_NODE_TOTAL": "3"],
      "error: '--shard auto': GitLab's CI_NODE_TOTAL is set but CI_NODE_INDEX is not; set both or neither"
    ),
    (
      ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"],
      "error: '--shard auto': Bazel (TEST_SHARD_INDEX, TEST_TOTAL_SHARDS) names shard 1/2 but GitLab (CI_NODE_INDEX, CI_NODE_TOTAL) names shard 2/2; pass '--shard <index>/<total>' to choose"
    ),
  ])
  func autoRefusesMalformedOrConflictingVariables(environment: [String: String], error: String) throws {
    let result = try CLI.run(["run", "--shard", "auto"], environment: environment)
    #expect(result.status == 2)
    #expect(result.errorLines.first == error)
  }

  @Test func underBazelTheStatusFileIsTouchedAndTheReportsGoWhereBazelAsks() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let status = folder.appendingPathComponent("shard-status")
    let xml = folder.appendingPathComponent("test.xml")
    let outputs = folder.appendingPathComponent("outputs")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let result = try CLI.run(
      ["run", "--shard", "auto", "Conformance/scenarios/login"],
      environment: [
        "TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": status.path,
        "XML_OUTPUT_FILE": xml.path, "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
        "TESTBRIDGE_TEST_ONLY": "login-submit",
      ])
    #expect(result.status == 0)
    #expect(
      result.errorLines == [
        "note: --shard auto: shard 1/2 from Bazel",
        "note: --shard auto: filter 'login-submit' from Bazel's TESTBRIDGE_TEST_ONLY; pass '--filter' to choose another",
      ])
    #expect(FileManager.default.fileExists(atPath: status.path))
    let junit = try String(contentsOf: xml, encoding: .utf8)
    #expect(junit.hasPrefix("<?xml"))
    let report = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: outputs.appendingPathComponent("conformance-report.json")))
        as? [String: Any])
    #expect((report["shard"] as? [String: Any])?["index"] as? Int == 1)
    let results = try #require(report["results"] as? [[String: Any]])
    // TESTBRIDGE_TEST_ONLY (bazel test --test_filter) is the filter.
    #expect(!results.isEmpty)
    #expect(results.allSatisfy { ($0["scenario"] as? String)?.contains("login-submit") == true })
  }

  @Test func anExplicitFilterOverridesBazelsWithoutANote() throws {
    let result = try CLI.run(
      ["run", "--shard", "auto", "--filter", "login-submit-valid", "--format", "json", "Conformance/scenarios/login"],
      environment: ["TESTBRIDGE_TEST_ONLY": "no-such-scenario"])
    // Bazel's filter matches nothing: the run passing shows --filter won, and no note names it.
    #expect(result.status == 0)
    #expect(result.stdout.contains("login-submit-valid"))
    #expect(!result.stderr.contains("TESTBRIDGE_TEST_ONLY"))
  }

  @Test func anEmptyShardPassesWithANote() throws {
    // One file in seven shards: six are empty.
    let file = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    var empty: [(Int, CLI.Result)] = []
    for index in 1...7 {
      let result = try CLI.run(["run", "--shard", "\(index)/7", file])
      if !result.stdout.contains("login-submit-valid-credentials") { empty.append((index, result)) }
    }
    #expect(empty.count == 6)
    for (index, result) in empty {
      #expect(result.status == 0)
      #expect(result.lines.contains("Shard \(index)/7 holds no scenarios; the other shards hold them"))
    }
    let json = try CLI.run(["run", "--shard", "\(empty[0].0)/7", "--format", "json", file])
    #expect(json.status == 0)
    #expect(json.stderr == "note: shard \(empty[0].0)/7 holds no scenarios\n")
    // Unsharded, a run with nothing to run still fails.
    #expect(try CLI.run(["run", "--filter", "no-such-scenario", file]).status == 2)
  }

  @Test func theEventStreamHeaderRecordsTheShard() throws {
    let sharded = try CLI.run(["run", "--shard", "2/3", "--format", "ndjson", "Conformance/scenarios/login"])
    let header = try #require(
      try JSONSerialization.jsonObject(with: Data(sharded.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
    #expect(header["shard"] as? [String: Int] == ["index": 2, "total": 3])
    let whole = try CLI.run(["run", "--format", "ndjson", "Conformance/scenarios/login"])
    #expect(whole.stdout.split(separator: "\n")[0].contains("\"shard\"") == false)
  }
}
