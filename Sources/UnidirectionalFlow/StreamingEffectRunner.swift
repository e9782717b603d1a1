// MARK: - StreamingEffectRunner

/// Performs effects that send actions over time: a timer that ticks every second, a subscription to a stream of
/// updates. TCA's `Effect.run { send in … }`, with the effect given as a value.
///
/// The ``Store`` always runs an effect through ``run(_:send:)``. An ``EffectRunner``, which returns its actions once
/// at the end, is a `StreamingEffectRunner` whose `run(_:send:)` sends what `run(_:)` returns, so a feature whose
/// effects all answer once needs nothing from this protocol.
///
/// ```swift
/// struct TimerEffectRunner: StreamingEffectRunner {
///   let clock: any Clock<Duration>
///   func run(_ effect: TimerEffect, send: Send<TimerAction>) async throws {
///     switch effect {
///     case .start:
///       while true {
///         try await clock.sleep(for: .milliseconds(1000))
///         send(.tick)
///       }
///     case .cancel:
///       return
///     }
///   }
/// }
/// ```
///
/// - Important: A long-living effect ends only when it is cancelled (so ``Store/finish()`` and ``StoreTask/finish()``
///   wait until it is), so give it a ``EffectIdentifying/cancellationID`` and have the reducer emit a cancel command
///   for it; and let it wait in a way that honours cancellation
///   (`clock.sleep`, `for await` over a stream that ends on cancellation). Actions it sends after it is cancelled are
///   dropped, so a late `send` is harmless, but work it keeps doing is not.
public protocol StreamingEffectRunner<Effect, Action>: Sendable {
  /// The effect values this runner performs.
  associatedtype Effect: Sendable
  /// The actions this runner produces.
  associatedtype Action: Sendable

  /// Performs one effect, sending its actions to the store with `send` as they come.
  ///
  /// Runs on a task of its own; the store cancels that task when the effect is cancelled (by id, by
  /// ``Store/cancel()`` or by releasing the store). The effect ends when this method returns or throws.
  ///
  /// - Parameters:
  ///   - effect: The effect to perform. Never a cancel command (see ``EffectIdentifying``).
  ///   - send: Applies an action in the store; calls after the effect is cancelled or ended are ignored.
  /// - Throws: Any error, typically `CancellationError`; the effect then ends, and what it sent before stays applied.
  func run(_ effect: Effect, send: Send<Action>) async throws
}
