package conformance.timer

import kotlinx.serialization.Serializable

/**
 * The timer screen's state (timer.md §1), on the wire `{"seconds": n, "isRunning": b}`.
 *
 * @property seconds the ticks counted since the last reset (T3, T4); a `Long`, as the manifest's `integer` is 64-bit.
 * @property isRunning whether the timer runs: set by T1, cleared by T2 and T3.
 */
@Serializable
public data class TimerState(
    public val seconds: Long = 0,
    public val isRunning: Boolean = false,
)
