package conformance.harness

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
}

/**
 * A [FeatureRuntime] made of three functions, for a view model that is not one itself.
 *
 * ```kotlin
 * featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
 * ```
 *
 * @param state reads the current state.
 * @param send sends one intent.
 * @param clear tears the owner down; called again at the end of the scenario, so it must be idempotent.
 * @param received the intents effects sent back since the last call ([FeatureRuntime.takeReceived]); null when
 *   the runtime has none.
 * @param inFlight the effects running ([FeatureRuntime.effectsInFlight]); null when the runtime cannot tell.
 * @return the runtime.
 */
public fun <State, Intent> featureRuntime(
    state: () -> State,
    send: (Intent) -> Unit,
    clear: () -> Unit,
    received: (() -> List<Intent>)? = null,
    inFlight: (() -> List<InFlightEffect>)? = null,
): FeatureRuntime<State, Intent> = object : FeatureRuntime<State, Intent> {
    override val state: State
        get() = state()

    override fun send(intent: Intent) = send(intent)

    override fun clear() = clear()

    override fun takeReceived(): List<Intent>? = received?.invoke()

    override fun effectsInFlight(): List<InFlightEffect>? = inFlight?.invoke()
}
