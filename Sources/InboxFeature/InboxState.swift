// MARK: - InboxState

/// The inbox screen's state (inbox.md §1).
///
/// JSON shape: `{"messages": [Message], "isLoading": b, "error": s or null, "userName": s or null}`, each message
/// `{"id": s, "subject": s, "read": b}`.
public struct InboxState: Equatable, Sendable, Codable {
  /// The latest list the message stream delivered, tapped messages marked read (IB4, IB6).
  public var messages: [InboxMessage]
  /// Whether the profile loads: set at creation and by retry (IB1, IB3), cleared by its answer (IB2).
  public var isLoading: Bool
  /// The message shown when the profile failed to load (IB2), or `nil`; cleared by retry (IB3).
  public var error: String?
  /// The loaded user's name (IB2), or `nil` until the profile loaded.
  public var userName: String?

  /// Creates a state; the defaults are the initial state,
  /// `{"messages": [], "isLoading": true, "error": null, "userName": null}`.
  ///
  /// - Parameters:
  ///   - messages: The list shown.
  ///   - isLoading: Whether the profile loads.
  ///   - error: The profile error shown, if any.
  ///   - userName: The loaded user's name, if any.
  public init(messages: [InboxMessage] = [], isLoading: Bool = true, error: String? = nil, userName: String? = nil) {
    self.messages = messages
    self.isLoading = isLoading
    self.error = error
    self.userName = userName
  }
}

// MARK: - InboxMessage

/// One message of the inbox (the manifest's named type `Message`).
///
/// JSON shape: `{"id": s, "subject": s, "read": b}`.
public struct InboxMessage: Equatable, Sendable, Codable {
  /// The message's id, unique within a list.
  public var id: String
  /// The subject line shown in the list.
  public var subject: String
  /// Whether the user has opened it: as the stream delivered it, or set by a tap (IB6).
  public var read: Bool

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - id: The message's id.
  ///   - subject: The subject line.
  ///   - read: Whether it has been opened.
  public init(id: String, subject: String, read: Bool) {
    self.id = id
    self.subject = subject
    self.read = read
  }
}
