import Foundation
import Testing

@testable import Conformance

/// Judging format v1.3 traces (Conformance/README.md §16): the creation as step 0 (`start (creation)`), one-off events
/// on the received-actions path, and stream calls in the end-of-scenario pending check; the report text verbatim.
@Suite("Runtime judge (format v1.3): the creation as step 0, events, and pending streams")
struct ScreenJudgeTests {
  typealias F = FeedFixtures

  static let steps = [
    #"{"respond": {"call": "h1", "result": "Hi"}, "expect": {"changes": {"header": "Hi"}}}"#, F.appear,
    #"{"emit": {"call": "o1", "value": ["a"]}, "expect": {"changes": {"items": ["a"]}}}"#,
    #"{"send": {"type": "itemTapped", "id": "a"}, "expect": {"events": [{"type": "openItem", "id": "a"}]}}"#,
    F.disappear,
  ].joined(separator: ",")

  static func entry(_ header: JSONValue = "Hi", items: JSONValue = ["a"], events: [JSONValue]? = []) -> TraceEntry {
    TraceEntry(state: ["header": header, "items": items], calls: [], cancelled: [], events: events)
  }

  /// What a correct implementation reports for ``steps``, with `events` at the tap (step 4).
  static func trace(tapEvents: [JSONValue]? = [["type": "openItem", "id": "a"]]) -> [TraceEntry] {
    let quiet: [JSONValue]? = tapEvents == nil ? nil : []
    var appeared = entry(items: [], events: quiet)
    appeared.calls = [F.items]
    var disappeared = entry(events: quiet)
    disappeared.cancelled = [CallReference(step: 2, index: 1)]
    return [entry(items: [], events: quiet), appeared, entry(events: quiet), entry(events: tapEvents), disappeared]
  }

  static let start = TraceEntry(
    state: ["header": .null, "items": []], calls: [F.header], cancelled: [], events: [])

  static func judge(_ scenario: Scenario, _ trace: [TraceEntry], start: TraceEntry?) -> (Outcome, [String]) {
    ScenarioJudge.judge(scenario, observation: .trace(trace, start: start))
  }

  static func lines(_ outcome: Outcome) -> [String] {
    VerdictText.details(outcome, indent: "", style: .plain)
  }

  @Test func aCorrectTraceWithItsCreationPasses() throws {
    let scenario = try #require(F.scenario(Self.steps, start: F.startCallsHeader))
    let (outcome, notChecked) = Self.judge(scenario, Self.trace(), start: Self.start)
    #expect(VerdictText.headline(outcome) == "passed")
    #expect(notChecked == [])
  }

  @Test func aCallAtCreationThatTheScenarioDoesNotExpectFailsAtStart() throws {
    let scenario = try #require(F.scenario(#"{"advance": 1}"#))
    let (outcome, _) = Self.judge(scenario, [Self.entry(.null, items: [])], start: Self.start)
    #expect(
      VerdictText.headline(outcome) == "start (creation): expected no call, got 1: loadHeader({})")
    #expect(
      Self.lines(outcome) == [
        "start (creation)",
        "  expected no call, got 1: loadHeader({})",
        "at the end: the 1st call at creation (loadHeader) is still pending",
      ])
  }

  @Test func aHarnessWithoutStartReadsAsNoCallsAtCreation() throws {
    let scenario = try #require(F.scenario(Self.steps, start: F.startCallsHeader))
    let (outcome, _) = Self.judge(scenario, Self.trace(), start: nil)
    #expect(
      Self.lines(outcome) == [
        "start (creation)",
        #"  expected 1 call (h1: loadHeader({})), got none"#,
        "step 1 of 5: respond h1 (result)",
        "  responds to call h1 (loadHeader), which the implementation never started",
      ])
  }

  @Test func aWrongEventIsADiffUnderItsStep() throws {
    let scenario = try #require(F.scenario(Self.steps, start: F.startCallsHeader))
    let twice: [JSONValue] = [["type": "openItem", "id": "a"], ["type": "openItem", "id": "a"]]
    let (outcome, _) = Self.judge(scenario, Self.trace(tapEvents: twice), start: Self.start)
    #expect(
      Self.lines(outcome) == [
        "step 4 of 5: send itemTapped",
        "  events: expected 1 event (openItem), got 2 (openItem, openItem)",
        "",
        "  Events during step 4:",
        "    [",
        #"  +   {"id":"a","type":"openItem"},"#,
        #"      {"id":"a","type":"openItem"}"#,
        "    ]",
        "  (- expected, + actual)",
      ])
  }

  @Test func eventsAreNotApplicableForAnImplementationThatDoesNotReportThem() throws {
    let scenario = try #require(F.scenario(Self.steps, start: F.startCallsHeader))
    var start = Self.start
    start.events = nil
    let (outcome, notChecked) = Self.judge(scenario, Self.trace(tapEvents: nil), start: start)
    #expect(VerdictText.headline(outcome) == "passed")
    // Every step, the creation included: an exhaustive step that gives no `events` expects none, unchecked too.
    let all = ["start", "step 1", "step 2", "step 3", "step 4", "step 5"]
    #expect(notChecked == all.map { "\($0): events (not applicable: the implementation reports no events)" })
  }

  @Test func aStreamStillCollectedAtTheEndIsPending() throws {
    let scenario = try #require(F.scenario(F.appear))
    var appeared = Self.entry(.null, items: [])
    appeared.calls = [F.items]
    let (outcome, _) = Self.judge(scenario, [appeared], start: nil)
    #expect(Self.lines(outcome) == ["at the end: call o1 (observeItems) is still pending"])
  }
}
