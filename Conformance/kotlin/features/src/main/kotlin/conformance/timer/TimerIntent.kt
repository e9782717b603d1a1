package conformance.timer

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** What happens on the timer screen (timer.md §2), on the wire `{"type": <name>}`. */
@Serializable
public sealed interface TimerIntent {
    /** The user tapped start: the timer (re)starts (T1). */
    @Serializable
    @SerialName("startTapped")
    public data object StartTapped : TimerIntent

    /** The user tapped stop: the timer stops, the count stays (T2). */
    @Serializable
    @SerialName("stopTapped")
    public data object StopTapped : TimerIntent

    /** The user tapped reset: the timer stops and the count goes back to 0 (T3). */
    @Serializable
    @SerialName("resetTapped")
    public data object ResetTapped : TimerIntent

    /** One second of the running timer passed (T4); sent by [TimerEffect.RunTimer]. */
    @Serializable
    @SerialName("tick")
    public data object Tick : TimerIntent
}
