import Conformance
import LoginFeature
import LoginRuntime
import Testing

// MARK: - The login store under runtime scenarios (login.md LR1-LR5)

@Suite(.timeLimit(.minutes(1)))
struct LoginRuntimeTests {
  typealias L = Login
  static let a1 = CallReference(step: 3, index: 1)

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func successAnswersTheCallAndStopsLoading() {
    let observation = L.observe(L.typeAndSubmit + [L.succeed(3)])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(L.state())]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aFailureResultIsShown() {
    let observation = L.observe(L.typeAndSubmit + [L.fail(3, message: "Wrong password.")])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(L.state(error: "Wrong password."))]))
  }

  /// LR2: whatever the error says, the same text on both platforms.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aThrownErrorShowsTheFallbackMessage() {
    let observation = L.observe(L.typeAndSubmit + [L.throw(3, message: "connection reset")])
    #expect(
      observation == .trace(L.typeAndSubmitTrace + [L.entry(L.state(error: "Sign-in failed. Please try again."))]))
  }

  /// LR2: a client that gives up on its own throws `CancellationError` while the effect is not cancelled; that is a
  /// failure like any error, not the effect's cancellation, and the timer ends with the call.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theClientsOwnCancellationShowsTheFallbackMessageAndIsNotACancellation() {
    let failed = L.state(error: "Sign-in failed. Please try again.")
    let observation = L.observe(
      L.typeAndSubmit + [
        .respond(Self.a1, .cancellation(message: "Timed out waiting for 5000 ms")), .advance(milliseconds: 10_000),
      ])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(failed), L.entry(failed)]))
  }

  /// LR6: a submit while an earlier call still runs (a hand-sent loginResponse ended loading) cancels that call;
  /// its late answer and its timer change nothing.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aNewCallCancelsTheOneStillRunning() {
    let byHand = RuntimeStep.send(["type": "loginResponse", "result": ["type": "failure", "message": "by hand"]])
    let observation = L.observe(
      L.typeAndSubmit + [byHand, L.submit, L.succeed(3), .advance(milliseconds: 10_000)])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [
            L.entry(L.state(error: "by hand")),
            L.entry(L.loadingState, calls: [L.authenticate()], cancelled: [Self.a1]),
            L.entry(L.loadingState),
            L.entry(
              L.state(error: "Sign-in timed out. Please try again."), cancelled: [CallReference(step: 5, index: 1)]),
          ]))
  }

  /// LR3: nothing at 9,999 ms; at 10,000 ms the call is cancelled and the timeout shown.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theCallTimesOutAtExactly10000Milliseconds() {
    let observation = L.observe(L.typeAndSubmit + [.advance(milliseconds: 9_999), .advance(milliseconds: 1)])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [
            L.entry(L.loadingState),
            L.entry(L.state(error: "Sign-in timed out. Please try again."), cancelled: [Self.a1]),
          ]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func oneAdvanceOf10000MillisecondsTimesOut() {
    let observation = L.observe(L.typeAndSubmit + [.advance(milliseconds: 10_000)])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [L.entry(L.state(error: "Sign-in timed out. Please try again."), cancelled: [Self.a1])]
        ))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theTimeoutCountsFromTheCallNotFromTheScenarioStart() {
    let observation = L.observe(
      [.advance(milliseconds: 5_000)] + L.typeAndSubmit + [.advance(milliseconds: 9_999), .advance(milliseconds: 1)])
    let typed = L.typeAndSubmitTrace
    let timedOut = L.state(error: "Sign-in timed out. Please try again.")
    #expect(
      observation
        == .trace(
          [L.entry(L.initialState)] + [typed[0], typed[1], L.entry(L.loadingState, calls: [L.authenticate()])]
            + [L.entry(L.loadingState), L.entry(timedOut, cancelled: [CallReference(step: 4, index: 1)])]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aLateResultAfterTheTimeoutChangesNothing() {
    let observation = L.observe(L.typeAndSubmit + [.advance(milliseconds: 10_000), L.succeed(3)])
    let timedOut = L.state(error: "Sign-in timed out. Please try again.")
    #expect(
      observation
        == .trace(L.typeAndSubmitTrace + [L.entry(timedOut, cancelled: [Self.a1]), L.entry(timedOut)]))
  }

  /// LR4: dismissing cancels the call; its late result changes nothing, and the timer is gone too.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func dismissMidFlightCancelsTheCallAndDropsTheLateResult() {
    let observation = L.observe(
      L.typeAndSubmit + [L.dismissed, L.succeed(3, userId: "late"), .advance(milliseconds: 20_000)])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [
            L.entry(L.state(), cancelled: [Self.a1]), L.entry(L.state()), L.entry(L.state()),
          ]))
  }

  /// LR5: clear cancels the call and changes no state; later intents, results and time change nothing.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func clearMidFlightThenIntentsAndALateResultChangeNothing() {
    let observation = L.observe(
      L.typeAndSubmit + [
        .clear, L.emailChanged("other@example.com"), L.dismissed, L.submit, L.succeed(3),
        .advance(milliseconds: 10_000),
      ])
    let unchanged = L.entry(L.loadingState)
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [L.entry(L.loadingState, cancelled: [Self.a1])]
            + Array(repeating: unchanged, count: 5)))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func clearWhileIdleChangesNothingAndLaterSubmitsStartNoCall() {
    let observation = L.observe([L.emailChanged(L.email), L.passwordChanged(L.password), .clear, L.submit])
    #expect(
      observation
        == .trace([
          L.entry(L.state(password: "")), L.entry(L.state()), L.entry(L.state()), L.entry(L.state()),
        ]))
  }

  /// L3.a: a submit while loading starts no second call.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aDoubleSubmitStartsOneCall() {
    let observation = L.observe(L.typeAndSubmit + [L.submit, L.succeed(3)])
    #expect(observation == .trace(L.typeAndSubmitTrace + [L.entry(L.loadingState), L.entry(L.state())]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRetryAfterAFailureStartsASecondCall() {
    let observation = L.observe(
      L.typeAndSubmit + [L.fail(3, message: "Wrong password."), L.submit, L.succeed(5, userId: "u2")])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [
            L.entry(L.state(error: "Wrong password.")),
            L.entry(L.loadingState, calls: [L.authenticate()]),
            L.entry(L.state()),
          ]))
  }

  /// The first call's timer was cancelled with it: the retry times out 10,000 ms after it started, not before.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRetryHasItsOwnTimeout() {
    let observation = L.observe(
      L.typeAndSubmit + [
        .advance(milliseconds: 4_000), L.throw(3, message: "offline"), L.submit, .advance(milliseconds: 9_999),
        .advance(milliseconds: 1),
      ])
    #expect(
      observation
        == .trace(
          L.typeAndSubmitTrace + [
            L.entry(L.loadingState),
            L.entry(L.state(error: "Sign-in failed. Please try again.")),
            L.entry(L.loadingState, calls: [L.authenticate()]),
            L.entry(L.loadingState),
            L.entry(
              L.state(error: "Sign-in timed out. Please try again."), cancelled: [CallReference(step: 6, index: 1)]),
          ]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func advancingWhileIdleChangesNothing() {
    let observation = L.observe([.advance(milliseconds: 0), .advance(milliseconds: 86_400_000)])
    #expect(observation == .trace([L.entry(L.initialState), L.entry(L.initialState)]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anInvalidSubmitStartsNoCall() {
    let observation = L.observe([L.emailChanged("nope"), L.passwordChanged(L.password), L.submit])
    #expect(
      observation
        == .trace([
          L.entry(L.state(email: "nope", password: "")),
          L.entry(L.state(email: "nope")),
          L.entry(L.state(email: "nope", error: "Enter a valid email address.")),
        ]))
  }

  /// L3.b: the call gets the trimmed email, the state keeps it as typed.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theCallCarriesTheTrimmedEmailAndTheVerbatimPassword() {
    let typed = "  user@example.com\u{3000}"
    let observation = L.observe([L.emailChanged(typed), L.passwordChanged(" pass word "), L.submit])
    #expect(
      observation
        == .trace([
          L.entry(L.state(email: typed, password: "")),
          L.entry(L.state(email: typed, password: " pass word ")),
          L.entry(
            L.state(email: typed, password: " pass word ", isLoading: true),
            calls: [L.authenticate(email: "user@example.com", password: " pass word ")]),
        ]))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aScenarioStartingFromALoadingStateHasNoCallToAnswer() {
    let observation = L.observe([L.succeed(1)], initialState: L.loadingState)
    #expect(observation == .trace([L.entry(L.loadingState)]))
  }
}
