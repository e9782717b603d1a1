package conformance.timer

import conformance.udf.Next
import conformance.udf.Reducer

/**
 * The timer screen's rules T1–T4 (timer.md §2), the same as the Swift `TimerReducer`.
 *
 * ```kotlin
 * TimerReducer.reduce(TimerState(), TimerIntent.StartTapped) // Next(TimerState(isRunning = true), [RunTimer])
 * ```
 */
public object TimerReducer : Reducer<TimerState, TimerIntent, TimerEffect> {
    private val cancelTimer = TimerEffect.Cancel(TimerEffect.RunTimer.CANCELLATION_ID)

    /**
     * Applies one intent (timer.md T1–T4).
     *
     * @param state the state before the intent.
     * @param intent the intent to apply.
     * @return `[RunTimer]` for a start (T1), `[Cancel("timer")]` for a stop or reset (T2, T3), nothing for a tick (T4).
     */
    override fun reduce(state: TimerState, intent: TimerIntent): Next<TimerState, TimerEffect> =
        when (intent) {
            TimerIntent.StartTapped -> Next(state.copy(isRunning = true), listOf(TimerEffect.RunTimer))
            TimerIntent.StopTapped -> Next(state.copy(isRunning = false), listOf(cancelTimer))
            TimerIntent.ResetTapped -> Next(TimerState(seconds = 0, isRunning = false), listOf(cancelTimer))
            TimerIntent.Tick -> Next(state.copy(seconds = state.seconds + 1))
        }
}
