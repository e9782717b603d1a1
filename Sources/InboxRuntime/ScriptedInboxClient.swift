import Conformance
import InboxFeature

// MARK: - ScriptedInboxClient

/// The inbox's services during a runtime scenario: each call goes to the scenario's scripted dependencies, so that
/// `respond` and `emit` steps answer it (inbox.md §2).
///
/// ```swift
/// InboxEffectRunner(client: ScriptedInboxClient(environment: environment), events: events)
/// ```
public struct ScriptedInboxClient: InboxClient {
  /// The scenario's environment.
  public let environment: RuntimeEnvironment

  /// Creates a client that calls `environment`'s scripted dependencies.
  public init(environment: RuntimeEnvironment) {
    self.environment = environment
  }

  /// Calls `loadProfile` with no arguments; the scenario answers it with a `ProfileResult`.
  ///
  /// - Throws: What the scenario's `respond` throws, or `CancellationError` when cancelled.
  public func loadProfile() async throws -> ProfileResult {
    try await environment.call("loadProfile", arguments: [String: String](), returning: ProfileResult.self)
  }

  /// Subscribes to `observeMessages` with no arguments; the scenario's `emit` steps deliver its lists.
  public func observeMessages() -> AsyncThrowingStream<[InboxMessage], any Error> {
    environment.stream("observeMessages", arguments: [String: String](), of: [InboxMessage].self)
  }
}
