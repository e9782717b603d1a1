import Foundation
import Testing

@testable import Conformance

/// What a harness says it reports (hello `reports`, PROTOCOL.md §2.5.6) and the trace keys that carry it, read
/// strictly: an unknown or repeated name is a protocol violation, named at its JSON path.
@Suite("Harness protocol: hello reports, and received and inFlight in runtime trace entries")
struct HelloReportsTests {
  static func hello(_ reports: String) -> Data {
    Data(
      #"{"protocol":1,"implementation":{"name":"k","language":"Kotlin","version":"1"},"features":{"login":{"initialState":{},"levels":["runtime"],"reports":\#(reports)}}}"#
        .utf8)
  }

  @Test func declaredReportsAreRead() throws {
    let info = try HarnessCodec.decodeHello(Self.hello(#"["received","inFlight"]"#)).get()
    #expect(info.reports["login"] == [.received, .inFlight])
  }

  @Test(arguments: [
    (
      #"["recieved"]"#,
      #"features.login.reports[0]: unknown report "recieved" (known: "events", "inFlight", "received")"#
    ),
    (#"["received","received"]"#, #"features.login.reports[1]: duplicate report "received"; list each once"#),
    (
      #""received""#,
      #"features.login.reports: expected an array of names ("received", "inFlight", "events"), got string"#
    ),
  ])
  func aBadReportsListIsAViolation(reports: String, message: String) {
    guard case .failure(let violation) = HarnessCodec.decodeHello(Self.hello(reports)) else {
      Issue.record("expected a violation")
      return
    }
    #expect(violation.message == message)
  }

  @Test func traceEntriesCarryWhatWasReported() throws {
    let line =
      #"{"seq":3,"trace":[{"state":{},"calls":[],"cancelled":[],"received":[{"type":"loginResponse"}],"inFlight":[{"type":"authenticate","id":null}]}]}"#
    let observation = try HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: 1, level: .runtime).get()
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace")
      return
    }
    #expect(trace[0].received == [["type": "loginResponse"]])
    #expect(trace[0].inFlight == [["type": "authenticate", "id": .null]])
  }

  @Test func aBadInFlightEntryIsAViolation() {
    let line = #"{"seq":3,"trace":[{"state":{},"calls":[],"cancelled":[],"inFlight":[{"id":7}]}]}"#
    guard
      case .failure(let violation) = HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: 1, level: .runtime)
    else {
      Issue.record("expected a violation")
      return
    }
    #expect(
      violation.message
        == "trace[0].inFlight[0]: missing required key 'type'; trace[0].inFlight[0].id: expected a string or null, got integer"
    )
  }

  @Test func aTraceMustCarryExactlyWhatHelloDeclared() {
    let bare = Observation.trace([TraceEntry(state: [:], calls: [], cancelled: [])])
    let reporting = Observation.trace([TraceEntry(state: [:], calls: [], cancelled: [], received: [], inFlight: [])])
    #expect(HarnessCodec.checkReports(bare, declared: []) == .success(bare))
    #expect(HarnessCodec.checkReports(reporting, declared: [.received, .inFlight]) == .success(reporting))
    #expect(
      HarnessCodec.checkReports(bare, declared: [.received])
        == .failure(
          HarnessCodec.Violation(
            message: "trace[0]: missing 'received', which the hello reply's 'reports' declare for this feature")))
    #expect(
      HarnessCodec.checkReports(reporting, declared: [.received])
        == .failure(
          HarnessCodec.Violation(
            message: "trace[0].inFlight: not declared in the hello reply's 'reports' for this feature")))
  }
}
