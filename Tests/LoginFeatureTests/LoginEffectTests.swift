import LoginFeature
import Testing

// MARK: - LoginEffect cancellation ids

struct LoginEffectTests {
  @Test(
    arguments: [
      (LoginEffect.authenticate(email: "a@b.c", password: "12345678"), "authenticate", nil),
      (.cancel(id: "authenticate"), nil, "authenticate"),
      (.cancel(id: "other"), nil, "other"),
    ] as [(LoginEffect, String?, String?)])
  func effectDeclaresItsCancellationIds(effect: LoginEffect, runsUnder: String?, cancels: String?) {
    #expect(effect.cancellationID == runsUnder)
    #expect(effect.cancelledID == cancels)
  }

  @Test func dismissCancelsTheIdAuthenticateRunsUnder() {
    #expect(LoginEffect.authenticateID == "authenticate")
    let authenticate = LoginEffect.authenticate(email: "a@b.c", password: "12345678")
    let dismissEffects = reduce(LoginState(isLoading: true), .dismissed).effects
    #expect(dismissEffects.map(\.cancelledID) == [authenticate.cancellationID])
  }
}
