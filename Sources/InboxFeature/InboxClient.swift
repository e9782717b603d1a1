// MARK: - InboxClient

/// The services the inbox calls (inbox.md §2): injected into ``InboxEffectRunner``, faked in runtime scenarios.
///
/// ```swift
/// struct LiveInboxClient: InboxClient {
///   func loadProfile() async throws -> ProfileResult { … }
///   func observeMessages() -> AsyncThrowingStream<[InboxMessage], any Error> { … }
/// }
/// ```
public protocol InboxClient: Sendable {
  /// Loads the signed-in user's profile (IB1, IB3).
  ///
  /// - Returns: The profile, or the service's error message as ``ProfileResult/failed(message:)``.
  /// - Throws: Any error; the inbox shows ``ProfileResult/thrownErrorMessage`` for it (IB2), and nothing for a
  ///   `CancellationError`.
  func loadProfile() async throws -> ProfileResult

  /// Subscribes to the inbox: each element is the whole current list (IB4). The subscription starts when iteration
  /// starts and ends when the iterating task is cancelled (IB5).
  ///
  /// - Returns: A stream that ends normally or with an error when the service ends it.
  func observeMessages() -> AsyncThrowingStream<[InboxMessage], any Error>
}
