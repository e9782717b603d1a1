import Testing

@testable import Conformance

/// `record` and one-off events (format v1.3, §16.3): a feature that declares events gets each step's events written
/// from an implementation that reports them, and an implementation that does not report them leaves the file's as
/// written.
@Suite("Recording one-off events")
struct RecordEventsTests {
  static let document: JSONValue = [
    "id": "feed-x", "feature": "feed", "level": "runtime", "description": "d",
    "steps": [
      ["send": ["type": "itemTapped", "id": "a"]],
      ["send": ["type": "itemTapped", "id": "b"], "expect": ["events": [["type": "openItem", "id": "b"]]]],
    ],
  ]

  static func record(events: [[JSONValue]]?, update: Bool) throws -> ScenarioRecording {
    let scenario = try FeedFixtures.loader.load(document, file: "feed-x.json").get()
    let trace = (0..<2).map { index in
      TraceEntry(state: scenario.initialState, calls: [], cancelled: [], events: events?[index])
    }
    return ScenarioRecording(document: document, scenario: scenario, trace: trace, update: update)
  }

  static func events(_ recording: ScenarioRecording, step: Int) -> JSONValue? {
    recording.document["steps"]?.arrayValue?[step]["expect"]?["events"]
  }

  @Test func eventsAreWrittenFromAnImplementationThatReportsThem() throws {
    let recording = try Self.record(
      events: [[["type": "openItem", "id": "a"]], [["type": "openItem", "id": "b"]]], update: false)
    #expect(recording.differences.isEmpty)
    #expect(recording.filled == 1)
    #expect(Self.events(recording, step: 0) == [["type": "openItem", "id": "a"]])
  }

  @Test func differingEventsAreADifferenceAtTheirPath() throws {
    let recording = try Self.record(events: [[], []], update: false)
    #expect(recording.differences == [ScenarioRecording.Difference(stepIndex: 1, paths: ["events[0]"])])
  }

  @Test func anImplementationWithoutEventsLeavesThemAsWritten() throws {
    let recording = try Self.record(events: nil, update: true)
    #expect(recording.differences.isEmpty)
    #expect(Self.events(recording, step: 1) == [["type": "openItem", "id": "b"]])
  }
}
