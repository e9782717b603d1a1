// MARK: - LoginResult

/// The outcome of a sign-in request, carried by ``LoginAction/loginResponse(_:)``.
///
/// JSON shape (login spec L4): `{"type":"success","userId":s}` or `{"type":"failure","message":m}`.
public enum LoginResult: Equatable, Sendable, Codable {
  /// The credentials were accepted; `userId` identifies the signed-in user.
  case success(userId: String)
  /// The request failed; `message` is shown to the user as the state's `error` (login spec L4.b).
  case failure(message: String)
}
