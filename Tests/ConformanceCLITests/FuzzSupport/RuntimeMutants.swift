import Conformance
import LoginFeature
import LoginRuntime
import UnidirectionalFlow

/// A runtime-level mutant of the login store for `conformance fuzz --level runtime`: the real ``LoginReducer`` in a
/// real `Store`, whose effect runner gives up after 9,999 ms instead of login.md LR3's 10,000 ms. Only a sequence that
/// submits valid credentials and then advances virtual time by exactly 9,999 ms (or lets 9,999 ms pass in pieces)
/// tells it apart from the correct ``loginRuntime``. Test support only: never declared, never shipped.
enum RuntimeMutant {
  /// The in-process implementation named `mutant` with the 9,999 ms timeout, and no reducer-level adapter.
  static var earlyTimeout: SwiftImplementation {
    SwiftImplementation(
      name: "mutant", features: [],
      runtimes: [
        CodableRuntime("login", initialState: LoginState()) { state, environment in
          let runner = EarlyTimeoutLoginEffectRunner(
            client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
          return Store(initialState: state, reducer: LoginReducer(), effectRunner: runner, environment: environment)
        }
      ])
  }
}

/// ``LoginEffectRunner`` with its timeout one millisecond short (9,999 ms): the same race between the client and the
/// clock, the same failure messages.
struct EarlyTimeoutLoginEffectRunner: EffectRunner {
  static let timeout: Duration = .milliseconds(9_999)
  let client: any AuthenticationClient
  let clock: any Clock<Duration>

  private enum Outcome: Sendable {
    case answered(LoginResult)
    case timedOut
  }

  func run(_ effect: LoginEffect) async throws -> [LoginAction] {
    guard case .authenticate(let email, let password) = effect else { return [] }
    let outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
      group.addTask { [client] in
        do {
          return .answered(try await client.authenticate(email: email, password: password))
        } catch {
          try Task.checkCancellation()
          return .answered(.failure(message: LoginEffectRunner.unknownFailureMessage))
        }
      }
      group.addTask { [clock] in
        try await clock.sleep(for: Self.timeout)
        return .timedOut
      }
      defer { group.cancelAll() }
      return try await group.next() ?? .timedOut
    }
    try Task.checkCancellation()
    switch outcome {
    case .answered(let result): return [.loginResponse(result)]
    case .timedOut: return [.loginResponse(.failure(message: LoginEffectRunner.timeoutMessage))]
    }
  }
}
