// MARK: - InboxAction

/// What happens on the inbox screen: its creation and its `.task`, the user's taps, and the answers its effects send
/// back (inbox.md §3).
///
/// JSON shape (manifest cases only): `{"type": "messageTapped", "id": s}`, `{"type": "retryTapped"}`,
/// `{"type": "profileLoaded", "result": ProfileResult}`, `{"type": "messagesChanged", "messages": [Message]}`.
/// ``created`` and ``task`` are the Swift store's lifecycle actions, not in the manifest: no scenario sends them, the
/// runtime adapter and the view's `.task {}` do.
public enum InboxAction: Equatable, Sendable, Codable {
  /// The store was created: the profile loads (IB1). Sent once, by whoever creates the store.
  case created
  /// The view's `.task {}` started: `.task { await store.send(.task).finish() }`. Messages are observed until that
  /// task is cancelled, when the screen disappears (IB4, IB5).
  case task
  /// The user tapped the message with this id (IB6).
  case messageTapped(id: String)
  /// The user tapped retry under the error (IB3).
  case retryTapped
  /// The `loadProfile` call answered (IB2); sent by the ``InboxEffect/loadProfile`` effect.
  case profileLoaded(result: ProfileResult)
  /// The message stream delivered a new list (IB4); sent by the ``InboxEffect/observeMessages`` effect.
  case messagesChanged(messages: [InboxMessage])
}

// MARK: - InboxEvent

/// A one-off event the inbox sends to its screen: navigation, which is not state (inbox.md §2).
///
/// JSON shape: `{"type": "openMessage", "id": s}`.
public enum InboxEvent: Equatable, Sendable, Codable {
  /// Navigate to the message with this id (IB6).
  case openMessage(id: String)
}
