// MARK: - LoginAction

/// Everything the login screen reacts to: user input and the answer to a sign-in request.
///
/// JSON shape: an object discriminated by `type`; the Kotlin intent name is given for each case.
public enum LoginAction: Equatable, Sendable, Codable {
  /// The email field changed: `{"type":"emailChanged","value":s}` [UpdateEmail] (login spec L1).
  case emailChanged(String)
  /// The password field changed: `{"type":"passwordChanged","value":s}` [UpdatePassword] (login spec L2).
  case passwordChanged(String)
  /// The user asked to sign in: `{"type":"submit"}` [Submit] (login spec L3).
  case submit
  /// A sign-in request answered: `{"type":"loginResponse","result":…}` [LoginResponse] (login spec L4).
  case loginResponse(LoginResult)
  /// The screen went away: `{"type":"dismissed"}` [Dismissed] (login spec L5).
  case dismissed
}
