// MARK: - Send

/// Sends actions from a running effect back into its ``Store``: the `send` handed to
/// ``StreamingEffectRunner/run(_:send:)``, as TCA's `Send` is handed to `Effect.run { send in … }`.
///
/// Call it like a function, from any task, as often as the effect needs:
///
/// ```swift
/// while true {
///   try await clock.sleep(for: .seconds(1))
///   send(.tick)
/// }
/// ```
///
/// Each call applies the action at once (the reducer runs before the call returns), and starts the effects the
/// action returns. Once the effect is cancelled (by id, by ``Store/cancel()``, by releasing the store) or has ended,
/// every call is ignored: a timer that misses its cancellation by one tick cannot change the state.
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @Sendable ([Action]) -> Void

  /// Creates a `send` that hands every action to `deliver`, for a runner's own tests.
  ///
  /// - Parameter deliver: Receives each sent action, in the order sent.
  public init(_ deliver: @escaping @Sendable (Action) -> Void) {
    self.deliver = { actions in for action in actions { deliver(action) } }
  }

  init(batch deliver: @escaping @Sendable ([Action]) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` into the store; ignored once the effect is cancelled or ended.
  ///
  /// - Parameter action: The action to apply.
  public func callAsFunction(_ action: Action) {
    deliver([action])
  }

  /// Sends `actions` into the store as one batch: they are applied in order with no other action in between, as
  /// the actions an ``EffectRunner`` returns are.
  func callAsFunction(contentsOf actions: [Action]) {
    guard !actions.isEmpty else { return }
    deliver(actions)
  }
}
