import UnidirectionalFlow

// MARK: - InboxEffect

/// The work the inbox asks for, as plain values (inbox.md §4).
///
/// JSON shape: `{"type": "loadProfile"}`, `{"type": "observeMessages"}` or `{"type": "openMessage", "id": s}`.
public enum InboxEffect: Equatable, Sendable, Codable {
  /// Call `loadProfile` and send its answer back as ``InboxAction/profileLoaded(result:)`` (IB1, IB3).
  case loadProfile
  /// Iterate `observeMessages` and send each list back as ``InboxAction/messagesChanged(messages:)`` until the
  /// screen's task is cancelled or the stream ends (IB4, IB5).
  case observeMessages
  /// Send ``InboxEvent/openMessage(id:)`` to the screen (IB6).
  case openMessage(id: String)

  /// The cancellation id of ``loadProfile``: `"loadProfile"` (inbox.md §4).
  public static let loadProfileID = "loadProfile"
}

// MARK: - EffectIdentifying

extension InboxEffect: EffectIdentifying {
  /// `"loadProfile"` for ``loadProfile``; `nil` otherwise: ``observeMessages`` is cancelled with the screen's task
  /// that started it, not by id.
  public var cancellationID: String? {
    self == .loadProfile ? Self.loadProfileID : nil
  }
}
