import Foundation
import Testing

/// `conformance merge-reports` refuses shards that did not split the same selection: another file list (a file
/// renamed between the shards' runs leaves the count alone), another `--filter`, `--tag`, `--retries` or
/// `--no-flaky`, or a report that does not record its selection. Each merge here passed before the selection was
/// recorded, and a scenario silently never ran or ran twice.
@Suite("conformance merge-reports: shards of different selections", .serialized)
struct MergeReportsSelectionCLITests {
  /// The `shard.selection.corpus` of a report in `folder`.
  static func corpus(_ name: String, in folder: URL) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
    let shard = try #require((object as? [String: Any])?["shard"] as? [String: Any])
    return try #require((shard["selection"] as? [String: Any])?["corpus"] as? String)
  }

  @Test func aFileRenamedBetweenTheShardsRunsIsRefusedThoughTheCountIsTheSame() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("timer")
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/scenarios/timer"), to: corpus)
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    for index in 1...2 {
      #expect(
        try CLI.run(["run", corpus.path, "--shard", "\(index)/2", "--json", path("old\(index).json")]).status == 0)
    }
    // The scenario renamed, its id with it (scenario format §3.1): the corpus still has 12 files.
    let old = corpus.appendingPathComponent("timer-tick-counts-a-second.json")
    let text = try String(contentsOf: old, encoding: .utf8)
      .replacingOccurrences(of: "\"timer-tick-counts-a-second\"", with: "\"timer-tick-adds-a-second\"")
    try FileManager.default.removeItem(at: old)
    try text.write(
      to: corpus.appendingPathComponent("timer-tick-adds-a-second.json"), atomically: true, encoding: .utf8)
    for index in 1...2 {
      #expect(
        try CLI.run(["run", corpus.path, "--shard", "\(index)/2", "--json", path("new\(index).json")]).status == 0)
    }
    let (before, after) = (try Self.corpus("old1.json", in: folder), try Self.corpus("new2.json", in: folder))
    #expect(before != after)
    for (first, second) in [("old1.json", "new2.json"), ("new1.json", "old2.json")] {
      let result = try CLI.run(["merge-reports", first, second], in: folder)
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(
        result.errorLines == [
          "error: '\(first)' and '\(second)' come from different runs: corpus file lists "
            + "'\(try Self.corpus(first, in: folder))' and '\(try Self.corpus(second, in: folder))'"
        ])
    }
    // The shards of one run still merge, before the rename and after it.
    #expect(try CLI.run(["merge-reports", "old1.json", "old2.json"], in: folder).status == 0)
    #expect(try CLI.run(["merge-reports", "new1.json", "new2.json"], in: folder).status == 0)
  }

  @Test(arguments: [
    (
      ["--filter", "runtime"], [],
      "error: 'a.json' and 'b.json' come from different runs: --filter settings 'runtime' and none"
    ),
    (
      ["--tag", "dismiss"], [],
      "error: 'a.json' and 'b.json' come from different runs: --tag settings 'dismiss' and none"
    ),
    (
      ["--tag", "dismiss"], ["--tag", "dismiss", "--tag", "submit"],
      "error: 'a.json' and 'b.json' come from different runs: --tag settings 'dismiss' and 'dismiss', 'submit'"
    ),
    (["--retries", "1"], [], "error: 'a.json' and 'b.json' come from different runs: --retries settings 1 and 0"),
    ([], ["--no-flaky"], "error: 'a.json' and 'b.json' come from different runs: --no-flaky settings off and on"),
  ])
  func shardsOfDifferentOptionsAreRefused(first: [String], second: [String], error: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = "Conformance/scenarios/login"
    let a = folder.appendingPathComponent("a.json").path, b = folder.appendingPathComponent("b.json").path
    _ = try CLI.run(["run", corpus, "--shard", "1/2", "--json", a] + first)
    _ = try CLI.run(["run", corpus, "--shard", "2/2", "--json", b] + second)
    let result = try CLI.run(["merge-reports", "a.json", "b.json"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.errorLines == [error])
  }

  @Test func aShardReportWithoutItsSelectionIsRefusedWithWhatToDo() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = "Conformance/scenarios/timer"
    for index in 1...2 {
      _ = try CLI.run([
        "run", corpus, "--shard", "\(index)/2", "--json", folder.appendingPathComponent("s\(index).json").path,
      ])
    }
    // What a shard's report held before the selection was recorded.
    let url = folder.appendingPathComponent("s2.json")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var shard = try #require(object["shard"] as? [String: Any])
    shard["selection"] = nil
    object["shard"] = shard
    try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("older.json"))
    let result = try CLI.run(["merge-reports", "s1.json", "older.json"], in: folder)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.errorLines == [
        "error: 'older.json' does not record what selection it is a shard of (written by an older version); re-run the "
          + "shards with this version"
      ])
    #expect(try CLI.run(["merge-reports", "s1.json", "s2.json"], in: folder).status == 0)
  }
}
