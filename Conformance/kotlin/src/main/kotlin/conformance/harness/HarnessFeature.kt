package conformance.harness

import conformance.login.LoginReducer
import conformance.login.LoginState
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * A feature the harness can run: its name, initial state and step-by-step replay of actions.
 */
internal interface HarnessFeature {
    /** The feature name, as in the manifest and the `feature` of a run request, e.g. `login`. */
    val name: String

    /** The feature's initial state, as announced in the `hello` reply. */
    val initialState: JsonObject

    /**
     * Decodes [initialState], then applies each action with the pure reducer, recording the state and
     * effects after each one.
     *
     * @param initialState the request's `initialState`.
     * @param actions the request's `actions`.
     * @return a [RunOutcome.Trace], or [RunOutcome.Errored] at the first step that could not be performed
     *   (step 0 for the initial state).
     */
    fun run(initialState: JsonElement, actions: JsonArray): RunOutcome

    companion object {
        /** Every feature this harness implements. */
        val all: List<HarnessFeature> = listOf(
            ReducerFeature("login", LoginState(), LoginReducer, LoginCodec),
        )
    }
}
