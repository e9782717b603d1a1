package conformance.harness

import kotlinx.serialization.json.JsonObject

/**
 * What the harness did with one `run` request (harness protocol v1): the body of the reply.
 */
internal sealed interface RunOutcome {
    /**
     * Every action was applied: one entry per action, in order (`{"trace": [...]}`).
     *
     * @property steps the state and effects after each action.
     */
    data class Trace(val steps: List<TraceStep>) : RunOutcome

    /**
     * Step [step] could not be performed (`{"errored": {"step": k, "message": m}}`).
     *
     * @property step the 1-based step number, or 0 when the request itself (e.g. `initialState`) is unusable.
     * @property message what went wrong, naming the JSON path when it is a decoding problem.
     */
    data class Errored(val step: Int, val message: String) : RunOutcome

    /**
     * The harness does not implement the requested feature (`{"skipped": {"reason": r}}`).
     *
     * @property reason why, for the report.
     */
    data class Skipped(val reason: String) : RunOutcome
}

/**
 * One trace entry: the full state after an action and the effects the reducer returned.
 *
 * @property state the encoded state, every field present (`error` explicit null).
 * @property effects the encoded effects, in order; possibly empty.
 */
internal data class TraceStep(val state: JsonObject, val effects: List<JsonObject>)
