package conformance.harness

import conformance.harness.internal.HarnessJson
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.launch
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.JsonElement

/**
 * One running instance of a feature's runtime, driven step by step by a runtime scenario (the Swift side's
 * `FeatureRuntime`): usually a thin wrapper around a view model, made with [featureRuntime].
 *
 * The harness calls it from one thread, and only between settling the [RuntimeEnvironment.dispatcher].
 */
public interface FeatureRuntime<out State, in Intent> {
    /** The current state, e.g. `viewModel.state.value`. */
    public val state: State

    /**
     * Sends [intent] to the view model or store (a `send` step), e.g. `viewModel.onIntent(intent)`.
     * Effects it launches run when the harness settles the step.
     */
    public fun send(intent: Intent)

    /**
     * Tears the owner down (a `clear` step, and the end of every scenario): `ViewModel.onCleared`, the store
     * cancelled. Cancels everything in flight; later intents change nothing (login.md LR5). Must be safe to
     * call more than once.
     */
    public fun clear()

    /**
     * The intents the runtime's effects sent back since the last call, in the order applied (scenario format v1.2,
     * TCA's `store.receive`); null (the default) when the runtime has no intents for results.
     */
    public fun takeReceived(): List<@UnsafeVariance Intent>? = null

    /** The effects running and not cancelled, in start order; null (the default) when the runtime cannot tell. */
    public fun effectsInFlight(): List<InFlightEffect>? = null

    /**
     * The screen starts observing the runtime (a `screen appear` step, harness protocol §2.5.7), as a Compose
     * screen does with `collectAsStateWithLifecycle` once STARTED: launch the screen's collectors in [screen],
     * whose job the harness cancels at `screen disappear` and before [clear]. Pass each one-off event the
     * screen receives to [onEvent], encoded as `{"type": name, …fields}`.
     *
     * The default does nothing: a runtime without a screen lifecycle treats both screen steps as settling only.
     */
    public fun appear(screen: CoroutineScope, onEvent: (JsonElement) -> Unit) {}
}

/**
 * A [FeatureRuntime] made of functions, for a view model that is not one itself.
 *
 * ```kotlin
 * featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
 * ```
 *
 * @param state reads the current state; the place to project a UI state the team's code keeps (a sealed
 *   `UiState`, a state holding callbacks) onto the feature's neutral `@Serializable` state.
 * @param send sends one intent.
 * @param clear tears the owner down; called again at the end of the scenario, so it must be idempotent.
 * @param received the intents effects sent back since the last call ([FeatureRuntime.takeReceived]); null when
 *   the runtime has none.
 * @param inFlight the effects running ([FeatureRuntime.effectsInFlight]); null when the runtime cannot tell.
 * @param stateFlow the flow the screen collects while it shows (§2.5.7), e.g. `viewModel.state`: collecting it is
 *   what starts `stateIn(…, WhileSubscribed())` and `onSubscription` work; null when the runtime does not care
 *   whether a screen observes it.
 * @return the runtime.
 */
public fun <State, Intent> featureRuntime(
    state: () -> State,
    send: (Intent) -> Unit,
    clear: () -> Unit,
    received: (() -> List<Intent>)? = null,
    inFlight: (() -> List<InFlightEffect>)? = null,
    stateFlow: Flow<*>? = null,
): FeatureRuntime<State, Intent> =
    FunctionRuntime<State, Intent, Nothing>(state, send, clear, received, inFlight, stateFlow, events = null, eventSerializer = null)

/**
 * A [FeatureRuntime] made of functions, for a view model that also sends one-off events (navigation, a
 * snackbar) the screen collects while it shows (§2.5.7, manifest `events`):
 *
 * ```kotlin
 * featureRuntime(
 *     state = { viewModel.state.value.toInboxState() },
 *     send = viewModel::onIntent,
 *     clear = viewModel::clear,
 *     stateFlow = viewModel.state,
 *     events = viewModel.events,
 *     eventSerializer = InboxEvent.serializer(),
 * )
 * ```
 *
 * Declare [RuntimeReport.EVENTS] in [serializableRuntime]'s `reports` so that the events are reported.
 *
 * @param events the runtime's events, e.g. a `Channel` received as a flow; collected only while the screen shows.
 * @param eventSerializer encodes each event as `{"type": name, …fields}`: a `@Serializable sealed interface`
 *   whose cases' `@SerialName`s are the manifest's event names.
 * @return the runtime.
 * @see featureRuntime for the other parameters.
 */
public fun <State, Intent, Event> featureRuntime(
    state: () -> State,
    send: (Intent) -> Unit,
    clear: () -> Unit,
    received: (() -> List<Intent>)? = null,
    inFlight: (() -> List<InFlightEffect>)? = null,
    stateFlow: Flow<*>? = null,
    events: Flow<Event>,
    eventSerializer: SerializationStrategy<Event>,
): FeatureRuntime<State, Intent> =
    FunctionRuntime(state, send, clear, received, inFlight, stateFlow, events, eventSerializer)

/** The [FeatureRuntime] behind [featureRuntime]; [events] and [eventSerializer] are both set or both null. */
private class FunctionRuntime<State, Intent, Event>(
    private val readState: () -> State,
    private val sendIntent: (Intent) -> Unit,
    private val clearOwner: () -> Unit,
    private val takeReceivedIntents: (() -> List<Intent>)?,
    private val listInFlight: (() -> List<InFlightEffect>)?,
    private val stateFlow: Flow<*>?,
    private val events: Flow<Event>?,
    private val eventSerializer: SerializationStrategy<Event>?,
) : FeatureRuntime<State, Intent> {
    override val state: State
        get() = readState()

    override fun send(intent: Intent) = sendIntent(intent)

    override fun clear() = clearOwner()

    override fun takeReceived(): List<Intent>? = takeReceivedIntents?.invoke()

    override fun effectsInFlight(): List<InFlightEffect>? = listInFlight?.invoke()

    override fun appear(screen: CoroutineScope, onEvent: (JsonElement) -> Unit) {
        // The state first, as a screen's content subscribes before its LaunchedEffect collecting events.
        stateFlow?.let { flow -> screen.launch { flow.collect {} } }
        if (events != null && eventSerializer != null) {
            screen.launch { events.collect { onEvent(HarnessJson.encodeToJsonElement(eventSerializer, it)) } }
        }
    }
}
