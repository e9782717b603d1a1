import Foundation
import Testing

@testable import Conformance

/// Format v1.2 (Conformance/README.md §14): the actions effects send back (`expect.received`), compared exactly and
/// in order, not applicable to an implementation that reports none; and the effects still in flight at the end,
/// against `leavesRunning`. Failures are asserted as a person reads them.
@Suite("Runtime judge: received actions and effects in flight (format v1.2)")
struct ReceivedAndInFlightTests {
  typealias F = RuntimeFixtures

  static let emailOnly: JSONValue = ["email": "a@b.c", "password": "", "isLoading": false, "error": .null]
  static let success: JSONValue = ["type": "loginResponse", "result": ["type": "success", "userId": "u1"]]
  static let respondReceivingSuccess =
    #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}, "received": [{"type": "loginResponse", "result": {"type": "success", "userId": "u1"}}]}}"#

  /// A correct trace of type, type, submit, respond; the last step's received actions and effects are given.
  func trace(received: [JSONValue]?, inFlight: [JSONValue]? = []) -> [TraceEntry] {
    let reportsReceived = received != nil
    func entry(_ state: JSONValue, calls: [DependencyCall] = [], received: [JSONValue] = []) -> TraceEntry {
      TraceEntry(
        state: state, calls: calls, cancelled: [], received: reportsReceived ? received : nil,
        inFlight: inFlight == nil ? nil : [])
    }
    var last = entry(F.typed, received: received ?? [])
    last.inFlight = inFlight
    return [entry(Self.emailOnly), entry(F.typed), entry(F.loading, calls: [F.call]), last]
  }

