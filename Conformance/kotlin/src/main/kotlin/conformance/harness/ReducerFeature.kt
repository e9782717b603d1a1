package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.JsonPath
import conformance.udf.Reducer
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * A [HarnessFeature] made of a pure [Reducer] and its [FeatureCodec].
 *
 * @param name the feature name.
 * @param initial the feature's initial state.
 * @param reducer the pure reducer under test; never a view model, and effects are never run.
 * @param codec the feature's JSON codec.
 */
internal class ReducerFeature<State, Intent, Effect>(
    override val name: String,
    initial: State,
    private val reducer: Reducer<State, Intent, Effect>,
    private val codec: FeatureCodec<State, Intent, Effect>,
) : HarnessFeature {
    override val initialState: JsonObject = codec.encodeState(initial)

    override fun run(initialState: JsonElement, actions: JsonArray): RunOutcome {
        var state = try {
            codec.decodeState(initialState, JsonPath.root.key("initialState"))
        } catch (error: DecodingException) {
            return RunOutcome.Errored(0, error.message.orEmpty())
        }
        val actionsPath = JsonPath.root.key("actions")
        val steps = ArrayList<TraceStep>(actions.size)
        for ((index, action) in actions.withIndex()) {
            val step = index + 1
            val intent = try {
                codec.decodeIntent(action, actionsPath.index(index))
            } catch (error: DecodingException) {
                return RunOutcome.Errored(step, error.message.orEmpty())
            }
            val next = try {
                reducer.reduce(state, intent)
            } catch (thrown: Throwable) {
                if (thrown is OutOfMemoryError) throw thrown
                return RunOutcome.Errored(step, "The reducer threw ${thrown.javaClass.name}: ${thrown.message}")
            }
            state = next.state
            steps.add(TraceStep(codec.encodeState(state), next.effects.map(codec::encodeEffect)))
        }
        return RunOutcome.Trace(steps)
    }
}
