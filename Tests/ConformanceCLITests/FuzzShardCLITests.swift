import Foundation
import Testing

/// `conformance fuzz --shard` end to end through the built executable: the shards of one split search the unsharded
/// search's sequences between them, each once and in the same places; a divergence is found by the shard that holds
/// it and by no other, and written the same by whichever run finds it; `auto` reads the CI's variables as `run` does;
/// bad values are refused in `run`'s words.
///
/// What was searched is what the implementations were asked: a proxy harness
/// (``FuzzCLITests/proxyHarness(onRequest:onReply:)``) logs every case it runs, its initial state and actions, one
/// line each, in the order it gets them.
@Suite("conformance fuzz --shard end to end", .serialized)
struct FuzzShardCLITests {
  /// `--harness twin=…`: the Swift implementation again, out of process.
  var twin: String { "twin=\(CLI.executable.path) harness" }

  /// Runs `fuzz` on the login feature against a proxy harness named `logger` that answers as the Swift
  /// implementation, except that it changes the final state of the one case whose log line is `planted`, and logs
  /// every case it runs.
  ///
  /// - Returns: The run, and the cases the harness ran (as log lines).
  static func logged(_ arguments: [String], planted: String? = nil, environment: [String: String] = [:]) throws -> (
    result: CLI.Result, cases: [String]
  ) {
    let folder = try CLI.temporaryFolder()
    let log = folder.appendingPathComponent("cases.log")
    let target = folder.appendingPathComponent("planted.txt")
    try Data((planted ?? "").utf8).write(to: target)
    let script = try FuzzCLITests.proxyHarness(
      onRequest: """
        key = json.dumps([request.get("initialState"), request.get("actions")], sort_keys=True)
        if request.get("cmd") == "run":
            open(\(String(reflecting: log.path)), "a").write(key + "\\n")
        """,
      onReply: """
        if request.get("cmd") == "run" and key == open(\(String(reflecting: target.path))).read():
            reply["trace"][-1]["state"]["password"] = "planted"
        """)
    let result = try CLI.run(
      ["fuzz", "--feature", "login", "--harness", "logger=python3 \(script.path)"] + arguments,
      environment: environment)
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return (result, text.split(separator: "\n").map(String.init))
  }

