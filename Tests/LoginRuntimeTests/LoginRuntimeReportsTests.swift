import Conformance
import Testing

/// The login `Store` under the runtime driver reports, per step, the actions its effects sent back and the effects in
/// flight (format v1.2, Conformance/README.md §14): what the judge compares with `expect.received` and `leavesRunning`.
@Suite("Login runtime: received actions and effects in flight")
struct LoginRuntimeReportsTests {
  typealias L = Login

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theResponseIsReceivedAtTheStepThatAnswersTheCall() throws {
    guard case .trace(let trace, _) = L.observeAll(L.typeAndSubmit + [L.succeed(3)]) else {
      Issue.record("expected a trace")
      return
    }
    #expect(
      trace.map(\.received) == [
        [], [], [], [["type": "loginResponse", "result": ["type": "success", "userId": "u1"]]],
      ])
    let authenticate: JSONValue = ["type": "authenticate", "id": "authenticate"]
    #expect(trace.map(\.inFlight) == [[], [], [authenticate], []])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aDismissedCallIsNeitherReceivedNorInFlight() throws {
    guard case .trace(let trace, _) = L.observeAll(L.typeAndSubmit + [L.dismissed, L.succeed(3)]) else {
      Issue.record("expected a trace")
      return
    }
    #expect(trace.map(\.received) == [[], [], [], [], []])
    #expect(trace[3].inFlight == [])
  }
}
