package conformance.timer

import conformance.lifecycle.ViewModel
import conformance.udf.CancellableJobs
import conformance.udf.ReceivedIntents
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.update

/**
 * The timer screen's view model: holds [TimerState], applies intents with [TimerReducer] and runs the effects it
 * returns (timer.md TR1–TR4).
 *
 * [TimerEffect.RunTimer] is a long-living effect: the [ticks] flow, collected in [viewModelScope] under the
 * cancellation id `"timer"` with [CancellableJobs.replace] (cancel in flight, TR2), sends [TimerIntent.Tick] for each
 * value. [TimerEffect.Cancel] cancels it at once (TR3); [clear] cancels everything (TR4).
 *
 * ```kotlin
 * val viewModel = TimerViewModel()
 * viewModel.onIntent(TimerIntent.StartTapped)
 * viewModel.state.collect { render(it) }
 * ```
 *
 * @param dispatcher where the timer runs; also its clock when it is a `kotlinx.coroutines.Delay` (a virtual-time
 *   dispatcher in tests and runtime scenarios).
 * @param initialState the state to start from.
 */
public class TimerViewModel(
    dispatcher: CoroutineDispatcher = Dispatchers.Default,
    initialState: TimerState = TimerState(),
) : ViewModel(dispatcher) {
    private val _state = MutableStateFlow(initialState)

    /** The current screen state. */
    public val state: StateFlow<TimerState> = _state.asStateFlow()

    private val jobs = CancellableJobs(viewModelScope)

    /** The intents effects sent back, kept while a runtime scenario records them. */
    private val received = ReceivedIntents<TimerIntent>()

    /**
     * Applies [intent] with [TimerReducer], then runs the effects it returned; ignored once cleared (TR4).
     *
     * @param intent what happened (a tap, a tick).
     */
    public fun onIntent(intent: TimerIntent) {
        if (isCleared) return
        var effects: List<TimerEffect> = emptyList()
        _state.update { current ->
            val next = TimerReducer.reduce(current, intent)
            effects = next.effects
            next.state
        }
        effects.forEach(::perform)
    }

    /** Cancels the timer; called once by [clear] after [viewModelScope] was cancelled. */
    override fun onCleared() {
        jobs.cancelAll()
    }

    // Inspection (runtime scenarios, scenario format v1.2)

    /** Starts keeping the intents effects send back, for [takeReceived]. */
    internal fun recordReceived() = received.record()

    /** The intents effects sent back since the last call, in the order applied; empty when not recording. */
    internal fun takeReceived(): List<TimerIntent> = received.take()

    /** The effects running and not cancelled, in start order: type (`runTimer`) and cancellation id. */
    internal fun effectsInFlight(): List<Pair<String, String>> = jobs.inFlight()

    private fun perform(effect: TimerEffect) {
        when (effect) {
            TimerEffect.RunTimer -> jobs.replace(TimerEffect.RunTimer.CANCELLATION_ID, "runTimer") {
                ticks().collect { receive(TimerIntent.Tick) }
            }
            is TimerEffect.Cancel -> jobs.cancel(effect.id)
        }
    }

    /** Sends an effect's result back as an intent, keeping it for [takeReceived] when recording. */
    private fun receive(intent: TimerIntent) {
        if (isCleared) return
        received.add(intent)
        onIntent(intent)
    }

    /** The timer's behaviour (timer.md TR1). */
    public companion object {
        /** The time between two ticks, in milliseconds of the dispatcher's clock: 1,000 (TR1). */
        public const val TICK_INTERVAL_MILLIS: Long = 1_000

        /**
         * A flow that emits once every [TICK_INTERVAL_MILLIS], forever: the n-th value n × 1,000 ms after collection
         * starts, on the collector's clock.
         *
         * @return the cold flow of ticks.
         */
        public fun ticks(): Flow<Unit> = flow {
            while (true) {
                delay(TICK_INTERVAL_MILLIS)
                emit(Unit)
            }
        }
    }
}
