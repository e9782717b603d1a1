package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.FieldTypes
import conformance.harness.internal.HarnessJson
import conformance.harness.internal.JsonPath
import conformance.harness.internal.decodeChecked
import conformance.harness.internal.encodeInitialState
import conformance.udf.Reducer
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * A feature for the harness made of a pure [Reducer] and the kotlinx-serialization serializers of its
 * `@Serializable` state, intent and effect types; no hand-written JSON code.
 *
 * The wire shapes are the scenario format's (Conformance/README.md, harness protocol v1 §2):
 * - the state is a JSON object with every property present, `null` written explicitly;
 * - an intent (a scenario's action) and an effect are case objects `{"type": <name>, …fields}`, where the
 *   name is the case's `@SerialName`, equal to the manifest's action or effect name;
 * - nested sealed types are case objects too, enums are their `@SerialName` strings, `Int`/`Long` are JSON
 *   integers, lists are arrays.
 * Decoding is strict: a missing key (even one with a default value), an unknown key, an unknown case or a
 * value of the wrong JSON type is an error that names the JSON path and the Kotlin type, in the words of
 * the Swift side's Codable bridge, e.g.
 * `actions[2].result.type: unknown case 'succes' of LoginResult (known: failure, success)` or
 * `initialState.count: expected Int for CounterState, got string`; the harness replies `errored` at that
 * step (step 0 for `initialState`).
 *
 * ```kotlin
 * @Serializable data class CounterState(val count: Int = 0)
 * @Serializable sealed interface CounterIntent {
 *     @Serializable @SerialName("increment") data object Increment : CounterIntent
 * }
 * @Serializable sealed interface CounterEffect {
 *     @Serializable @SerialName("limitReached") data class LimitReached(val count: Int) : CounterEffect
 * }
 *
 * val counter = serializableFeature(
 *     name = "counter",
 *     initialState = CounterState(),
 *     reducer = CounterReducer,
 *     state = CounterState.serializer(),
 *     intent = CounterIntent.serializer(),
 *     effect = CounterEffect.serializer(),
 * )
 * ```
 *
 * @param State the feature's state, a `@Serializable data class`.
 * @param Intent the feature's intent (action) type, a `@Serializable sealed interface`.
 * @param Effect the feature's effect type, a `@Serializable sealed interface`.
 * @param name the feature name, as in its manifest (`Conformance/features/<name>.json`); not empty.
 * @param initialState the state the screen starts in, announced in `hello`; it must equal the manifest's
 *   `initialState`.
 * @param reducer the pure reducer under test; the harness never runs effects.
 * @param state the serializer of [State], e.g. `CounterState.serializer()`.
 * @param intent the deserializer of [Intent], e.g. `CounterIntent.serializer()`.
 * @param effect the serializer of [Effect], e.g. `CounterEffect.serializer()`.
 * @return the feature, to pass to [Harness] or [runHarness].
 * @throws IllegalArgumentException when [name] is empty or [initialState] does not encode to a JSON object.
 */
public fun <State, Intent, Effect> serializableFeature(
    name: String,
    initialState: State,
    reducer: Reducer<State, Intent, Effect>,
    state: KSerializer<State>,
    intent: DeserializationStrategy<Intent>,
    effect: SerializationStrategy<Effect>,
): FeatureAdapter = SerializableFeature(name, initialState, reducer, state, intent, effect)

/** The [FeatureAdapter] behind [serializableFeature]. */
internal class SerializableFeature<State, Intent, Effect>(
    override val name: String,
    initial: State,
    private val reducer: Reducer<State, Intent, Effect>,
    private val stateSerializer: KSerializer<State>,
    private val intentDeserializer: DeserializationStrategy<Intent>,
    private val effectSerializer: SerializationStrategy<Effect>,
) : FeatureAdapter() {
    override val initialState: JsonObject = encodeInitialState(name, stateSerializer, initial)

    override val fieldTypes: Map<String, String> =
        FieldTypes.of(stateSerializer.descriptor, intentDeserializer.descriptor)

    override fun trace(initialState: JsonElement, actions: JsonArray): Observation {
        var state = try {
            decode(stateSerializer, initialState, JsonPath.root.key("initialState"))
        } catch (error: DecodingException) {
            return Observation.Errored(0, error.message.orEmpty())
        }
        val actionsPath = JsonPath.root.key("actions")
        val entries = ArrayList<TraceEntry>(actions.size)
        for ((index, action) in actions.withIndex()) {
            val step = index + 1
            val intent = try {
                decode(intentDeserializer, action, actionsPath.index(index), caseWord = "action")
            } catch (error: DecodingException) {
                return Observation.Errored(step, error.message.orEmpty())
            }
            val next = try {
                reducer.reduce(state, intent)
            } catch (thrown: Throwable) {
                if (thrown is OutOfMemoryError) throw thrown
                return Observation.Errored(step, "The reducer threw ${thrown.javaClass.name}: ${thrown.message}")
            }
            state = next.state
            val encoded = try {
                TraceEntry(
                    HarnessJson.encodeToJsonElement(stateSerializer, state) as JsonObject,
                    next.effects.map { HarnessJson.encodeToJsonElement(effectSerializer, it) as JsonObject },
                )
            } catch (thrown: RuntimeException) {
                return Observation.Errored(step, "Could not encode the state or effects: ${thrown.message}")
            }
            entries.add(encoded)
        }
        return Observation.Trace(entries)
    }

    private fun <T> decode(
        strategy: DeserializationStrategy<T>,
        json: JsonElement,
        path: JsonPath,
        caseWord: String = "case",
    ): T = decodeChecked(strategy, json, path, caseWord)
}
