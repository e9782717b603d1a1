import Foundation
import Testing

/// Every report of a shard's run says it is a shard, so that no part reads as the whole run: the text report's timing
/// line, the step summary's heading, the HTML page's title and heading and the JUnit `testsuites` name. The merged run
/// is the whole run, and its reports say nothing of shards.
@Suite("conformance run --shard: every report says it is a shard", .serialized)
struct ShardTitlesCLITests {
  /// The reports of one run written to `folder`: the text report's lines, the step summary, the page and the JUnit.
  static func reports(_ arguments: [String], in folder: URL, named name: String) throws -> (
    status: Int32, lines: [String], summary: String, html: String, junit: String
  ) {
    func file(_ suffix: String) -> URL { folder.appendingPathComponent(name + suffix) }
    let result = try CLI.run(
      arguments + [
        "--summary", file(".md").path, "--html", file(".html").path, "--junit", file(".xml").path,
      ])
    return (
      result.status, result.lines, try String(contentsOf: file(".md"), encoding: .utf8),
      try String(contentsOf: file(".html"), encoding: .utf8), try String(contentsOf: file(".xml"), encoding: .utf8)
    )
  }

  @Test func aShardsReportsEachSayWhichShardOfHowManyFiles() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shard = try Self.reports(
      ["run", "--shard", "1/3", "Conformance/scenarios/timer"], in: folder, named: "shard")
    #expect(shard.status == 0)
    let timing = try #require(shard.lines.first { $0.hasPrefix("Ran ") })
    #expect(timing.hasPrefix("Ran 2 scenarios (10 steps) in "))
    #expect(timing.hasSuffix(" s (shard 1/3 of 12 files)"))
    #expect(
      shard.summary.hasPrefix(
        "<!-- udf-conformance step summary -->\n## Conformance (shard 1/3 of 12 files): 2 passed, 0 failed\n"))
    #expect(shard.html.contains("<title>Conformance (shard 1/3 of 12 files): 2 passed, 0 failed</title>"))
    #expect(shard.html.contains("<h1>Conformance (shard 1/3 of 12 files): passed</h1>"))
    #expect(shard.junit.contains("<testsuites name=\"conformance (shard 1/3 of 12 files)\" tests=\"2\""))
  }

  @Test func theMergedRunsReportsSayNothingOfShards() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var inputs: [String] = []
    for index in 1...3 {
      let json = folder.appendingPathComponent("s\(index).json").path
      #expect(
        try CLI.run(["run", "--shard", "\(index)/3", "--json", json, "Conformance/scenarios/timer"]).status == 0)
      inputs.append(json)
    }
    let merged = try Self.reports(["merge-reports"] + inputs, in: folder, named: "merged")
    let whole = try Self.reports(["run", "Conformance/scenarios/timer"], in: folder, named: "whole")
    #expect(merged.status == 0)
    let timing = try #require(merged.lines.first { $0.hasPrefix("Ran ") })
    #expect(timing.hasPrefix("Ran 12 scenarios (44 steps) in "))
    #expect(timing.hasSuffix(" s"))
    for report in [merged, whole] {
      #expect(report.summary.hasPrefix("<!-- udf-conformance step summary -->\n## Conformance: 12 passed, 0 failed\n"))
      #expect(report.html.contains("<title>Conformance: 12 passed, 0 failed</title>"))
      #expect(report.html.contains("<h1>Conformance: passed</h1>"))
      #expect(report.junit.contains("<testsuites name=\"conformance\" tests=\"12\""))
    }
  }
}
