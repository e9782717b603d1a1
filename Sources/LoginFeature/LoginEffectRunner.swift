import Foundation
import UnidirectionalFlow

// MARK: - LoginEffectRunner

/// Runs ``LoginEffect``s for a `Store`: performs `.authenticate` with an ``AuthenticationClient`` and
/// answers with `.loginResponse`, giving up after ``timeout`` on `clock` (login.md LR1-LR4).
///
/// ```swift
/// let store = Store(
///   initialState: LoginState(),
///   reducer: LoginReducer(),
///   effectRunner: LoginEffectRunner(client: HTTPAuthenticationClient())
/// )
/// ```
public struct LoginEffectRunner: EffectRunner {
  /// The failure message used whenever the client throws (login.md LR2): "Sign-in failed. Please try again.",
  /// whatever the error says, so both platforms show the same text.
  public static let unknownFailureMessage = "Sign-in failed. Please try again."

  /// The failure message used when the client has not answered within ``timeout`` (login.md LR3): "Sign-in timed
  /// out. Please try again."
  public static let timeoutMessage = "Sign-in timed out. Please try again."

  /// How long a sign-in request may take before it is cancelled (login.md LR3): 10,000 ms, measured on the runner's
  /// clock from the moment the request starts.
  public static let timeout: Duration = .milliseconds(10_000)

  private let client: any AuthenticationClient
  private let clock: any Clock<Duration>

  /// Creates a runner that signs in with `client` and times requests on `clock`.
  ///
  /// - Parameters:
  ///   - client: Performs the sign-in request. It should honour cancellation: the request runs in a child task that
  ///     is waited for once cancelled (as Kotlin's `withTimeout` waits for its block), so a client that ignores
  ///     cancellation delays the timeout's answer until it returns.
  ///   - clock: Measures the LR3 ``timeout``: `ContinuousClock` by default; a runtime scenario passes its manual clock,
  ///     so that the timeout falls due only when the scenario advances virtual time.
  public init(client: some AuthenticationClient, clock: some Clock<Duration> = ContinuousClock()) {
    self.client = client
    self.clock = clock
  }

  // MARK: - EffectRunner

  /// Performs one login effect.
  ///
  /// - `.authenticate(email:password:)` calls the client and returns `[.loginResponse(result)]` (login.md LR1).
  ///   Any error the client throws, except the cancellation of this task, becomes
  ///   `[.loginResponse(.failure(message: unknownFailureMessage))]` (LR2): the error's own text differs by platform
  ///   and is not meant for users. A `CancellationError` the client throws while this task is not cancelled (a
  ///   client that gave up on its own, as Kotlin's `withTimeout` does) is such an error, not a cancellation, so
  ///   the screen is never left loading with no response. If the client has not answered ``timeout`` after the
  ///   request started, the request is cancelled and the answer is
  ///   `[.loginResponse(.failure(message: timeoutMessage))]` (LR3).
  /// - `.cancel(id:)` is performed by the `Store` itself and never reaches a runner; if called directly,
  ///   returns `[]`.
  ///
  /// - Parameter effect: The effect to perform.
  /// - Returns: The actions to send back: one `.loginResponse` for `.authenticate`, none for `.cancel`.
  /// - Throws: `CancellationError` when this task was cancelled while the client ran (LR4); the store drops the
  ///   result of a cancelled effect either way.
  public func run(_ effect: LoginEffect) async throws -> [LoginAction] {
    switch effect {
    case .authenticate(let email, let password):
      return [.loginResponse(try await authenticate(email: email, password: password))]
    case .cancel:
      return []
    }
  }

  // MARK: - Helpers

  /// How the race between the client and the LR3 timer ended.
  private enum Outcome: Sendable {
    case answered(LoginResult)
    case timedOut
  }

  /// Races the client against the clock; the loser is cancelled (LR3), and both are if this task is (LR4).
  private func authenticate(email: String, password: String) async throws -> LoginResult {
    let outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
      group.addTask { [client] in .answered(try await Self.call(client, email: email, password: password)) }
      group.addTask { [clock] in
        try await clock.sleep(for: Self.timeout)
        return .timedOut
      }
      defer { group.cancelAll() }
      // Both children return or throw, so `next()` never returns nil; a throw is this task's cancellation.
      return try await group.next() ?? .timedOut
    }
    try Task.checkCancellation()
    switch outcome {
    case .answered(let result): return result
    case .timedOut: return .failure(message: Self.timeoutMessage)
    }
  }

  /// Calls the client; any error but this task's own cancellation is a failure (LR2).
  private static func call(_ client: any AuthenticationClient, email: String, password: String) async throws
    -> LoginResult
  {
    do {
      return try await client.authenticate(email: email, password: password)
    } catch {
      try Task.checkCancellation()
      return .failure(message: unknownFailureMessage)
    }
  }
}
