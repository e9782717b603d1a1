import Foundation
import Testing

@testable import Conformance

/// Harness protocol §2.5.7 (format v1.3): the new step kinds on the wire, step-0 call references, the optional
/// `start` entry of a runtime trace reply, and `events` under the hello reply's `reports`.
@Suite("Harness protocol (format v1.3): screen, emit and complete steps, start entries and events")
struct ScreenProtocolTests {
  static func decode(_ line: String, steps: Int = 1) -> Result<Observation, HarnessCodec.Violation> {
    HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: steps, level: .runtime)
  }

  @Test func newStepKindsHaveTheirProtocolFormAndReadBack() throws {
    let steps: [RuntimeStep] = [
      .screen(.appear), .emit(CallReference(step: 1, index: 1), ["a"]),
      .respond(CallReference(step: 1, index: 1), .complete), .respond(CallReference(step: 0, index: 1), .result(1)),
      .screen(.disappear),
    ]
    #expect(
      steps.map { JSONRenderer.compact(HarnessCodec.encode($0)) } == [
        #"{"screen":"appear"}"#, #"{"emit":{"call":{"index":1,"step":1},"value":["a"]}}"#,
        #"{"respond":{"call":{"index":1,"step":1},"complete":true}}"#,
        #"{"respond":{"call":{"index":1,"step":0},"result":1}}"#, #"{"screen":"disappear"}"#,
      ])
    var issues = IssueList()
    let decoded = steps.map { HarnessCodec.decodeStep(HarnessCodec.encode($0), at: .root, issues: &issues) }
    #expect(decoded == steps)
    #expect(issues.isEmpty)
  }

  @Test(arguments: [
    (#"{"screen":"apear"}"#, #"screen: expected "appear" or "disappear", got string"#),
    (#"{"emit":{"call":{"step":1,"index":1}}}"#, "emit: missing required key 'value'"),
    (#"{"respond":{"call":{"step":1,"index":1},"complete":false}}"#, "respond.complete: expected true, got boolean"),
    (
      #"{"respond":{"call":{"step":1,"index":1},"result":1,"complete":true}}"#,
      "respond: needs exactly one of 'result', 'error' or 'complete', got 'result' and 'complete'"
    ),
    (
      #"{"wait":1}"#,
      "unknown key 'wait' of a runtime step (known: advance, clear, emit, respond, screen, send)"
    ),
  ])
  func aBadNewStepIsNamedAtItsPath(step: String, message: String) throws {
    var issues = IssueList()
    #expect(HarnessCodec.decodeStep(try JSONParser().parse(step), at: .root, issues: &issues) == nil)
    #expect(issues.items.map { $0.path.components.isEmpty ? $0.message : "\($0.path): \($0.message)" } == [message])
  }

  @Test func aReplyMayCarryTheCreationEntryWithEvents() throws {
    let line =
      #"{"seq":3,"start":{"state":{"n":0},"calls":[{"dependency":"loadHeader","arguments":{}}],"cancelled":[],"events":[]},"trace":[{"state":{"n":1},"calls":[],"cancelled":[{"step":0,"index":1}],"events":[{"type":"openItem","id":"a"}]}]}"#
    let observation = try Self.decode(line).get()
    guard case .trace(let trace, let start) = observation else {
      Issue.record("expected a trace")
      return
    }
    #expect(start?.calls == [DependencyCall(dependency: "loadHeader", arguments: [:])])
    #expect(trace[0].cancelled == [CallReference(step: 0, index: 1)])
    #expect(trace[0].events == [["type": "openItem", "id": "a"]])
    #expect(HarnessCodec.checkReports(observation, declared: [.events]) == .success(observation))
    #expect(
      HarnessCodec.checkReports(observation, declared: [])
        == .failure(
          HarnessCodec.Violation(message: "start.events: not declared in the hello reply's 'reports' for this feature"))
    )
  }

  @Test(arguments: [
    (
      #"{"seq":3,"trace":[{"state":{},"calls":[],"cancelled":[{"step":0,"index":1}]}]}"#,
      "trace[0].cancelled[0]: call 0.1 never started: the creation started 0 calls"
    ),
    (
      #"{"seq":3,"start":{"state":{}},"trace":[{"state":{},"calls":[],"cancelled":[]}]}"#,
      "start: missing required key 'calls'; start: missing required key 'cancelled'"
    ),
    (
      #"{"seq":3,"start":{"state":{},"calls":[],"cancelled":[]},"errored":{"step":1,"message":"x"}}"#,
      "start: only a runtime-level 'trace' reply carries 'start' (the entry for creation)"
    ),
    (
      #"{"seq":3,"trace":[{"state":{},"calls":[],"cancelled":[],"events":{}}]}"#,
      "trace[0].events: expected an array of events, got object"
    ),
  ])
  func aBrokenStartOrEventsIsAViolation(line: String, message: String) {
    #expect(Self.decode(line) == .failure(HarnessCodec.Violation(message: message)))
  }

  @Test func helloAcceptsEvents() throws {
    let hello =
      #"{"protocol":1,"implementation":{"name":"k","language":"Kotlin","version":"1"},"features":{"feed":{"initialState":{},"levels":["runtime"],"reports":["events"]}}}"#
    #expect(try HarnessCodec.decodeHello(Data(hello.utf8)).get().reports["feed"] == [.events])
  }

  @Test func theSwiftHarnessSendsTheCreationEntryItIsGiven() {
    let start = TraceEntry(state: [:], calls: [DependencyCall(dependency: "d", arguments: [:])], cancelled: [])
    #expect(
      JSONRenderer.compact(HarnessCodec.encodeRuntime(start))
        == #"{"calls":[{"arguments":{},"dependency":"d"}],"cancelled":[],"state":{}}"#)
  }
}
