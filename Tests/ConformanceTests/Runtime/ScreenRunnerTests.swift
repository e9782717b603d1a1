import Foundation
import Testing

@testable import Conformance

/// Format v1.3 end to end: the `feed` fixture's scenarios through the runner and a harness process
/// (Fixtures/harnesses/feed-harness.py, a small runtime in Python) that replies with `start` and `events`; the text
/// report verbatim, for a correct harness and for the mutants the scenarios must catch.
@Suite("Runtime runner (format v1.3): start and events through a harness process")
struct ScreenRunnerTests {
  static let harnesses = TestPaths.fixtures.appendingPathComponent("harnesses")

  /// The text report of the fixture's scenarios run against `feed-harness.py MODE`.
  static func report(_ mode: String) async -> [String] {
    let harness = ProcessImplementation(
      configuration: HarnessConfiguration(
        name: "feed", command: ["./feed-harness.py", mode], workingDirectory: harnesses))
    var lines: [String] = []
    let reporter = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { lines.append($0) })
    let runner = ConformanceRunner(implementations: [harness], loader: FeedFixtures.loader)
    let files = TestPaths.jsonFiles(in: FeedFixtures.scenarios).map {
      ScenarioFile(url: $0, displayName: "feed/" + $0.lastPathComponent)
    }
    _ = await runner.run(files: files) { reporter.handle($0) }
    await harness.shutdown()
    // The timing line is the only one that varies.
    return lines.filter { !$0.hasPrefix("Ran ") }
  }

  /// What the non-exhaustive stream scenario leaves unchecked, with the call at creation it does not name.
  static let streamNotChecked = [
    "✓ feed-stream-completes",
    "    not checked (non-exhaustive):",
    "      start: calls[0] loadHeader({})",
    "      step 1: state.header, state.items",
    "      step 2: state.header",
    "      step 3: state.header, state.items, at the end: the 1st call at creation (loadHeader) is still pending (not "
      + "checked: the scenario is non-exhaustive)",
    "",
  ]

  @Test func aCorrectHarnessPassesEveryScenario() async {
    #expect(
      await Self.report("good")
        == [
          "Implementation 'feed': Python 1.0", "✓ feed-appear-collects-items-and-taps-open-once",
          "✓ feed-start-loads-the-header",
        ] + Self.streamNotChecked + ["3 passed, 0 failed"])
  }

  @Test func aHarnessWithoutStartFailsTheCallAtCreation() async {
    #expect(
      await Self.report("no-start") == [
        "Implementation 'feed': Python 1.0",
        "✗ feed-appear-collects-items-and-taps-open-once (failed)",
        "    file: feed/feed-appear-collects-items-and-taps-open-once.json",
        "    start (creation)",
        "      expected 1 call (h1: loadHeader({})), got none",
        "    step 1 of 5: respond h1 (result)",
        "      responds to call h1 (loadHeader), which the implementation never started",
        "✗ feed-start-loads-the-header (failed)",
        "    file: feed/feed-start-loads-the-header.json",
        "    start (creation)",
        "      expected 1 call (h1: loadHeader({})), got none",
        "    step 1 of 1: respond h1 (result)",
        "      responds to call h1 (loadHeader), which the implementation never started",
        "✓ feed-stream-completes",
        "    not checked (non-exhaustive):",
        "      step 1: state.header, state.items",
        "      step 2: state.header",
        "      step 3: state.header, state.items",
        "",
        "1 passed, 2 failed",
      ])
  }

  @Test func aHarnessWithoutEventsPassesWithTheStepNotApplicable() async {
    let report = await Self.report("no-events")
    #expect(
      report
        == ["Implementation 'feed': Python 1.0", "✓ feed-appear-collects-items-and-taps-open-once", "    not checked:"]
        + ["start", "step 1", "step 2", "step 3", "step 4", "step 5"].map(Self.eventsNotApplicable)
        + ["✓ feed-start-loads-the-header", "    not checked:"] + ["start", "step 1"].map(Self.eventsNotApplicable)
        + Self.streamNotChecked + ["3 passed, 0 failed"])
  }

  /// The line of an exhaustive step whose events a harness that reports none cannot check, given or not.
  static func eventsNotApplicable(_ step: String) -> String {
    "      \(step): events (not applicable: the implementation reports no events)"
  }

  @Test func anEventSentTwiceFailsItsStepWithADiff() async {
    #expect(
      await Self.report("sends-open-twice")
        == [
          "Implementation 'feed': Python 1.0",
          "✗ feed-appear-collects-items-and-taps-open-once (failed)",
          "    file: feed/feed-appear-collects-items-and-taps-open-once.json",
          "    step 4 of 5: send itemTapped",
          "      events: expected 1 event (openItem), got 2 (openItem, openItem)",
          "",
          "      Events during step 4:",
          "        [",
          #"      +   {"id":"a","type":"openItem"},"#,
          #"          {"id":"a","type":"openItem"}"#,
          "        ]",
          "      (- expected, + actual)",
          "✓ feed-start-loads-the-header",
        ] + Self.streamNotChecked + ["2 passed, 1 failed"])
  }

  @Test func aStreamStillCollectedAfterDisappearFails() async {
    #expect(
      await Self.report("keeps-collecting")
        == [
          "Implementation 'feed': Python 1.0",
          "✗ feed-appear-collects-items-and-taps-open-once (failed)",
          "    file: feed/feed-appear-collects-items-and-taps-open-once.json",
          "    step 5 of 5: screen disappear",
          "      expected call o1 (observeItems) to be cancelled, but it was not",
          "    at the end: call o1 (observeItems) is still pending",
          "✓ feed-start-loads-the-header",
        ] + Self.streamNotChecked + ["2 passed, 1 failed"])
  }
}
