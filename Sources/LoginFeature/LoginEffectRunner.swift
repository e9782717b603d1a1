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
  /// The failure message used when the client throws an error that has no user-facing description:
  /// "Sign-in failed. Please try again."
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
  /// - `.authenticate(email:password:)` calls the client and returns `[.loginResponse(result)]`. An error
  ///   thrown by the client becomes `[.loginResponse(.failure(message:))]`, where the message is the
  ///   error's `LocalizedError.errorDescription` when it has one, else ``unknownFailureMessage``. (Not
  ///   `localizedDescription`: for a plain Swift error that is "The operation couldn't be completed. (…)",
  ///   differs by platform and is not meant for users.)
  /// - `.cancel(id:)` is performed by the `Store` itself and never reaches a runner; if called directly,
  ///   returns `[]`.
  ///
  /// - Parameter effect: The effect to perform.
  /// - Returns: The actions to send back: one `.loginResponse` for `.authenticate`, none for `.cancel`.
  /// - Throws: `CancellationError` when the task was cancelled (the client threw it, or the task was
  ///   cancelled while the client ran); the store drops the result of a cancelled effect either way.
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
    } catch let cancellation as CancellationError {
      throw cancellation
    } catch {
      try Task.checkCancellation()
      return .failure(message: Self.message(for: error))
    }
  }

  private static func message(for error: any Error) -> String {
    if let description = (error as? any LocalizedError)?.errorDescription, !description.isEmpty {
      return description
    }
    return unknownFailureMessage
  }
}
