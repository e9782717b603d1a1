// MARK: - LoginState

/// The login screen's state.
///
/// JSON shape (login spec, "State"): `{"email": string, "password": string, "isLoading": bool,
/// "error": string|null}`; the initial state is `{"email":"","password":"","isLoading":false,
/// "error":null}`, which is what `LoginState()` creates.
///
/// `email` and `password` hold exactly what the user typed: never trimmed, never Unicode-normalised
/// (login spec L1, L2). Note that Swift's `String ==` compares by canonical equivalence, so two states
/// holding "é" precomposed and decomposed compare equal; compare `unicodeScalars` to tell them apart.
public struct LoginState: Equatable, Sendable, Codable {
  /// The email address as typed, verbatim (login spec L1).
  public var email: String
  /// The password as typed, verbatim (login spec L2).
  public var password: String
  /// Whether a sign-in request is in flight (set by L3.f, cleared by L4.b and L5).
  public var isLoading: Bool
  /// The message to show, or `nil` for none (set by L3.c–e and L4.b failure, cleared by L3.f and L4.b
  /// success).
  public var error: String?

  /// Creates a login state; the defaults are the spec's initial state.
  ///
  /// - Parameters:
  ///   - email: The email address as typed.
  ///   - password: The password as typed.
  ///   - isLoading: Whether a sign-in request is in flight.
  ///   - error: The message to show, or `nil`.
  public init(email: String = "", password: String = "", isLoading: Bool = false, error: String? = nil) {
    self.email = email
    self.password = password
    self.isLoading = isLoading
    self.error = error
  }
}
