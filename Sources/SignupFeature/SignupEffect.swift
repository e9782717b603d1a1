import UnidirectionalFlow

// MARK: - SignupEffect

/// The work the sign-up screen asks for, as plain values that a scenario can assert exactly (signup spec §4).
///
/// JSON shape: `{"type":"checkAvailability","username":s}`, `{"type":"register","username":s,
/// "displayName":s,"age":integer}` or `{"type":"cancel","id":s}`.
public enum SignupEffect: Codable, Equatable, Sendable {
  /// Ask whether the normalized `username` is free (S1); runs under ``availabilityID`` (`"availability"`), so a
  /// newer check replaces an older one. The answer comes back as ``SignupAction/availabilityResponse(username:available:)``.
  case checkAvailability(username: String)
  /// Create the account (S6): the normalized username, the trimmed display name and the age as an integer
  /// (13–130). Runs under ``registerID`` (`"register"`); the answer comes back as
  /// ``SignupAction/registerResponse(result:)``.
  case register(username: String, displayName: String, age: Int)
  /// Cancel the in-flight effect running under `id` (S1, S8; a core effect).
  case cancel(id: String)

  /// The cancellation id of ``checkAvailability(username:)``: `"availability"` (signup spec §4).
  public static let availabilityID = "availability"
  /// The cancellation id of ``register(username:displayName:age:)``: `"register"` (signup spec §4).
  public static let registerID = "register"
}

// MARK: - EffectIdentifying

extension SignupEffect: EffectIdentifying {
  /// `"availability"` for ``checkAvailability(username:)``, `"register"` for
  /// ``register(username:displayName:age:)``, `nil` for ``cancel(id:)``.
  public var cancellationID: String? {
    switch self {
    case .checkAvailability: Self.availabilityID
    case .register: Self.registerID
    case .cancel: nil
    }
  }

  /// The id to cancel for ``cancel(id:)``; `nil` otherwise.
  public var cancelledID: String? {
    switch self {
    case .checkAvailability, .register: nil
    case .cancel(let id): id
    }
  }
  /// `true`: a new availability check replaces the one in flight (signup.md, "Effects"), and so would a second
  /// registration (the reducer's double-submit guard never starts one while the first runs).
  public var cancelsInFlight: Bool { true }
}