  /// The unsharded search's cases for `--seed 7 --runs <runs>`, in sequence order.
  static func unsharded(runs: Int) throws -> [String] {
    let (result, cases) = try logged(["--seed", "7", "--runs", "\(runs)"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(cases.count == runs)
    return cases
  }

  // MARK: - What the shards search

  @Test(arguments: [1, 2, 3])
  func theShardsOfASplitSearchTheUnshardedSequencesEachOnce(total: Int) throws {
    let whole = try Self.unsharded(runs: 40)
    var union: [String] = []
    for index in 1...total {
      let (result, cases) = try Self.logged(["--seed", "7", "--runs", "40", "--shard", "\(index)/\(total)"])
      let mine = Array(stride(from: index, through: 40, by: total))
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(
        result.lines.first
          == "fuzz login on swift, logger: seed 7, 40 sequences of 1 to 8 steps, shard \(index)/\(total): sequences "
          + "\(mine.prefix(3).map(String.init).joined(separator: ", ")), … (\(mine.count) of 40)")
      #expect(result.lines.last?.hasPrefix("no divergence in \(mine.count) sequences (") == true)
      // Sequence k of the shard is sequence k of the unsharded search.
      #expect(cases == mine.map { whole[$0 - 1] }, "shard \(index)/\(total)")
      union += cases
    }
    #expect(union.sorted() == whole.sorted())
  }

  /// Under `--time` no shard knows how many sequences there will be; each still searches only its own, in order.
  @Test func underTimeEachShardSearchesItsOwnSequences() throws {
    var searched: [[String]] = []
    for index in 1...2 {
      let (result, cases) = try Self.logged(["--seed", "7", "--time", "0.3", "--shard", "\(index)/2"])
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(
        result.lines.first
          == "fuzz login on swift, logger: seed 7, 0.3 s of 1 to 8 steps, shard \(index)/2: sequences "
          + (index == 1 ? "1, 3, 5, …" : "2, 4, 6, …"))
      #expect(!cases.isEmpty)
      searched.append(cases)
    }
    let whole = try Self.unsharded(runs: 2 * (try #require(searched.map(\.count).max())))
    #expect(searched[0] == Array(stride(from: 0, to: 2 * searched[0].count, by: 2).map { whole[$0] }))
    #expect(searched[1] == Array(stride(from: 1, to: 2 * searched[1].count, by: 2).map { whole[$0] }))
  }

  // MARK: - A divergence

  /// A divergence planted in one sequence is found by the one shard that holds it, in a split of 3 and of 2, and the
  /// scenario each writes is the unsharded search's, byte for byte.
  @Test func aPlantedDivergenceIsFoundByTheShardThatHoldsItAndWrittenTheSame() throws {
    let whole = try Self.unsharded(runs: 30)
    // The case of most steps, which no other sequence repeats: only it diverges, so it cannot shrink.
    let planted = try #require(
      whole.indices.filter { index in whole.filter { $0 == whole[index] }.count == 1 }.max { a, b in
        whole[a].count < whole[b].count
      })
    let sequence = planted + 1
    let folder = try CLI.temporaryFolder()
    func search(_ shard: String?) throws -> (result: CLI.Result, file: String?) {
      let out = folder.appendingPathComponent("findings-\(shard?.replacingOccurrences(of: "/", with: "-of-") ?? "all")")
      let (result, _) = try Self.logged(
        ["--seed", "7", "--runs", "30", "--reference", "swift", "--out", out.path]
          + (shard.map { ["--shard", $0] } ?? []), planted: whole[planted])
      let files = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
      #expect(files.count <= 1)
      return (result, try files.first.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) })
    }
    let unsharded = try search(nil)
    #expect(unsharded.result.status == 1, "\(unsharded.result.stdout)\(unsharded.result.stderr)")
    #expect(
      unsharded.result.lines.dropFirst().first?.hasPrefix(
        "divergence between swift and logger in sequence \(sequence), of ") == true)
    let written = try #require(unsharded.file)
    #expect(written.contains(#""description": "Found by conformance fuzz --seed 7: swift and logger diverge at step "#))
    for total in [3, 2] {
      for index in 1...total {
        let (result, file) = try search("\(index)/\(total)")
        if (sequence - 1) % total == index - 1 {
          #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
          #expect(
            result.lines.dropFirst().first?.hasPrefix(
              "divergence between swift and logger in sequence \(sequence), of ") == true, "\(result.stdout)")
          #expect(file == written, "shard \(index)/\(total)")
        } else {
          #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
          #expect(result.lines.last?.hasPrefix("no divergence in ") == true, "shard \(index)/\(total)")
          #expect(file == nil)
        }
      }
    }
  }

  // MARK: - --shard auto

  @Test func autoTakesTheShardFromGitLabAsRunDoes() throws {
    let arguments = ["fuzz", "--feature", "login", "--harness", twin, "--seed", "7", "--runs", "30"]
    let auto = try CLI.run(
      arguments + ["--shard", "auto"], environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"])
    let given = try CLI.run(arguments + ["--shard", "2/3"])
    #expect(auto.status == 0, "\(auto.stdout)\(auto.stderr)")
    #expect(auto.errorLines.first == "note: --shard auto: shard 2/3 from GitLab")
    #expect(
      auto.lines.first
        == "fuzz login on swift, twin: seed 7, 30 sequences of 1 to 8 steps, shard 2/3: sequences 2, 5, 8, … (10 of 30)"
    )
    #expect(auto.stdout == given.stdout)
  }

  @Test func underBazelTheStatusFileIsTouched() throws {
    let status = try CLI.temporaryFolder().appendingPathComponent("shard-status")
    let result = try CLI.run(
      ["fuzz", "--feature", "login", "--harness", twin, "--runs", "4", "--shard", "auto"],
      environment: ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": status.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.lines.first
        == "fuzz login on swift, twin: seed 0, 4 sequences of 1 to 8 steps, shard 2/2: sequences 2, 4 (2 of 4)")
    #expect(FileManager.default.fileExists(atPath: status.path))
  }

  // MARK: - Usage errors

  @Test(
    arguments: [
      (
        ["--shard", "0/3"], [:],
        "error: option '--shard' takes '<index>/<total>' with 1 ≤ index ≤ total ≤ 1000 (for example '2/3'), or 'auto', got '0/3'"
      ),
      (
        ["--shard", "auto"], ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"],
        "error: '--shard auto': GitLab's CI_NODE_INDEX='0', CI_NODE_TOTAL='3' is not a shard; GitLab counts from 1, so it takes whole numbers with 1 ≤ CI_NODE_INDEX ≤ CI_NODE_TOTAL ≤ 1000"
      ),
      (
        ["--runs", "2", "--shard", "1/3"], [:],
        "error: '--runs 2' cannot be split into 3 shards: shard 3/3 would search no sequence; give '--runs' of 3 or more, or fewer shards"
      ),
      (
        ["--runs", "2", "--shard", "auto"], ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"],
        "error: '--runs 2' cannot be split into 4 shards: shard 3/4 would search no sequence; give '--runs' of 4 or more, or fewer shards"
      ),
    ] as [([String], [String: String], String)])
  func badShardsAreUsageErrors(arguments: [String], environment: [String: String], message: String) throws {
    let result = try CLI.run(
      ["fuzz", "--feature", "login", "--harness", twin] + arguments, environment: environment)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.errorLines.filter { !$0.hasPrefix("note: ") } == [
        message,
        "Usage: conformance fuzz --feature <name> [--impl <name> ...] [--all] [--harness <name>=<command> ...] [--config <file>] [--startup-timeout <s>] [--timeout <s>] [--seed <n>] [--time <s> | --runs <n>] [--shard <i>/<n>|auto] [--max-steps <k>] [--level reducer|runtime] [--reference <impl>] [--out <dir>] [--unicode-all]",
        "See 'conformance fuzz --help'.",
      ])
  }
}