  func scenario(_ respond: String = Self.respondReceivingSuccess, exhaustive: Bool? = nil) throws -> Scenario {
    try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, respond].joined(separator: ","), exhaustive: exhaustive))
  }

  func judge(_ scenario: Scenario, _ trace: [TraceEntry]) -> (Outcome, [String]) {
    ScenarioJudge.judge(scenario, observation: .trace(trace))
  }

  func failureLines(_ scenario: Scenario, _ trace: [TraceEntry]) -> [String] {
    VerdictText.details(judge(scenario, trace).0, indent: "", style: .plain)
  }

  @Test func theActionSentBackPasses() throws {
    let (outcome, notChecked) = judge(try scenario(), trace(received: [Self.success]))
    #expect(outcome.kind == .passed)
    #expect(notChecked == [])
  }

  @Test func aMissingActionFailsWithADiff() throws {
    #expect(
      failureLines(try scenario(), trace(received: [])) == [
        "step 4 of 4: respond a1 (result)",
        "  received: expected 1 received action (loginResponse), got none",
        "",
        "  Received during step 4:",
        "  - [",
        "  -   {",
        #"  -     "result": {"type":"success","userId":"u1"},"#,
        #"  -     "type": "loginResponse""#,
        "  -   }",
        "  - ]",
        "  + []",
        "  (- expected, + actual)",
      ])
  }

  @Test func anExtraActionInAStepWithoutReceivedFails() throws {
    // The file gives `received` at step 4, so every step is checked: step 3 expects none.
    var actual = trace(received: [Self.success])
    actual[2].received = [["type": "dismissed"]]
    #expect(
      VerdictText.headline(judge(try scenario(), actual).0)
        == "step 3 (send submit): received: expected no received action, got 1 (dismissed)")
  }

  @Test func anotherActionIsShownAtItsPath() throws {
    let other: JSONValue = ["type": "loginResponse", "result": ["type": "success", "userId": "u2"]]
    #expect(
      VerdictText.headline(judge(try scenario(), trace(received: [other])).0)
        == #"step 4 (respond a1 (result)): received[0].result.userId: expected "u1", got "u2""#)
  }

  @Test func aScenarioWithoutReceivedDoesNotCheckThem() throws {
    let (outcome, notChecked) = judge(try scenario(F.respondSuccess), trace(received: [["type": "dismissed"]]))
    #expect(outcome.kind == .passed)
    #expect(notChecked == [])
  }

  @Test func anImplementationThatReportsNoneHasTheStepNotApplicable() throws {
    let (outcome, notChecked) = judge(try scenario(), trace(received: nil))
    #expect(outcome.kind == .passed)
    // Every step, the creation included: an exhaustive step that gives no `received` expects none, which is not
    // checked either.
    let all = ["start", "step 1", "step 2", "step 3", "step 4"].map {
      "\($0): received (not applicable: the "
        + "implementation reports no received actions)"
    }
    #expect(notChecked == all)
  }

  @Test func anImplementationThatReportsNoEffectsInFlightHasTheEndCheckNotApplicable() throws {
    let (outcome, notChecked) = judge(try scenario(), trace(received: nil, inFlight: nil))
    #expect(outcome.kind == .passed)
    let steps = ["start", "step 1", "step 2", "step 3"].map {
      "\($0): received (not applicable: the "
        + "implementation reports no received actions)"
    }
    #expect(
      notChecked == steps + [
        "step 4: received (not applicable: the implementation reports no received actions), at the end: effects in "
          + "flight (not applicable: the implementation reports no effects in flight)"
      ])
  }

  @Test func aNonExhaustiveScenarioSaysItsLeavesRunningIsNotChecked() throws {
    var scenario = try scenario(exhaustive: false)
    scenario.leavesRunning = [ExpectedEffect(type: "authenticate")]
    let (outcome, notChecked) = judge(scenario, trace(received: [Self.success]))
    #expect(outcome.kind == .passed)
    #expect(
      notChecked.last
        == "step 4: state.email, state.error, state.password, at the end: leavesRunning (not checked: the scenario is "
        + "non-exhaustive)")
  }

  @Test func aNonExhaustiveStepWithoutReceivedListsWhatCameBack() throws {
    var actual = trace(received: [Self.success])
    actual[2].received = [["type": "dismissed"]]
    let (outcome, notChecked) = judge(try scenario(exhaustive: false), actual)
    #expect(outcome.kind == .passed)
    #expect(notChecked[2] == #"step 3: state.email, state.error, state.password, received[0] {"type":"dismissed"}"#)
  }

  @Test func anEffectStillRunningAtTheEndFails() throws {
    let running: JSONValue = ["type": "authenticate", "id": "authenticate"]
    let lines = failureLines(try scenario(), trace(received: [Self.success], inFlight: [running]))
    #expect(lines == ["at the end: effect authenticate (id 'authenticate') is still running (inFlight[0])"])
  }

  @Test func anEffectTheScenarioLeavesRunningPasses() throws {
    var leaving = try scenario()
    leaving.leavesRunning = [ExpectedEffect(type: "authenticate")]
    let running: JSONValue = ["type": "authenticate", "id": "authenticate"]
    #expect(judge(leaving, trace(received: [Self.success], inFlight: [running])).0.kind == .passed)
    #expect(
      failureLines(leaving, trace(received: [Self.success], inFlight: [])) == [
        "at the end: effect authenticate was expected to be left running (leavesRunning[0]), but it is not"
      ])
  }

  @Test func aPendingCallIsReportedInsteadOfTheEffectWaitingOnIt() throws {
    let running: JSONValue = ["type": "authenticate", "id": "authenticate"]
    var actual = Array(trace(received: [], inFlight: [running]).prefix(3))
    actual[2].inFlight = [running]
    let pendingOnly = try #require(F.scenario([F.typeEmail, F.typePassword, F.submit].joined(separator: ",")))
    #expect(
      VerdictText.headline(judge(pendingOnly, actual).0) == "at the end: call a1 (authenticate) is still pending")
  }

  @Test func receivedAndLeavesRunningAreValidatedWhereTheyAre() {
    #expect(
      F.problems(#"{"send": {"type": "submit"}, "expect": {"received": [{"type": "loginResponse"}]}}"#) == [
        "x.json: steps[0].expect.received[0]: missing field 'result' of action 'loginResponse'"
      ])
    #expect(
      F.problems(#"{"send": {"type": "submit"}, "expect": {"received": [{"type": "submit"}]}}"#, level: nil) == [
        #"x.json: steps[0].expect.received: 'received' is only valid in a runtime-level scenario ("level": "runtime")"#
      ])
    let reducerLevel =
      #"{"id": "x", "feature": "login", "description": "d", "leavesRunning": [], "steps": [{"send": {"type": "submit"}}]}"#
    let runtimeLevel =
      #"{"id": "x", "feature": "login", "level": "runtime", "description": "d", "leavesRunning": [{"type": "authenticat"}], "steps": [{"send": {"type": "submit"}}]}"#
    #expect(
      problems(reducerLevel) == [
        #"x.json: leavesRunning: 'leavesRunning' is only valid in a runtime-level scenario ("level": "runtime")"#
      ])
    #expect(
      problems(runtimeLevel) == [
        #"x.json: leavesRunning[0].type: unknown effect "authenticat" (known: authenticate, cancel)"#
      ])
  }

  private func problems(_ text: String) -> [String] {
    guard let document = try? JSONParser().parse(text),
      case .failure(let failure) = F.loader.load(document, file: "x.json")
    else { return [] }
    return failure.errors.map(\.description)
  }

  @Test func tracesThatDifferOnlyInWhatCameBackDivergeWhenBothReportIt() throws {
    let swift = trace(received: [Self.success])
    var other = swift
    other[3].received = []
    #expect(FuzzEngine.firstDifference(swift, other) == 3)
    #expect(FuzzEngine.firstDifference(swift, trace(received: nil)) == nil)
    let divergence = try #require(
      Divergence.find(in: try scenario(), traces: [("swift", swift), ("kotlin", other)]))
    #expect(divergence.stepIndex == 3)
    #expect(divergence.rows.map(\.path.description) == ["received"])
    #expect(
      Divergence.find(in: try scenario(), traces: [("swift", swift), ("kotlin-viewmodel", trace(received: nil))]) == nil
    )
  }
}
