package conformance.harness

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * One feature a [Harness] runs: its name, its initial state and a step-by-step replay of actions through
 * its pure reducer.
 *
 * Create one with [serializableFeature]; pass a list of them to [Harness] or [runHarness].
 *
 * ```kotlin
 * val counter: HarnessFeature = serializableFeature(
 *     name = "counter", initialState = CounterState(), reducer = CounterReducer,
 *     state = CounterState.serializer(), intent = CounterIntent.serializer(), effect = CounterEffect.serializer(),
 * )
 * ```
 */
public sealed class HarnessFeature {
    /**
     * The feature name, as in the manifest (`Conformance/features/<name>.json`) and the `feature` of a run
     * request, e.g. `counter`.
     */
    public abstract val name: String

    /**
     * The feature's initial state as announced in the `hello` reply (harness protocol v1 §2.1), e.g.
     * `{"email":"","password":"","isLoading":false,"error":null}`. The runner compares it with the manifest's
     * `initialState` before any scenario runs.
     */
    public abstract val initialState: JsonObject

    /**
     * Decodes [initialState], then applies each action with the pure reducer, recording the state and
     * effects after each one.
     *
     * @param initialState the request's `initialState`.
     * @param actions the request's `actions`.
     * @return a [RunOutcome.Trace], or [RunOutcome.Errored] at the first step that could not be performed
     *   (step 0 for the initial state).
     */
    internal abstract fun run(initialState: JsonElement, actions: JsonArray): RunOutcome
}
