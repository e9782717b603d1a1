import Testing

@testable import Conformance

/// `record` and the creation (format v1.3, §16.2): what the runtime did when created is written as the file's
/// `start`, its calls named like any other, and a `start` that the implementation contradicts is a difference.
@Suite("Recording the creation as start")
struct RecordStartTests {
  static func document(start: JSONValue? = nil) -> JSONValue {
    let base: JSONValue = [
      "id": "feed-x", "feature": "feed", "level": "runtime", "description": "d", "steps": [["advance": 1]],
    ]
    guard let start, var object = base.objectValue else { return base }
    object["start"] = start
    return .object(object)
  }

  static func record(_ document: JSONValue, start: TraceEntry, update: Bool = false) throws -> ScenarioRecording {
    let scenario = try FeedFixtures.loader.load(document, file: "feed-x.json").get()
    let trace = [TraceEntry(state: start.state, calls: [], cancelled: [], events: [])]
    return ScenarioRecording(document: document, scenario: scenario, trace: trace, start: start, update: update)
  }

  static let calling = TraceEntry(
    state: ["header": .null, "items": []], calls: [FeedFixtures.header], cancelled: [], events: [])

  @Test func aCallAtCreationIsWrittenAsStartAndNotedAsPending() throws {
    let recording = try Self.record(Self.document(), start: Self.calling)
    #expect(recording.filled == 1)
    #expect(
      recording.document["start"]
        == ["expect": ["calls": [["call": "a1", "dependency": "loadHeader", "arguments": [:]]]]])
    #expect(recording.pendingCalls == ["a1 (loadHeader)"])
  }

  @Test func aStartTheImplementationContradictsIsADifference() throws {
    let written: JSONValue = ["expect": ["changes": ["header": "x"]]]
    let recording = try Self.record(Self.document(start: written), start: Self.calling)
    #expect(recording.differences.map(\.stepIndex) == [-1])
    #expect(recording.document["start"] == written)
  }

  @Test func aQuietCreationWritesNoStart() throws {
    let quiet = TraceEntry(state: ["header": .null, "items": []], calls: [], cancelled: [], events: [])
    let recording = try Self.record(Self.document(), start: quiet)
    #expect(recording.document["start"] == nil)
    #expect(!recording.changed)
  }
}
