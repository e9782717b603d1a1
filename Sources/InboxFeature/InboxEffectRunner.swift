import UnidirectionalFlow

// MARK: - InboxEffectRunner

/// Runs ``InboxEffect``s for a `Store` (inbox.md §4): calls the ``InboxClient``, iterates its message stream while the
/// screen's task runs, and hands navigation events to the screen's ``EventChannel``.
///
/// ```swift
/// let events = EventChannel<InboxEvent>()
/// let store = Store(
///   initialState: InboxState(), reducer: InboxReducer(),
///   effectRunner: InboxEffectRunner(client: client, events: events))
/// store.send(.created)
/// ```
public struct InboxEffectRunner: StreamingEffectRunner {
  private let client: any InboxClient
  private let events: EventChannel<InboxEvent>

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - client: The services the inbox calls.
  ///   - events: Where ``InboxEffect/openMessage(id:)`` sends its event; the screen listens to it.
  public init(client: any InboxClient, events: EventChannel<InboxEvent>) {
    self.client = client
    self.events = events
  }

  // MARK: - StreamingEffectRunner

  /// Performs one inbox effect.
  ///
  /// - `.loadProfile` sends `.profileLoaded(result)`; a thrown error (not a cancellation) sends
  ///   `.profileLoaded(.failed(ProfileResult.thrownErrorMessage))` (IB2).
  /// - `.observeMessages` sends `.messagesChanged(list)` for each element until the stream ends (normally or with an
  ///   error: nothing more is sent, IB4) or the effect is cancelled (IB5).
  /// - `.openMessage(id)` sends the event ``InboxEvent/openMessage(id:)`` to the screen (IB6).
  ///
  /// - Parameters:
  ///   - effect: The effect to perform.
  ///   - send: Sends the answers back into the store.
  /// - Throws: `CancellationError` when the effect is cancelled.
  public func run(_ effect: InboxEffect, send: Send<InboxAction>) async throws {
    switch effect {
    case .loadProfile:
      send(.profileLoaded(result: try await loadProfile()))
    case .observeMessages:
      do {
        for try await messages in client.observeMessages() {
          send(.messagesChanged(messages: messages))
        }
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        // IB4: a stream that fails ends the observation; the list stays.
        return
      }
    case .openMessage(let id):
      events.send(.openMessage(id: id))
    }
  }

  /// The client's answer, a thrown error counted as a failure with a fixed message (IB2).
  private func loadProfile() async throws -> ProfileResult {
    do {
      return try await client.loadProfile()
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      return .failed(message: ProfileResult.thrownErrorMessage)
    }
  }
}
