import UnidirectionalFlow

// MARK: - LoginEffect

/// The work the login screen asks for, as plain values that a scenario can assert exactly.
///
/// JSON shape: `{"type":"authenticate","email":s,"password":s}` or `{"type":"cancel","id":s}`.
public enum LoginEffect: Equatable, Sendable, Codable {
  /// Sign in with the trimmed email and the password as typed (login spec L3.f); runs under the
  /// cancellation id ``authenticateID`` (`"authenticate"`).
  case authenticate(email: String, password: String)
  /// Cancel the in-flight effect running under `id` (login spec L5, "Effects": a core effect).
  case cancel(id: String)

  /// The cancellation id of ``authenticate(email:password:)``: `"authenticate"` (login spec, "Effects").
  public static let authenticateID = "authenticate"
}

// MARK: - EffectIdentifying

extension LoginEffect: EffectIdentifying {
  /// `"authenticate"` for ``authenticate(email:password:)``; `nil` for ``cancel(id:)``.
  public var cancellationID: String? {
    switch self {
    case .authenticate: Self.authenticateID
    case .cancel: nil
    }
  }

  /// The id to cancel for ``cancel(id:)``; `nil` for ``authenticate(email:password:)``.
  public var cancelledID: String? {
    switch self {
    case .authenticate: nil
    case .cancel(let id): id
    }
  }
  /// `true`: a new authentication request replaces the one in flight (login.md LR6), as the Kotlin view model's
  /// `replace` does.
  public var cancelsInFlight: Bool { true }
}
