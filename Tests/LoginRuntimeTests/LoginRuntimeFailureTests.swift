import Conformance
import LoginFeature
import LoginRuntime
import Testing

// MARK: - Values the login runtime cannot run, reported as errored steps with their JSON path

@Suite(.timeLimit(.minutes(1)))
struct LoginRuntimeFailureTests {
  typealias L = Login

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anUnknownActionIsErroredAtItsStep() {
    let observation = L.observe([L.emailChanged(L.email), .send(["type": "submitt"])])
    #expect(
      observation
        == .errored(
          step: 2,
          message:
            "steps[1].send.type: unknown action 'submitt' of LoginAction (known: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
        ))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anInitialStateThatDoesNotDecodeIsErroredAtStepZero() {
    let observation = L.observe(
      [L.submit], initialState: ["email": "", "password": "", "isLoading": "no", "error": .null])
    #expect(
      observation == .errored(step: 0, message: "initialState.isLoading: expected Bool for LoginState, got string"))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aResultOfAnUnknownCaseIsErroredAtTheRespondStep() {
    let observation = L.observe(
      L.typeAndSubmit + [.respond(CallReference(step: 3, index: 1), .result(["type": "succes", "userId": "u1"]))])
    #expect(
      observation
        == .errored(
          step: 4,
          message: "steps[3].respond.result.type: unknown case 'succes' of LoginResult (known: failure, success)"))
  }

  /// A respond to a call never started is ignored, as one to a cancelled call is: the step is recorded and the
  /// runner's judge reports it (PROTOCOL.md §2.5.5), so a runtime that starts no call fails instead of erroring.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRespondToACallOfALaterStepIsIgnored() {
    let observation = L.observe(L.typeAndSubmit + [L.succeed(4)])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(L.loadingState)]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRespondToASecondCallIndexOfAStepIsIgnored() {
    let observation = L.observe(L.typeAndSubmit + [L.succeed(3, 2)])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(L.loadingState)]))
  }

  /// A second answer to a call reaches nothing, as a late one does.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aSecondAnswerToTheSameCallChangesNothing() {
    let observation = L.observe(L.typeAndSubmit + [L.fail(3, message: "Wrong password."), L.succeed(3)])
    let failed = L.entry(L.state(error: "Wrong password."))
    #expect(observation == .trace(L.typeAndSubmitTrace + [failed, failed]))
  }

  // MARK: - Determinism

  /// Every interleaving is fixed by the driver: 1,000 runs of a scenario that uses every kind of step give one trace.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aThousandRunsGiveIdenticalTraces() {
    let steps: [RuntimeStep] =
      L.typeAndSubmit + [
        .advance(milliseconds: 3_000), L.submit, L.dismissed, L.succeed(3), L.submit, .advance(milliseconds: 9_999),
        L.throw(8, message: "reset"), L.submit, .advance(milliseconds: 10_000), L.submit, .clear, L.succeed(13),
      ]
    let first = L.observe(steps)
    guard case .trace(let trace, _) = first else {
      Issue.record("expected a trace, got \(first)")
      return
    }
    #expect(trace.count == steps.count)
    #expect(trace.flatMap(\.calls).count == 4)
    #expect(
      trace.flatMap(\.cancelled) == [
        CallReference(step: 3, index: 1), CallReference(step: 11, index: 1), CallReference(step: 13, index: 1),
      ])
    var differing = 0
    for _ in 1..<1_000 where L.observe(steps) != first { differing += 1 }
    #expect(differing == 0)
  }
}
