package conformance.udf

/**
 * The intents a view model's effects sent back, kept only while a runtime scenario asks for them: the Kotlin side of
 * the Swift store's received-action log and of TCA's `TestStore.receive` (Conformance/README.md §14.1).
 *
 * A view model sends each effect result through [add] before applying it; the harness calls [record] once when it
 * builds the view model and [take] after every step. An app never calls [record], so it keeps no log.
 *
 * ```kotlin
 * private val received = ReceivedIntents<TimerIntent>()
 *
 * private fun receive(intent: TimerIntent) {
 *     received.add(intent)
 *     onIntent(intent)
 * }
 * ```
 *
 * Safe to call from any thread.
 */
public class ReceivedIntents<Intent> {
    /** The log while recording; null before [record]. Guarded by this object's monitor. */
    private var log: MutableList<Intent>? = null

    /** Starts keeping the intents passed to [add]; a second call changes nothing. */
    @Synchronized
    public fun record() {
        if (log == null) log = mutableListOf()
    }

    /**
     * Keeps [intent] when recording; otherwise does nothing.
     *
     * @param intent an intent an effect sent back, as the view model applies it.
     */
    @Synchronized
    public fun add(intent: Intent) {
        log?.add(intent)
    }

    /**
     * The intents kept since the last call, in the order added, and forgets them.
     *
     * @return empty when not recording.
     */
    @Synchronized
    public fun take(): List<Intent> = log?.toList().orEmpty().also { log?.clear() }
}
