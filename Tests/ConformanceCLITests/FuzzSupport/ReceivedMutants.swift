import Conformance
import LoginFeature
import LoginRuntime
import UnidirectionalFlow

/// Login stores with one runtime mistake each that format v1.2 (Conformance/README.md §14) catches: the real
/// ``LoginReducer`` in a real `Store`, with an effect runner that differs from ``LoginEffectRunner`` in one place. Test
/// support only: never declared, never shipped.
enum ReceivedMutant: String, CaseIterable {
  /// A thrown error is swallowed: the effect ends without sending `loginResponse` (login.md LR2 broken).
  case swallowsThrownError
  /// The LR3 timer is not cancelled when the call answers, so the effect keeps running (its response waits for it).
  case keepsTimerRunning

  /// The in-process implementation, named `swift` so that it replaces the correct one, with this mistake.
  var implementation: SwiftImplementation {
    let mistake = self
    return SwiftImplementation(
      features: [],
      runtimes: [
        CodableRuntime("login", initialState: LoginState()) { state, environment in
          let runner = MistakenLoginEffectRunner(
            mistake: mistake, client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
          return Store(initialState: state, reducer: LoginReducer(), effectRunner: runner, environment: environment)
        }
      ])
  }
}

/// ``LoginEffectRunner`` with one ``ReceivedMutant`` applied.
struct MistakenLoginEffectRunner: EffectRunner {
  let mistake: ReceivedMutant
  let client: any AuthenticationClient
  let clock: any Clock<Duration>

  func run(_ effect: LoginEffect) async throws -> [LoginAction] {
    guard case .authenticate(let email, let password) = effect else { return [] }
    if mistake == .swallowsThrownError {
      guard let result = try? await client.authenticate(email: email, password: password) else { return [] }
      return [.loginResponse(result)]
    }
    // keepsTimerRunning: the group waits for the timer child, which nothing cancels, before it returns.
    let result = try await withThrowingTaskGroup(of: LoginResult?.self) { group in
      group.addTask { [client] in try await client.authenticate(email: email, password: password) }
      group.addTask { [clock] in
        try await clock.sleep(for: LoginEffectRunner.timeout)
        return nil
      }
      return try await group.next() ?? nil
    }
    return [.loginResponse(result ?? .failure(message: LoginEffectRunner.timeoutMessage))]
  }
}
