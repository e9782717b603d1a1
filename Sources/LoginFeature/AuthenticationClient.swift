// MARK: - AuthenticationClient

/// Signs a user in: the dependency a real app implements (for example over HTTPS) and tests fake.
///
/// ```swift
/// struct HTTPAuthenticationClient: AuthenticationClient {
///   func authenticate(email: String, password: String) async throws -> LoginResult {
///     let response = try await api.signIn(email: email, password: password)
///     return response.ok ? .success(userId: response.userId) : .failure(message: response.reason)
///   }
/// }
/// ```
public protocol AuthenticationClient: Sendable {
  /// Checks the credentials and returns the outcome.
  ///
  /// Should honour task cancellation: the login screen cancels the request when it is dismissed
  /// (login spec L5).
  ///
  /// - Parameters:
  ///   - email: The email address, already trimmed of `White_Space` (login spec L3.b).
  ///   - password: The password exactly as typed.
  /// - Returns: `.success(userId:)` or `.failure(message:)`; a rejected password is a `.failure`, not an
  ///   error.
  /// - Throws: `CancellationError` when cancelled; any other error when the request could not be made
  ///   (``LoginEffectRunner`` turns it into a `.failure`).
  func authenticate(email: String, password: String) async throws -> LoginResult
}
