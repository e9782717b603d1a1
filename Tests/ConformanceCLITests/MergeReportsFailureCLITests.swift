import Foundation
import Testing

/// `conformance merge-reports` refuses reports that are not every shard of one run, each once, with exit status 2 and
/// a message naming the files.
@Suite("conformance merge-reports: bad input", .serialized)
struct MergeReportsFailureCLITests {
  /// A folder with the reports of the login scenarios unsharded (`whole.json`), in three shards (`s1.json`…) and in
  /// two (`t1.json`), with Kotlin-free fakes of a second implementation (`k2.json`), an older tool (`old.json`), a
  /// later format (`v2.json`), shard 2 claiming to be shard 1 (`s2-as-1.json`), a wrong value (`bad-outcome.json`), a file that is not JSON (`syntax.json`) and a JSON
  /// file that is not a report (`other.json`).
  static func reports() throws -> URL {
    let folder = try CLI.temporaryFolder()
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let corpus = "Conformance/scenarios/login"
    _ = try CLI.run(["run", corpus, "--json", path("whole.json")])
    for index in 1...3 { _ = try CLI.run(["run", corpus, "--shard", "\(index)/3", "--json", path("s\(index).json")]) }
    _ = try CLI.run(["run", corpus, "--shard", "1/2", "--json", path("t1.json")])
    _ = try CLI.run([
      "run", corpus, "--shard", "2/3", "--json", path("k2.json"), "--harness", "fake=\(JobsCLITests.fake) good",
    ])
    func edit(_ name: String, into other: String, _ change: (inout [String: Any]) -> Void) throws {
      var object = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
      change(&object)
      try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent(other))
    }
    try edit("s2.json", into: "old.json") { $0["tool"] = ["name": "conformance", "version": "0.9.0"] }
    try edit("s3.json", into: "v2.json") { $0["version"] = 2 }
    try edit("s2.json", into: "s2-as-1.json") { object in
      var shard = object["shard"] as? [String: Any] ?? [:]
      shard["index"] = 1
      object["shard"] = shard
    }
    try edit("s2.json", into: "bad-outcome.json") { object in
      var results = object["results"] as? [[String: Any]] ?? []
      results[0]["outcome"] = 3
      object["results"] = results
    }
    try Data("{\"format\":\n".utf8).write(to: folder.appendingPathComponent("syntax.json"))
    try Data("{\"format\": \"something-else\"}\n".utf8).write(to: folder.appendingPathComponent("other.json"))
    return folder
  }

  @Test func everyBadInputIsRefusedWithWhatIsWrong() throws {
    let folder = try Self.reports()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [(arguments: [String], errors: [String])] = [
      (["missing.json"], ["error: missing.json: cannot read the file: No such file or directory"]),
      (["syntax.json"], ["error: syntax.json:2:1: invalid JSON: unexpected end of file; expected a value (at format)"]),
      (
        ["other.json"],
        ["error: other.json: format: expected \"udf-conformance-report\": this is not a conformance JSON report"]
      ),
      (["bad-outcome.json"], ["error: bad-outcome.json: results[0].outcome: expected a string, got 3"]),
      (
        ["whole.json"],
        [
          "error: 'whole.json' is the report of an unsharded run; merge-reports joins the --json reports of 'conformance run --shard <i>/<n>'"
        ]
      ),
      (
        ["s1.json", "whole.json", "s2.json", "s3.json"],
        [
          "error: 'whole.json' is the report of an unsharded run mixed with shards' reports; merge-reports joins the --json reports of 'conformance run --shard <i>/<n>'"
        ]
      ),
      (["s1.json", "s3.json"], ["error: shard 2 of 3 is missing; pass every shard's report"]),
      (["s2.json"], ["error: shards 1, 3 of 3 are missing; pass every shard's report"]),
      (
        ["s1.json", "s2.json", "s2.json", "s3.json"],
        [
          "error: shard 2/3 is given more than once: 's2.json', 's2.json'",
          "error: the reports overlap: 34 scenarios are in more than one report: "
            + "'login-dismiss-while-loading-cancels' (s2.json, s2.json), "
            + "'login-editing-while-loading-is-applied' (s2.json, s2.json), "
            + "'login-failure-then-successful-retry' (s2.json, s2.json), …",
        ]
      ),
      (
        ["s2-as-1.json", "s2.json", "s3.json"],
        [
          "error: the reports overlap: 34 scenarios are in more than one report: "
            + "'login-dismiss-while-loading-cancels' (s2-as-1.json, s2.json), "
            + "'login-editing-while-loading-is-applied' (s2-as-1.json, s2.json), "
            + "'login-failure-then-successful-retry' (s2-as-1.json, s2.json), …"
        ]
      ),
      (["s1.json", "t1.json"], ["error: 's1.json' and 't1.json' come from different runs: shard counts 3 and 2"]),
      (
        ["s1.json", "old.json", "s3.json"],
        ["error: 's1.json' and 'old.json' come from different runs: tool versions '1.0.0' and '0.9.0'"]
      ),
      (
        ["s1.json", "s2.json", "v2.json"],
        ["error: 's1.json' and 'v2.json' come from different runs: report format versions 1 and 2"]
      ),
      (
        ["s1.json", "k2.json", "s3.json"],
        ["error: 's1.json' and 'k2.json' come from different runs: implementations [swift] and [swift, fake]"]
      ),
      (
        ["s1.json", "s2.json", "s3.json", "--json", "s2.json"],
        ["error: '--json' names the input report 's2.json'; write the merged report to a file of its own"]
      ),
      (
        ["s1.json", "s2.json", "s3.json", "--format", "ndjson"],
        ["error: option '--format' takes 'text' or 'json', got 'ndjson'"]
      ),
      ([], ["error: give the JSON report of every shard (conformance run --shard <i>/<n> --json <file>)"]),
    ]
    for (arguments, errors) in cases {
      let result = try CLI.run(["merge-reports"] + arguments, in: folder)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stdout == "", "\(arguments)")
      #expect(Array(result.errorLines.prefix(errors.count)) == errors, "\(arguments)")
    }
    // Nothing was overwritten: the shards still merge.
    #expect(try CLI.run(["merge-reports", "s1.json", "s2.json", "s3.json"], in: folder).status == 0)
  }
}
