import Foundation
import Testing

/// Format v1.3 where a user sees it: `conformance validate` on the `feed` fixture workspace
/// (Tests/ConformanceTests/Fixtures/v13), and `conformance run` of its scenarios on a harness process that replies
/// with `start` and `events` (Fixtures/harnesses/feed-harness.py).
@Suite("CLI (format v1.3): validating screens, start, events and streams; the creation as step 0 in reports")
struct ScreenCLITests {
  static let workspace = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/v13")

  @Test func validateNamesEveryV13MistakeAtItsPath() throws {
    let file = "invalid/feed-every-v13-mistake.json"
    let result = try CLI.run(["validate", file], in: Self.workspace)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(file): steps[0].screen: the screen is not showing (it does not show when the runtime is created); add an 'appear' step before it",
        "error: \(file): steps[2].screen: the screen is already showing (appeared at step 2); add a 'disappear' step before it",
        "error: \(file): steps[3].emit.call: call 'h1' goes to 'loadHeader', which returns a result, not a stream; answer it with respond",
        "error: \(file): steps[4].respond.result: call 'o1' goes to 'observeItems', which is a stream dependency (emits array of string); send its elements with emit, and end it with 'complete' or 'error'",
        "error: \(file): steps[5].respond.complete: call 'h1' goes to 'loadHeader', which returns a result, not a stream; only a stream dependency (emits) completes",
        "error: \(file): steps[6].expect.events[0].type: unknown event 'openItm'; did you mean 'openItem'? (the feed manifest defines: openItem)",
      ])
    #expect(result.lines == ["1 file invalid, 0 valid"])
  }

  @Test func validateAcceptsTheFixtureScenarios() throws {
    let result = try CLI.run(["validate", "Conformance/scenarios/feed"], in: Self.workspace)
    #expect(result.status == 0, "\(result.errorLines)")
    #expect(result.lines == ["3 files valid (3 scenarios)"])
  }

  @Test func theJSONReportGivesTheCreationAsStep0() throws {
    let result = try CLI.run(
      [
        "run", "Conformance/scenarios/feed", "--harness", "feed=../harnesses/feed-harness.py no-start", "--impl",
        "feed", "--format", "json",
      ], in: Self.workspace)
    #expect(result.status == 1, "\(result.errorLines)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    let failure = try #require(results.first?["failure"] as? [String: Any])
    #expect(failure["step"] as? Int == 0)
    #expect(failure["action"] as? [String: [String: String]] == ["start": [:]])
    #expect(failure["message"] as? String == "expected 1 call (h1: loadHeader({})), got none")
    let later = try #require((failure["laterSteps"] as? [[String: Any]])?.first)
    #expect(later["step"] as? Int == 1)
  }

  @Test func implementationsThatDifferAtCreationDivergeAtStart() throws {
    let result = try CLI.run(
      [
        "run", "Conformance/scenarios/feed/feed-start-loads-the-header.json", "--harness",
        "good=../harnesses/feed-harness.py good", "--harness", "old=../harnesses/feed-harness.py no-start", "--impl",
        "good", "--impl", "old",
      ], in: Self.workspace)
    #expect(result.status == 1, "\(result.errorLines)")
    #expect(
      result.lines.filter { !$0.hasPrefix("Ran ") } == [
        "good            old             scenario",
        "passed          failed          feed-start-loads-the-header (divergence)",
        "    file: Conformance/scenarios/feed/feed-start-loads-the-header.json",
        "    old: start (creation)",
        "      expected 1 call (h1: loadHeader({})), got none",
        "    step 1 of 1: respond h1 (result)",
        "      responds to call h1 (loadHeader), which the implementation never started",
        "    divergence at start (creation)",
        "      calls",
        #"        expected:  [{"arguments":{},"call":"h1","dependency":"loadHeader"}]"#,
        #"        good:      [{"arguments":{},"call":"h1","dependency":"loadHeader"}]"#,
        "        old:       []",
        "",
        "good: 1 passed",
        "old: 1 failed",
        "1 divergence between implementations",
        "1 passed, 1 failed, 1 divergence",
      ])
  }
}
