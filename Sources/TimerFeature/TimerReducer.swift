import UnidirectionalFlow

// MARK: - TimerReducer

/// The timer screen's rules T1–T4 (timer.md §2): start, stop and reset drive a repeating timer whose ticks count
/// seconds.
///
/// ```swift
/// let store = Store(
///   initialState: TimerState(), reducer: TimerReducer(), effectRunner: TimerEffectRunner())
/// store.send(.startTapped)
/// ```
public struct TimerReducer: Reducer {
  /// Creates the reducer.
  public init() {}

  /// Applies one action (timer.md T1–T4).
  ///
  /// - Parameters:
  ///   - state: The state, updated in place.
  ///   - action: The action to apply.
  /// - Returns: `[.runTimer]` for a start (T1), `[.cancel(id: "timer")]` for a stop or a reset (T2, T3), and nothing
  ///   for a tick (T4).
  public func reduce(into state: inout TimerState, action: TimerAction) -> [TimerEffect] {
    switch action {
    case .startTapped:
      state.isRunning = true
      return [.runTimer]
    case .stopTapped:
      state.isRunning = false
      return [.cancel(id: TimerEffect.timerID)]
    case .resetTapped:
      state.seconds = 0
      state.isRunning = false
      return [.cancel(id: TimerEffect.timerID)]
    case .tick:
      state.seconds += 1
      return []
    }
  }
}
