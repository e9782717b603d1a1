import Foundation
import Testing

/// The coverage sections of the HTML report, end to end: `run --html` shows what the run's scenarios cover, as
/// `conformance coverage` counts it, with each gap by name and every name from a manifest escaped; a merged page says
/// that coverage is not part of it.
@Suite("HTML report: coverage", .serialized)
struct HTMLCoverageCLITests {
  /// The page's section with this id, from its opening tag to its closing one.
  static func section(_ page: String, id: String) throws -> String {
    let start = try #require(page.range(of: "<section id=\"\(id)\">"), "no section '\(id)' in the page")
    let end = try #require(page.range(of: "</section>\n", range: start.upperBound..<page.endIndex))
    return String(page[start.lowerBound..<end.upperBound])
  }

  @Test func thePageShowsTheCoverageReportAsTablesWithTheGaps() throws {
    let folder = try CLI.temporaryFolder()
    let html = folder.appendingPathComponent("report.html")
    let result = try CLI.run(["run", "--html", html.path], in: CoverageCLITests.fixture)
    #expect(result.status == 0)
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(
      page.contains(
        "<nav><a href=\"#matrix\">Matrix</a> · <a href=\"#timings\">Timings</a> · <a href=\"#coverage\">Coverage</a>"
          + " · <a href=\"#coverage-gaps\">Coverage gaps</a></nav>"))
    // The numbers and gaps of `conformance coverage` on the same fixture (CoverageCLITests), from this run's traces.
    #expect(
      try Self.section(page, id: "coverage") == """
        <section id="coverage"><h2>Coverage</h2>
        <p>What this run&#39;s scenarios test, counted as &#39;conformance coverage&#39; counts them: per feature and \
        category, the items each implementation&#39;s runs covered (— where it ran none of the feature&#39;s \
        scenarios). Coverage: swift 71.4% (10 of 14 items).</p>
        <table class="list"><thead><tr><th>Feature</th><th>Category</th><th>swift</th></tr></thead><tbody>
        <tr><td>timer</td><td>actions</td><td>3/4 75.0%</td></tr>
        <tr><td>timer</td><td>effects</td><td class="o o-passed">2/2 100.0%</td></tr>
        <tr><td>timer</td><td>state</td><td>1/2 50.0%</td></tr>
        <tr><td>timer</td><td>changes</td><td class="o o-passed">2/2 100.0%</td></tr>
        <tr><td>timer</td><td>rules</td><td>2/4 50.0%</td></tr>
        <tr><td>timer</td><td>transitions (not in the total)</td><td>3/16 18.7%</td></tr>
        <tr><td>timer</td><td>total</td><td>10/14 71.4%</td></tr>
        </tbody></table>
        </section>

        """)
    let gaps = try Self.section(page, id: "coverage-gaps")
    let row = { (file: String, item: String) in
      "<tr><td>timer</td><td>Conformance/features/\(file)</td><td>\(item)</td><td>none</td><td>swift</td></tr>"
    }
    #expect(
      gaps.split(separator: "\n").filter { $0.hasPrefix("<tr><td>") }.map(String.init) == [
        row("timer.json", "actions.resetTapped"), row("timer.json", "state.seconds (no step asserts it)"),
        row("timer.md", "T3"), row("timer.md", "T4"),
        row("timer.json", "transitions: never after resetTapped: resetTapped, startTapped, stopTapped, tick"),
        row("timer.json", "transitions: never after startTapped: resetTapped, startTapped"),
        row("timer.json", "transitions: never after stopTapped: resetTapped, startTapped, stopTapped, tick"),
        row("timer.json", "transitions: never after tick: resetTapped, startTapped, stopTapped"),
      ])
  }

  /// Without the only scenario that taps a message, the inbox's messageTapped action, openMessage event and rule IB6
  /// are gaps on the page, by name; with it, they are not.
  @Test func aPlantedGapShowsByNameInThePage() throws {
    let rows = [
      "<tr><td>inbox</td><td>Conformance/features/inbox.json</td><td>actions.messageTapped</td><td>none</td><td>swift</td></tr>",
      "<tr><td>inbox</td><td>Conformance/features/inbox.json</td><td>events.openMessage</td><td>none</td><td>swift</td></tr>",
      "<tr><td>inbox</td><td>Conformance/features/inbox.md</td><td>IB6</td><td>none</td><td>swift</td></tr>",
    ]
    let folder = try CLI.temporaryFolder()
    let whole = folder.appendingPathComponent("whole.html")
    #expect(try CLI.run(["run", "Conformance/scenarios/inbox", "--html", whole.path]).status == 0)
    let wholeGaps = try Self.section(try String(contentsOf: whole, encoding: .utf8), id: "coverage-gaps")
    #expect(rows.allSatisfy { !wholeGaps.contains($0) })
    let workspace = try CoverageCLITests.copyOfTheBundledCorpus(
      feature: "inbox", without: "inbox-runtime-tap-opens-the-message-once.json")
    let planted = folder.appendingPathComponent("planted.html")
    #expect(try CLI.run(["run", "--html", planted.path], in: workspace).status == 0)
    let gaps = try Self.section(try String(contentsOf: planted, encoding: .utf8), id: "coverage-gaps")
    for row in rows { #expect(gaps.contains(row), "missing: \(row)") }
  }

  /// An enum value is a name a manifest gives (an action's or effect's field's case) and reaches the gaps as part of
  /// an item's path; markup in it stays text.
  @Test func markupInAManifestNameStaysText() throws {
    let workspace = try CoverageCLITests.copyOfTheBundledCorpus(
      feature: "timer", without: "timer-tick-counts-a-second.json")
    let manifest = workspace.appendingPathComponent("Conformance/features/timer.json")
    var text = try String(contentsOf: manifest, encoding: .utf8)
    let field = #""fields": {"id": {"type": "string"}}"#
    try #require(text.contains(field), "the timer manifest's cancel effect has changed; update this test")
    text = text.replacingOccurrences(
      of: field, with: #""fields": {"id": {"type": "string", "enum": ["timer", "<script>alert(1)</script>"]}}"#)
    try Data(text.utf8).write(to: manifest)
    let html = workspace.appendingPathComponent("report.html")
    let result = try CLI.run(["run", "--html", html.path], in: workspace)
    #expect(result.status == 0, "\(result.stderr)")
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(page.components(separatedBy: "<script").count == 2)
    #expect(
      try Self.section(page, id: "coverage-gaps").contains(
        "<td>effects.cancel.id[&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;]</td><td>none</td>"))
  }

  /// The shards' JSON reports do not carry coverage, so the merged page says where to get it rather than show a
  /// table that would count nothing.
  @Test func aMergedPageSaysCoverageIsNotPartOfIt() throws {
    let folder = try CLI.temporaryFolder()
    var reports: [String] = []
    for index in 1...2 {
      reports.append(folder.appendingPathComponent("shard-\(index).json").path)
      let shard = try CLI.run([
        "run", "Conformance/scenarios/timer", "--shard", "\(index)/2", "--json", reports[index - 1],
      ])
      #expect(shard.status == 0)
    }
    let html = folder.appendingPathComponent("merged.html")
    #expect(try CLI.run(["merge-reports"] + reports + ["--html", html.path]).status == 0)
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(
      try Self.section(page, id: "coverage") == """
        <section id="coverage"><h2>Coverage</h2>
        <p>Coverage is not part of a merged report: the shards&#39; JSON reports do not carry what their scenarios \
        covered. Run &#39;conformance coverage&#39; over the whole corpus for it (or &#39;conformance coverage --shard \
        &lt;i&gt;/&lt;n&gt;&#39; for one shard&#39;s), or open the page each shard&#39;s &#39;conformance run \
        --html&#39; wrote.</p>
        </section>

        """)
    #expect(!page.contains("coverage-gaps"))
    // The shards ran side by side: the time shown is the slowest shard's, and said to be.
    #expect(page.contains("<p>The slowest shard took "))
    #expect(!page.contains("<p>The run took "))
  }
}
