import Conformance
import Foundation

/// `--shard index/total` or `--shard auto`: which part of the corpus `run` covers, or of the sequences `fuzz` searches
/// (``Shard/sequence(at:)``), and, under Bazel, the files its test protocol asks for (docs/ci.md "Sharding and
/// merging"). Both commands read the option here, so they accept the same values and refuse bad ones in the same words.
///
/// `auto` reads the split from the CI's environment, and only when asked: a variable set for some other reason never
/// shards a run by itself. The sources, with the base of their index:
///
/// | CI | Index | Total | Base |
/// |---|---|---|---|
/// | Bazel (test encyclopedia, "Test sharding") | `TEST_SHARD_INDEX` | `TEST_TOTAL_SHARDS` | 0 |
/// | GitLab (`parallel: N`) | `CI_NODE_INDEX` | `CI_NODE_TOTAL` | 1 |
/// | CircleCI (`parallelism: N`) | `CIRCLE_NODE_INDEX` | `CIRCLE_NODE_TOTAL` | 0 |
/// | Buildkite (`parallelism: N`) | `BUILDKITE_PARALLEL_JOB` | `BUILDKITE_PARALLEL_JOB_COUNT` | 0 |
///
/// Under `auto`, Bazel's other variables apply too, each when set: `TEST_SHARD_STATUS_FILE` is touched (Bazel fails
/// a sharded test that does not); and for `run`, which writes reports and filters (`fuzz` does neither), JUnit goes
/// to `XML_OUTPUT_FILE` unless `--junit` is given, the JSON report to
/// `TEST_UNDECLARED_OUTPUTS_DIR/conformance-report.json` unless `--json` is given, and `TESTBRIDGE_TEST_ONLY`
/// (`bazel test --test_filter`) is a `--filter` unless one is given.
struct ShardSelection {
  /// The shard to run, or `nil` for the whole selection.
  var shard: Shard?
  /// Bazel's `TEST_SHARD_STATUS_FILE`, to touch before the run.
  var statusFile: String?
  /// Bazel's `XML_OUTPUT_FILE`: the JUnit report's file when `--junit` is not given.
  var junit: String?
  /// `TEST_UNDECLARED_OUTPUTS_DIR/conformance-report.json`: the JSON report's file when `--json` is not given.
  var json: String?
  /// Bazel's `TESTBRIDGE_TEST_ONLY`: the filter when `--filter` is not given.
  var filter: String?

  /// One CI's pair of variables.
  private struct Source {
    var name: String
    var index: String
    var total: String
    var base: Int
  }

