import Foundation

// MARK: - Account

/// The account a successful register request created (signup spec S7), the manifest's object type `Account`.
///
/// JSON shape: `{"userId": uuid, "createdAt": date-time}`: the id as a lower-case canonical UUID and the creation
/// time as RFC 3339 UTC with milliseconds (`"2026-12-02T13:05:00.000Z"`), the spellings of format v1.2
/// (Conformance/README.md §15), which the Codable bridge maps onto `UUID` and `Date`.
public struct Account: Codable, Equatable, Sendable {
  /// The new user's id (S7: it becomes ``SignupState/userId``).
  public var userId: UUID
  /// When the server created the account; the screen does not show it.
  public var createdAt: Date

  /// Creates an account.
  ///
  /// - Parameters:
  ///   - userId: The new user's id.
  ///   - createdAt: When the server created the account.
  public init(userId: UUID, createdAt: Date) {
    self.userId = userId
    self.createdAt = createdAt
  }
}
