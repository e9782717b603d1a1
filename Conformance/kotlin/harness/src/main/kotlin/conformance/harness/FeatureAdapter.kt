package conformance.harness

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * One feature a [Harness] runs: its name, its initial state and a step-by-step replay of actions through
 * its pure reducer; the Kotlin counterpart of the Swift side's `FeatureAdapter`
 * (`Sources/Conformance/Features/FeatureAdapter.swift`).
 *
 * Create one with [serializableFeature] (the counterpart of Swift's `CodableFeature`); pass a list of them
 * to [Harness] or [runHarness].
 *
 * ```kotlin
 * val counter: FeatureAdapter = serializableFeature(
 *     name = "counter", initialState = CounterState(), reducer = CounterReducer,
 *     state = CounterState.serializer(), intent = CounterIntent.serializer(), effect = CounterEffect.serializer(),
 * )
 * ```
 */
public sealed class FeatureAdapter {
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
     * @return an [Observation.Trace] with one [TraceEntry] per action, or [Observation.Errored] at the first
     *   step that could not be performed (step 0 for the initial state).
     */
    internal abstract fun trace(initialState: JsonElement, actions: JsonArray): Observation

    /**
     * The state and intent fields whose Kotlin types are narrower than the manifest format's defaults (an `Int`,
     * a `UUID`), by path, announced in `hello` so that the runner checks them against the manifest at start-up
     * (Conformance/README.md §15.4); empty for an adapter that does not know its types.
     */
    internal open val fieldTypes: Map<String, String> get() = emptyMap()
}

/**
 * The former name of [FeatureAdapter], kept so that existing harness modules compile; renamed to share the
 * Swift side's vocabulary.
 */
@Deprecated("Renamed to FeatureAdapter, the Swift side's name.", ReplaceWith("FeatureAdapter"))
public typealias HarnessFeature = FeatureAdapter
