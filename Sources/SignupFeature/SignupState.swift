import Foundation

// MARK: - SignupState

/// The sign-up screen's state (signup spec §1).
///
/// JSON shape: `{"username": s, "displayName": s, "age": s, "acceptedTerms": bool, "availability":
/// "unknown"|"checking"|"available"|"taken", "errors": {"username": s|null, "displayName": s|null, "age": s|null,
/// "terms": s|null}, "isSubmitting": bool, "submitError": s|null, "userId": uuid|null}`. `SignupState()` is the spec's
/// initial state. The property names are the manifest's field names, so the synthesized `Codable` conformance
/// matches the wire form (nil optionals aside, which the conformance bridge writes as `null`).
///
/// `username`, `displayName` and `age` hold exactly what the user typed (S1, S3, S4). Swift's `String ==`
/// compares by canonical equivalence; compare `unicodeScalars` to tell NFC from NFD.
public struct SignupState: Codable, Equatable, Sendable {
  /// The username as typed, verbatim (S1).
  public var username: String
  /// The display name as typed, verbatim (S3).
  public var displayName: String
  /// The age field's raw text, verbatim (S4); parsed only on submit (S6 age).
  public var age: String
  /// Whether the terms are accepted (S5).
  public var acceptedTerms: Bool
  /// Where the availability check of the normalized username stands (S1, S2, S7, S8).
  public var availability: Availability
  /// The message under each field (S1–S7).
  public var errors: FieldErrors
  /// Whether a register request is in flight (set by S6, cleared by S7 and S8).
  public var isSubmitting: Bool
  /// The server's failure message, or `nil` (set by S7 failure, cleared by S6).
  public var submitError: String?
  /// The registered user's id, or `nil` until S7 success.
  public var userId: UUID?

  /// Creates a sign-up state; the defaults are the spec's initial state.
  ///
  /// - Parameters:
  ///   - username: The username as typed.
  ///   - displayName: The display name as typed.
  ///   - age: The age field's raw text.
  ///   - acceptedTerms: Whether the terms are accepted.
  ///   - availability: The availability of the normalized username.
  ///   - errors: The message under each field.
  ///   - isSubmitting: Whether a register request is in flight.
  ///   - submitError: The server's failure message, or `nil`.
  ///   - userId: The registered user's id, or `nil`.
  public init(
    username: String = "", displayName: String = "", age: String = "", acceptedTerms: Bool = false,
    availability: Availability = .unknown, errors: FieldErrors = FieldErrors(), isSubmitting: Bool = false,
    submitError: String? = nil, userId: UUID? = nil
  ) {
    self.username = username
    self.displayName = displayName
    self.age = age
    self.acceptedTerms = acceptedTerms
    self.availability = availability
    self.errors = errors
    self.isSubmitting = isSubmitting
    self.submitError = submitError
    self.userId = userId
  }
}

// MARK: - Availability

extension SignupState {
  /// Where the availability check of the normalized username stands: the manifest's string enum
  /// `"unknown"`, `"checking"`, `"available"`, `"taken"` (the raw values).
  public enum Availability: String, Codable, Equatable, Sendable {
    /// No check has run for the current username, or it is not valid (initial; S1, S8).
    case unknown
    /// A `checkAvailability` effect is in flight for the current username (S1).
    case checking
    /// The server said the username is free (S2).
    case available
    /// The server said the username is taken (S2, S7 usernameTaken).
    case taken
  }
}

// MARK: - FieldErrors

extension SignupState {
  /// The message under each of the four fields, `nil` for none (signup spec §5 lists the exact strings).
  ///
  /// JSON shape: `{"username": s|null, "displayName": s|null, "age": s|null, "terms": s|null}`.
  public struct FieldErrors: Codable, Equatable, Sendable {
    /// The username's message (S1 clears it; S2, S6 username and S7 usernameTaken set it).
    public var username: String?
    /// The display name's message (S3 clears it; S6 displayName sets it).
    public var displayName: String?
    /// The age's message (S4 clears it; S6 age sets it).
    public var age: String?
    /// The terms' message (S5 clears it; S6 terms sets it).
    public var terms: String?

    /// Creates field errors; by default there are none.
    ///
    /// - Parameters:
    ///   - username: The username's message, or `nil`.
    ///   - displayName: The display name's message, or `nil`.
    ///   - age: The age's message, or `nil`.
    ///   - terms: The terms' message, or `nil`.
    public init(username: String? = nil, displayName: String? = nil, age: String? = nil, terms: String? = nil) {
      self.username = username
      self.displayName = displayName
      self.age = age
      self.terms = terms
    }
  }
}
