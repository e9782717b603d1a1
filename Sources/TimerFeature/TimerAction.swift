// MARK: - TimerAction

/// What happens on the timer screen: the user's taps and the timer's ticks (timer.md §2).
///
/// JSON shape: `{"type": "startTapped"}`, `{"type": "stopTapped"}`, `{"type": "resetTapped"}` or `{"type": "tick"}`.
public enum TimerAction: Equatable, Sendable, Codable {
  /// The user tapped start: the timer (re)starts (T1).
  case startTapped
  /// The user tapped stop: the timer stops, the count stays (T2).
  case stopTapped
  /// The user tapped reset: the timer stops and the count goes back to 0 (T3).
  case resetTapped
  /// One second of the running timer passed (T4); sent by the ``TimerEffect/runTimer`` effect.
  case tick
}
