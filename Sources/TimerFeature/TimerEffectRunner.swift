import UnidirectionalFlow

// MARK: - TimerEffectRunner

/// Runs ``TimerEffect``s for a `Store`: ``TimerEffect/runTimer`` is a long-living effect that sends
/// ``TimerAction/tick`` every ``interval`` on `clock` until it is cancelled (timer.md TR1), TCA's
/// `Effect.run { send in for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) } }`.
///
/// ```swift
/// let store = Store(
///   initialState: TimerState(), reducer: TimerReducer(), effectRunner: TimerEffectRunner())
/// ```
public struct TimerEffectRunner: StreamingEffectRunner {
  /// The time between two ticks (timer.md TR1): 1,000 ms of the runner's clock.
  public static let interval: Duration = .milliseconds(1000)

  private let clock: any Clock<Duration>

  /// Creates a runner whose timer ticks on `clock`.
  ///
  /// - Parameter clock: `ContinuousClock` by default; a runtime scenario passes its manual clock, so that ticks fall
  ///   due only when the scenario advances virtual time.
  public init(clock: some Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  // MARK: - StreamingEffectRunner

  /// Performs one timer effect.
  ///
  /// - `.runTimer` sleeps ``interval`` and sends `.tick`, again and again, each sleep counted from the previous
  ///   deadline, so the n-th tick comes n × 1,000 ms after the start (TR1). It ends only when cancelled.
  /// - `.cancel(id:)` is performed by the `Store` itself and never reaches a runner; if called directly, does nothing.
  ///
  /// - Parameters:
  ///   - effect: The effect to perform.
  ///   - send: Sends each tick into the store.
  /// - Throws: `CancellationError` when the timer is cancelled (T2, T3, TR2, or the store going away).
  public func run(_ effect: TimerEffect, send: Send<TimerAction>) async throws {
    guard case .runTimer = effect else { return }
    try await Self.tick(on: clock, send: send)
  }

  /// Sends `.tick` at start + 1 × ``interval``, start + 2 × ``interval``, …, until cancelled: deadlines, not
  /// sleeps of one interval each, so a late wake-up does not shift the ticks after it.
  private static func tick<C: Clock<Duration>>(on clock: C, send: Send<TimerAction>) async throws {
    var deadline = clock.now.advanced(by: interval)
    while true {
      try await clock.sleep(until: deadline, tolerance: nil)
      send(.tick)
      deadline = deadline.advanced(by: interval)
    }
  }
}
