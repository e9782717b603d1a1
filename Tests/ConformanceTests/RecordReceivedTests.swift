import Testing

@testable import Conformance

/// `record` from an implementation that reports no received actions (format v1.2, §14.1): it has nothing to say about
/// them, so the file's `received` is neither called different nor removed, and received checking stays on for the
/// implementations that report them.
@Suite("Recording from an implementation without received actions")
struct RecordReceivedTests {
  static let document: JSONValue = [
    "id": "login-runtime-x", "feature": "login", "level": "runtime", "description": "d",
    "steps": [
      [
        "send": ["type": "emailChanged", "value": "a@b.c"],
        "expect": [
          "changes": ["email": "a@b.c"],
          "received": [["type": "loginResponse", "result": ["type": "success", "userId": "u1"]]],
        ],
      ]
    ],
  ]

  static func record(update: Bool) throws -> ScenarioRecording {
    let scenario = try ScenarioLoader(manifests: TestPaths.manifests).load(document, file: "login-runtime-x.json").get()
    let state = scenario.initialState.merging(["email": "a@b.c"])
    // As kotlin-viewmodel reports it: the state, no calls, and no `received` at all.
    let trace = [TraceEntry(state: state, calls: [], cancelled: [])]
    return ScenarioRecording(document: document, scenario: scenario, trace: trace, update: update)
  }

  @Test func theFileIsNotCalledDifferent() throws {
    let recording = try Self.record(update: false)
    #expect(recording.differences.isEmpty)
    #expect(recording.document == Self.document)
  }

  @Test func updatingKeepsTheReceivedActions() throws {
    let recording = try Self.record(update: true)
    let received = { (document: JSONValue) in document["steps"]?.arrayValue?.first?["expect"]?["received"] }
    #expect(received(recording.document) != nil)
    #expect(received(recording.document) == received(Self.document))
  }
}
