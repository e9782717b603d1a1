// MARK: - RegisterResult

/// The outcome of a register request (signup spec S7), the manifest's union `RegisterResult`.
///
/// JSON shape: `{"type":"success","account":{"userId":uuid,"createdAt":date-time}}`, `{"type":"failure","message":s}` or `{"type":"usernameTaken"}`.
public enum RegisterResult: Codable, Equatable, Sendable {
  /// The account was created: its `userId` is stored in the state (S7 success).
  case success(account: Account)
  /// The server refused or failed: `message` is shown verbatim as `submitError` (S7 failure).
  case failure(message: String)
  /// Someone took the username in the meantime: it is marked taken (S7 usernameTaken).
  case usernameTaken
}