  private static let sources = [
    Source(name: "Bazel", index: "TEST_SHARD_INDEX", total: "TEST_TOTAL_SHARDS", base: 0),
    Source(name: "GitLab", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1),
    Source(name: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", base: 0),
    Source(name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0),
  ]

  /// Reads `--shard` (absent: no sharding).
  ///
  /// - Parameters:
  ///   - note: Receives what `auto` found, as a `note:` line.
  /// - Throws: ``CLIError/usage(_:command:)`` for a value that is not `i/n` with `1 ≤ i ≤ n ≤ 1000` or `auto`; under
  ///   `auto`, for a CI variable that is malformed or set without its partner (a total of 1 alone is no split:
  ///   GitLab sets `CI_NODE_TOTAL=1` on every job), or two CIs that name different shards.
  static func resolve(
    _ scanner: ArgumentScanner, environment: [String: String], command: String, note: (String) -> Void
  ) throws(CLIError) -> ShardSelection {
    guard let value = scanner.value("shard") else { return ShardSelection() }
    guard value == "auto" else {
      guard let shard = Shard(parsing: value) else {
        throw .usage("option '--shard' takes \(Shard.accepted), got '\(value)'", command: command)
      }
      return ShardSelection(shard: shard)
    }
    var found: [(source: Source, shard: Shard)] = []
    var unsplit = false
    for source in sources {
      let index = environment[source.index].flatMap { $0.isEmpty ? nil : $0 }
      let total = environment[source.total].flatMap { $0.isEmpty ? nil : $0 }
      guard index != nil || total != nil else { continue }
      // GitLab sets CI_NODE_TOTAL=1 on every job and CI_NODE_INDEX only under `parallel:`: a total of 1 alone is a
      // job that is not split, as the docs promise the whole selection with no variables.
      if index == nil, total == "1" {
        note(
          "note: --shard auto: \(source.name)'s \(source.total) is 1 and \(source.index) is not set (a job that is "
            + "not split); running the whole selection")
        unsplit = true
        continue
      }
      guard let index, let total else {
        let (set, unset) = index == nil ? (source.total, source.index) : (source.index, source.total)
        throw .usage(
          "'--shard auto': \(source.name)'s \(set) is set but \(unset) is not; set both or neither", command: command)
      }
      let first = source.base == 0 ? "0 ≤ \(source.index) < \(source.total)" : "1 ≤ \(source.index) ≤ \(source.total)"
      guard let number = Shard.number(index), let count = Shard.number(total),
        let shard = Shard(index: number + 1 - source.base, total: count)
      else {
        throw .usage(
          "'--shard auto': \(source.name)'s \(source.index)='\(index)', \(source.total)='\(total)' is not a shard; "
            + "\(source.name) counts from \(source.base), so it takes whole numbers with \(first) ≤ \(Shard.maximumTotal)",
          command: command)
      }
      found.append((source, shard))
    }
    if let first = found.first, let other = found.dropFirst().first(where: { $0.shard != first.shard }) {
      throw .usage(
        "'--shard auto': \(first.source.name) (\(first.source.index), \(first.source.total)) names shard "
          + "\(first.shard) but \(other.source.name) (\(other.source.index), \(other.source.total)) names shard "
          + "\(other.shard); pass '--shard <index>/<total>' to choose",
        command: command)
    }
    var selection = ShardSelection(shard: found.first?.shard)
    if let first = found.first {
      note("note: --shard auto: shard \(first.shard) from \(found.map(\.source.name).joined(separator: " and "))")
    } else if !unsplit {
      note(
        "note: --shard auto found no shard variables ("
          + sources.map { "\($0.index)/\($0.total)" }.joined(separator: ", ") + "); running the whole selection")
    }
    func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    selection.statusFile = nonEmpty("TEST_SHARD_STATUS_FILE")
    selection.junit = nonEmpty("XML_OUTPUT_FILE")
    selection.json = nonEmpty("TEST_UNDECLARED_OUTPUTS_DIR").map {
      URL(fileURLWithPath: $0).appendingPathComponent("conformance-report.json").path
    }
    selection.filter = nonEmpty("TESTBRIDGE_TEST_ONLY")
    return selection
  }

  /// Narrows a run to the shard, as `run` and `coverage` both do: the corpus to the shard's files, and the filter to
  /// Bazel's (`TESTBRIDGE_TEST_ONLY`) when `--filter` is not given.
  ///
  /// - Parameters:
  ///   - corpus: The selected scenario files, before sharding.
  ///   - filter: `--filter`, or `nil`.
  ///   - note: Receives a `note:` line when the filter is Bazel's: a variable left set in a shell would otherwise hide
  ///     scenarios with no word of why.
  /// - Returns: The filter the run applies.
  func select(_ corpus: inout ScenarioCorpus, filter: String?, note: (String) -> Void) -> String? {
    corpus.shard = shard
    guard filter == nil, let bazel = self.filter else { return filter }
    note("note: --shard auto: filter '\(bazel)' from Bazel's TESTBRIDGE_TEST_ONLY; pass '--filter' to choose another")
    return bazel
  }

  /// Touches Bazel's status file, saying the runner supports sharding (test encyclopedia: "it must create or update
  /// the last modified date of the file specified by TEST_SHARD_STATUS_FILE").
  ///
  /// - Throws: ``CLIError/input(_:)`` when the file cannot be created or its date set.
  func touchStatusFile(workspace: Workspace) throws(CLIError) {
    guard let statusFile else { return }
    let url = workspace.url(for: statusFile)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0, utimes(url.path, nil) == 0 else {
      let reason = String(cString: strerror(errno))
      if descriptor >= 0 { close(descriptor) }
      throw .input("cannot touch the shard status file '\(statusFile)' (TEST_SHARD_STATUS_FILE): \(reason)")
    }
    close(descriptor)
  }
}
