import Foundation
import Testing

@testable import Conformance

@Suite("Runtime judge: calls in order, cancellations as a set, pending calls, and the words a person reads")
struct RuntimeJudgeTests {
  typealias F = RuntimeFixtures

  static let emailOnly: JSONValue = ["email": "a@b.c", "password": "", "isLoading": false, "error": .null]
  static let dismiss =
    #"{"send": {"type": "dismissed"}, "expect": {"changes": {"isLoading": false}, "cancelled": ["a1"]}}"#

  func entry(_ state: JSONValue, calls: [DependencyCall] = [], cancelled: [CallReference] = []) -> TraceEntry {
    TraceEntry(state: state, calls: calls, cancelled: cancelled)
  }

  /// The first three steps' entries of a correct implementation: type, type, submit (one call).
  var typedAndSubmitted: [TraceEntry] {
    [entry(Self.emailOnly), entry(F.typed), entry(F.loading, calls: [F.call])]
  }

  func judge(_ scenario: Scenario, _ trace: [TraceEntry]) -> (Outcome, [String]) {
    ScenarioJudge.judge(scenario, observation: .trace(trace))
  }

  func headline(_ scenario: Scenario, _ trace: [TraceEntry]) -> String {
    VerdictText.headline(judge(scenario, trace).0)
  }

