// MARK: - ProfileResult

/// The answer of the `loadProfile` dependency (inbox.md §2).
///
/// JSON shape: `{"type": "loaded", "name": s}` or `{"type": "failed", "message": s}`.
public enum ProfileResult: Equatable, Sendable, Codable {
  /// The profile loaded; `name` is shown as the user's name (IB2).
  case loaded(name: String)
  /// The service answered with an error message to show (IB2).
  case failed(message: String)

  /// What a thrown error (not a cancellation) counts as: the thrown error's text is never shown (IB2).
  public static let thrownErrorMessage = "Could not load your profile."
}
