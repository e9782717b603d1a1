// MARK: - SignupAction

/// Everything the sign-up screen reacts to: user input and the answers to its requests (signup spec §2).
///
/// JSON shape: an object discriminated by `type` whose other keys are the associated-value labels, e.g.
/// `{"type": "usernameChanged", "value": "Kate"}`; the Kotlin intent name is given in brackets.
public enum SignupAction: Codable, Equatable, Sendable {
  /// The username field changed: `{"type":"usernameChanged","value":s}` [UsernameChanged] (S1).
  case usernameChanged(value: String)
  /// An availability check answered: `{"type":"availabilityResponse","username":s,"available":bool}`
  /// [AvailabilityResponse] (S2); `username` is the normalized name that was checked.
  case availabilityResponse(username: String, available: Bool)
  /// The display name field changed: `{"type":"displayNameChanged","value":s}` [DisplayNameChanged] (S3).
  case displayNameChanged(value: String)
  /// The age field changed: `{"type":"ageChanged","value":s}` [AgeChanged] (S4); the raw text.
  case ageChanged(value: String)
  /// The terms checkbox was toggled: `{"type":"termsToggled"}` [TermsToggled] (S5).
  case termsToggled
  /// The user asked to sign up: `{"type":"submit"}` [Submit] (S6).
  case submit
  /// The register request answered: `{"type":"registerResponse","result":…}` [RegisterResponse] (S7).
  case registerResponse(result: RegisterResult)
  /// The screen went away: `{"type":"dismissed"}` [Dismissed] (S8).
  case dismissed
}
