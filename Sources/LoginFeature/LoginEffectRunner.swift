import Foundation
import UnidirectionalFlow

// MARK: - LoginEffectRunner

/// Runs ``LoginEffect``s for a `Store`: performs `.authenticate` with an ``AuthenticationClient`` and
/// answers with `.loginResponse`.
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

  private let client: any AuthenticationClient

  /// Creates a runner that signs in with `client`.
  ///
  /// - Parameter client: Performs the sign-in request.
  public init(client: some AuthenticationClient) {
    self.client = client
  }

  // MARK: - EffectRunner

  /// Performs one login effect.
  ///
  /// - `.authenticate(email:password:)` calls the client and returns `[.loginResponse(result)]` (login.md LR1).
  ///   Any error the client throws, except the cancellation of this task, becomes
  ///   `[.loginResponse(.failure(message: unknownFailureMessage))]` (LR2): the error's own text differs by platform
  ///   and is not meant for users. A `CancellationError` the client throws while this task is not cancelled (a
  ///   client that gave up on its own, as Kotlin's `withTimeout` does) is such an error, not a cancellation, so
  ///   the screen is never left loading with no response.
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

  private func authenticate(email: String, password: String) async throws -> LoginResult {
    do {
      let result = try await client.authenticate(email: email, password: password)
      try Task.checkCancellation()
      return result
    } catch {
      // Only this task's own cancellation is a cancellation (LR4); anything else the client throws is a failure.
      try Task.checkCancellation()
      return .failure(message: Self.unknownFailureMessage)
    }
  }
}