  @Test func aCorrectTracePasses() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ",")))
    let (outcome, notChecked) = judge(scenario, typedAndSubmitted + [entry(F.typed)])
    #expect(outcome.kind == .passed)
    #expect(notChecked == [])
  }

  @Test func anExtraCallFailsTheStepThatStartedIt() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ",")))
    var trace = typedAndSubmitted + [entry(F.typed)]
    trace[2].calls.append(F.call)
    #expect(
      headline(scenario, trace)
        == #"step 3 (send submit): expected 1 call (a1: authenticate({"email":"a@b.c","password":"pw"})), got 2: authenticate({"email":"a@b.c","password":"pw"}), authenticate({"email":"a@b.c","password":"pw"})"#
    )
  }

  @Test func aCallWithOtherArgumentsIsNamedByTheScenariosName() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ",")))
    var trace = typedAndSubmitted + [entry(F.typed)]
    trace[2].calls = [DependencyCall(dependency: "authenticate", arguments: ["email": "a@b.c", "password": ""])]
    #expect(
      headline(scenario, trace)
        == #"step 3 (send submit): call a1 (authenticate): arguments.password: expected "pw", got """#
    )
    guard case .failed(let failure) = judge(scenario, trace).0 else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.mismatches.map(\.path.description) == ["calls[0].arguments.password"])
    // A call to another dependency is one mismatch for the whole call.
    trace[2].calls = [DependencyCall(dependency: "refresh", arguments: [:])]
    #expect(
      headline(scenario, trace)
        == #"step 3 (send submit): call a1: expected authenticate({"email":"a@b.c","password":"pw"}), got refresh({})"#)
  }

  @Test func aMissingCancellationAndThePendingCallAreBothReported() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, Self.dismiss].joined(separator: ",")))
    let trace = typedAndSubmitted + [entry(F.typed)]
    guard case .failed(let failure) = judge(scenario, trace).0 else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      VerdictText.failureLines(failure, indent: "", style: .plain) == [
        "step 4 of 4: send dismissed",
        "  expected call a1 (authenticate) to be cancelled, but it was not",
        "at the end: call a1 (authenticate) is still pending",
      ])
    #expect(failure.mismatches.map(\.path.description) == ["cancelled.a1", "pending.a1"])
    // The note is in the JSON report too, so merge-reports can print the same words.
    #expect(
      JSONReporter.encode(failure.mismatches[0])
        == [
          "path": "cancelled.a1", "kind": "missing", "expected": "a1", "actual": .null,
          "note": "expected call a1 (authenticate) to be cancelled, but it was not",
        ])
  }

  @Test func aCancellationThatCameTooEarlyFailsBothSteps() throws {
    let timeout =
      #"{"advance": 1, "expect": {"changes": {"isLoading": false, "error": "Sign-in timed out. Please try again."}, "cancelled": ["a1"]}}"#
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, #"{"advance": 9999}"#, timeout].joined(separator: ",")))
    let timedOut: JSONValue = [
      "email": "a@b.c", "password": "pw", "isLoading": false, "error": "Sign-in timed out. Please try again.",
    ]
    let early =
      typedAndSubmitted + [
        entry(timedOut, cancelled: [CallReference(step: 3, index: 1)]), entry(timedOut),
      ]
    guard case .failed(let failure) = judge(scenario, early).0 else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.title == "advance 9999")
    #expect(
      failure.mismatches.map(\.description) == [
        #"state.error: expected null, got "Sign-in timed out. Please try again.""#,
        "state.isLoading: expected true, got false",
        "call a1 (authenticate) was cancelled, but the step does not expect it to be",
      ])
    #expect(
      failure.laterSteps.map { $0.mismatches.map(\.description) } == [
        ["expected call a1 (authenticate) to be cancelled, but it was not"]
      ])
    // Never cancelled at all: the message the issue asks for, then the pending call.
    let never = typedAndSubmitted + [entry(F.loading), entry(timedOut)]
    #expect(
      headline(scenario, never)
        == "step 5 (advance 1): expected call a1 (authenticate) to be cancelled, but it was not")
  }

  @Test func aCallTheScenarioNeverNamedIsNamedByItsStepAndPosition() throws {
    let invalidSubmit = #"{"send": {"type": "submit"}, "expect": {"changes": {"error": "Enter your email."}}}"#
    let scenario = try #require(
      F.scenario([invalidSubmit, #"{"send": {"type": "dismissed"}}"#].joined(separator: ",")))
    let state: JSONValue = ["email": "", "password": "", "isLoading": false, "error": "Enter your email."]
    let stray = DependencyCall(dependency: "authenticate", arguments: ["email": "", "password": ""])
    let trace = [entry(state, calls: [stray]), entry(state, cancelled: [CallReference(step: 1, index: 1)])]
    guard case .failed(let failure) = judge(scenario, trace).0 else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      failure.mismatches.map(\.description) == [
        #"expected no call, got 1: authenticate({"email":"","password":""})"#
      ])
    #expect(
      failure.laterSteps.map { $0.mismatches.map(\.description) } == [
        ["the 1st call of step 1 (authenticate) was cancelled, but the step does not expect it to be"]
      ])
    #expect(failure.laterSteps.first?.mismatches.first?.path.description == #"cancelled["1.1"]"#)
  }

  /// F1 of the runtime tryout: an implementation that starts no call fails at the step whose calls differ, and the
  /// respond to the call it never started fails at its own step, named as the scenario names it, in both modes.
  @Test(arguments: [true, false])
  func aRespondToACallNeverStartedFailsWithTheRealDifferenceFirst(exhaustive: Bool) throws {
    let scenario = try #require(
      F.scenario(
        [F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ","), exhaustive: exhaustive))
    let noCall = [entry(Self.emailOnly), entry(F.typed), entry(F.typed), entry(F.typed)]
    guard case .failed(let failure) = judge(scenario, noCall).0 else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.stepIndex == 2)
    #expect(failure.mismatches.map(\.path.description).contains("calls"))
    #expect(
      failure.laterSteps.map { $0.mismatches.map(\.description) } == [
        ["responds to call a1 (authenticate), which the implementation never started"]
      ])
    #expect(failure.laterSteps.first?.mismatches.first?.path.description == "respond.a1")
  }

  @Test func aRespondToASecondCallThatNeverStartedNamesIt() throws {
    let twoCalls =
      #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}, {"call": "a2", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}}"#
    let respondA2 =
      #"{"respond": {"call": "a2", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}}}"#
    let scenario = try #require(F.scenario([F.typeEmail, F.typePassword, twoCalls, respondA2].joined(separator: ",")))
    let trace = typedAndSubmitted + [entry(F.loading)]
    guard case .failed(let failure) = judge(scenario, trace).0 else {
      Issue.record("expected a failure")
      return
    }
    let lines = VerdictText.failureLines(failure, indent: "", style: .plain)
    #expect(lines.contains("  responds to call a2 (authenticate), which the implementation never started"), "\(lines)")
    #expect(!lines.joined().contains("3.2"), "\(lines)")
  }

  /// F6 of the runtime tryout: the JSON failure of a runtime step carries its calls and cancellations, not effects.
  @Test func aRuntimeFailureInJSONHasCallsAndCancellationsAndNoEffects() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, Self.dismiss].joined(separator: ",")))
    var trace = typedAndSubmitted + [entry(F.typed)]
    trace[2].calls = [DependencyCall(dependency: "authenticate", arguments: ["email": "a@b.c", "password": ""])]
    let json = JSONReporter.encode(judge(scenario, trace).0)
    #expect(json["expectedEffects"] == nil)
    #expect(json["actualEffects"] == nil)
    #expect(
      json["expectedCalls"]
        == [["call": "a1", "dependency": "authenticate", "arguments": ["email": "a@b.c", "password": "pw"]]])
    #expect(
      json["actualCalls"]
        == [["call": "a1", "dependency": "authenticate", "arguments": ["email": "a@b.c", "password": ""]]])
    #expect(json["expectedCancelled"] == [])
    #expect(json["actualCancelled"] == [])
    // Not checked by a non-exhaustive step that omits them: null.
    let partial = try #require(
      F.scenario(
        [F.typeEmail, F.typePassword, #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": false}}}"#]
          .joined(separator: ","), exhaustive: false))
    let partialJSON = JSONReporter.encode(judge(partial, typedAndSubmitted).0)
    #expect(partialJSON["expectedCalls"] == .null)
    #expect(partialJSON["expectedCancelled"] == .null)
    #expect(partialJSON["actualCalls"]?.arrayValue?.count == 1)
  }

  @Test func ordinalsReadAsWords() {
    #expect(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(CallNames.ordinal) == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
      ])
  }

  @Test func aCallLeftPendingFailsAnExhaustiveScenarioOnly() throws {
    let steps = [F.typeEmail, F.typePassword, F.submit].joined(separator: ",")
    let exhaustive = try #require(F.scenario(steps))
    #expect(headline(exhaustive, typedAndSubmitted) == "at the end: call a1 (authenticate) is still pending")
    guard case .failed(let failure) = judge(exhaustive, typedAndSubmitted).0 else {
      Issue.record("expected a failure")
      return
    }
    // Not under the last step's heading: the step itself did what it should (F8 of the runtime tryout).
    #expect(
      VerdictText.failureLines(failure, indent: "    ", style: .plain) == [
        "    at the end: call a1 (authenticate) is still pending"
      ])
    #expect(
      JSONReporter.encode(Outcome.failed(failure))["message"]
        == "at the end: call a1 (authenticate) is still pending")
    let partial = try #require(F.scenario(steps, exhaustive: false))
    let (outcome, notChecked) = judge(partial, typedAndSubmitted)
    #expect(outcome.kind == .passed)
    #expect(
      notChecked == [
        "step 1: state.error, state.isLoading, state.password", "step 2: state.email, state.error, state.isLoading",
        "step 3: state.email, state.error, state.password, at the end: call a1 (authenticate) is still pending (not "
          + "checked: the scenario is non-exhaustive)",
      ])
  }

  @Test func aNonExhaustiveStepChecksAGivenCallListExactlyAndListsUncheckedCalls() throws {
    let steps = [
      F.typeEmail, F.typePassword, #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}}}"#,
      #"{"send": {"type": "submit"}, "expect": {"calls": []}}"#,
    ].joined(separator: ",")
    let scenario = try #require(F.scenario(steps, exhaustive: false))
    let trace = typedAndSubmitted + [entry(F.loading, calls: [F.call], cancelled: [CallReference(step: 3, index: 1)])]
    let (outcome, notChecked) = judge(scenario, trace)
    #expect(
      VerdictText.headline(outcome)
        == #"step 4 (send submit): expected no call, got 1: authenticate({"email":"a@b.c","password":"pw"})"#)
    #expect(
      notChecked.contains(
        #"step 3: state.email, state.error, state.password, calls[0] authenticate({"email":"a@b.c","password":"pw"})"#))
    #expect(
      notChecked.last
        == "step 4: state.email, state.error, state.isLoading, state.password, cancelled the 1st call of step 3 "
        + "(authenticate), at the end: the 1st call of step 4 (authenticate) is still pending (not checked: the "
        + "scenario is non-exhaustive)")
  }

  @Test func aTraceOfTheWrongLengthIsAProtocolError() throws {
    let scenario = try #require(F.scenario([F.typeEmail, F.typePassword].joined(separator: ",")))
    #expect(
      headline(scenario, [entry(Self.emailOnly)]) == "protocol error: the trace has 1 entries for 2 steps")
  }

  @Test func divergencesShowStateCallsAndCancelledWithNamesThreeWays() throws {
    let scenario = try #require(
      F.scenario([F.typeEmail, F.typePassword, F.submit, Self.dismiss].joined(separator: ",")))
    let good = typedAndSubmitted + [entry(F.typed, cancelled: [CallReference(step: 3, index: 1)])]
    let late = typedAndSubmitted + [entry(F.typed)]
    let divergence = try #require(
      Divergence.find(in: scenario, traces: [("swift", good), ("kotlin", late)]))
    #expect(divergence.stepIndex == 3)
    #expect(divergence.rows.map(\.path.description) == ["cancelled"])
    #expect(divergence.rows.first?.expected == ["a1"])
    #expect(
      VerdictText.divergenceLines(divergence, stepCount: 4, implementations: ["swift", "kotlin"], style: .plain) == [
        "    divergence at step 4 of 4: send dismissed",
        "      cancelled",
        #"        expected:  ["a1"]"#,
        #"        swift:     ["a1"]"#,
        "        kotlin:    []",
      ])
    // Calls are shown with the scenario's names.
    var other = good
    other[2].calls = [DependencyCall(dependency: "authenticate", arguments: ["email": "a@b.c", "password": "x"])]
    let callDivergence = try #require(Divergence.find(in: scenario, traces: [("swift", good), ("kotlin", other)]))
    #expect(callDivergence.rows.map(\.path.description) == ["calls[0].arguments.password"])
    #expect(callDivergence.rows.first?.values.map(\.value) == ["pw", "x"])
    #expect(Divergence.find(in: scenario, traces: [("swift", good), ("kotlin", good)]) == nil)
  }
}
