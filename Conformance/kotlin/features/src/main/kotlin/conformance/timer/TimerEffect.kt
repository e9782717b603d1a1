package conformance.timer

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** The work the timer screen asks for (timer.md §3), on the wire `{"type": "runTimer"}` or `{"type": "cancel", "id": s}`. */
@Serializable
public sealed interface TimerEffect {
    /** Send [TimerIntent.Tick] every 1,000 ms until cancelled (TR1); replaces a timer already running (TR2). */
    @Serializable
    @SerialName("runTimer")
    public data object RunTimer : TimerEffect {
        /** The cancellation id of the timer: `"timer"`. */
        public const val CANCELLATION_ID: String = "timer"
    }

    /**
     * Cancel every effect running under [id] (T2, T3).
     *
     * @property id the cancellation id.
     */
    @Serializable
    @SerialName("cancel")
    public data class Cancel(public val id: String) : TimerEffect
}
