// MARK: - TimerState

/// The timer screen's state (timer.md §1).
///
/// JSON shape: `{"seconds": n, "isRunning": b}`, `n` a whole number of ticks counted since the last reset (0 or more),
/// `isRunning` true between a start and a stop or reset.
public struct TimerState: Equatable, Sendable, Codable {
  /// The ticks counted since the last reset: one per second of the running timer (T4).
  public var seconds: Int
  /// Whether the timer runs: set by T1, cleared by T2 and T3.
  public var isRunning: Bool

  /// Creates a state; the defaults are the initial state, `{"seconds": 0, "isRunning": false}`.
  ///
  /// - Parameters:
  ///   - seconds: The ticks counted so far.
  ///   - isRunning: Whether the timer runs.
  public init(seconds: Int = 0, isRunning: Bool = false) {
    self.seconds = seconds
    self.isRunning = isRunning
  }
}
