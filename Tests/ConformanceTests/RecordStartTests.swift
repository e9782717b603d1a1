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

/// `record` resolving a `respond` to a call the creation started (format v1.3): the file need not declare it, as for
/// the calls of steps.
@Suite("Resolving a respond to a call made at creation")
struct ResolveCreationCallTests {
  /// A harness whose runtime calls `loadHeader` when created, and nothing else.
  struct CallsAtCreation: Implementation {
    let name = "creates"
    var intendedLevels: Set<ScenarioLevel>? { nil }
    var intendedFeatures: Set<String>? { nil }
    func start() async throws(ImplementationStartError) -> ImplementationInfo {
      ImplementationInfo(name: name, language: "Test", version: "1", features: [:])
    }
    func run(_ request: RunRequest) async -> Observation {
      let quiet = TraceEntry(state: ["header": .null, "items": []], calls: [], cancelled: [], events: [])
      return .trace(Array(repeating: quiet, count: request.steps.count), start: RecordStartTests.calling)
    }
    func shutdown() async {}
  }

  @Test func aRespondAtTheFirstStepNamesTheCallTheCreationStarted() async throws {
    var loader = FeedFixtures.loader
    loader.acceptsUndeclaredResponses = true
    let document: JSONValue = [
      "id": "feed-x", "feature": "feed", "level": "runtime", "description": "d",
      "steps": [["respond": ["call": "a1", "result": "Hi"]]],
    ]
    let scenario = try loader.load(document, file: "feed-x.json").get()
    let resolved = await ResponseResolution.resolve(scenario, on: CallsAtCreation())
    #expect(resolved == .success(["a1": CallReference(step: 0, index: 1)]))
  }
}
