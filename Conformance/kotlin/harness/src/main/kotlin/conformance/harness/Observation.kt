package conformance.harness

import conformance.harness.internal.CallReference
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * What an implementation did with one `run` request (harness protocol v1 §2.2): the body of the reply.
 *
 * The Kotlin counterpart of the Swift side's `Observation` (`Sources/Conformance/Implementations/
 * Implementation.swift`), limited to the three cases a harness itself can report; `crashed`, `timed out`,
 * `protocol error` and `not run` are decided by the runner (PROTOCOL.md §3).
 */
internal sealed interface Observation {
    /**
     * Every action was applied: one entry per action, in order (`{"trace": [...]}`).
     *
     * @property entries the state and effects after each action.
     */
    data class Trace(val entries: List<TraceEntry>) : Observation

    /**
     * Every step of a runtime-level scenario was performed: what creation did, then one entry per step, in
     * order (`{"start": {…}, "trace": [...]}`, harness protocol §2.5, §2.5.7).
     *
     * @property start what the runtime did while it was created and settled (step 0).
     * @property entries the state, calls started and calls cancelled after each step.
     */
    data class RuntimeTrace(val start: RuntimeTraceEntry, val entries: List<RuntimeTraceEntry>) : Observation

    /**
     * Step [step] could not be performed (`{"errored": {"step": k, "message": m}}`).
     *
     * @property step the 1-based step number, or 0 when the request itself (e.g. `initialState`) is unusable.
     * @property message what went wrong, naming the JSON path when it is a decoding problem.
     */
    data class Errored(val step: Int, val message: String) : Observation

    /**
     * The harness does not implement the requested feature (`{"skipped": {"reason": r}}`).
     *
     * @property reason why, for the report.
     */
    data class Skipped(val reason: String) : Observation
}

/**
 * One trace entry (`{"state": {…}, "effects": […]}`): the full state after an action and the effects the
 * reducer returned; the Swift side's `TraceEntry`.
 *
 * @property state the encoded state, every field present (`error` explicit null).
 * @property effects the encoded effects, in order; possibly empty.
 */
internal data class TraceEntry(val state: JsonObject, val effects: List<JsonObject>)

/**
 * One runtime-level trace entry (`{"state": {…}, "calls": […], "cancelled": […], "received"?: […],
 * "inFlight"?: […], "events"?: […]}`, harness protocol §2.5, §2.5.6, §2.5.7); the Swift side's runtime
 * `TraceEntry`. The same shape is the reply's `start`, for creation.
 *
 * @property state the encoded state after the step settled, every field present.
 * @property calls the dependency calls started during the step, in start order, each
 *   `{"dependency": name, "arguments": {…}}`.
 * @property cancelled the calls cancelled during the step, in the order they were cancelled.
 * @property received the encoded intents the runtime's effects sent back during the step, in order; null when
 *   the runtime does not report them.
 * @property inFlight the effects running after the step, each `{"type": name, "id": id or null}`; null when
 *   the runtime does not report them.
 * @property events the encoded one-off events the screen received during the step, in order; null when the
 *   runtime does not report them.
 */
internal data class RuntimeTraceEntry(
    val state: JsonObject,
    val calls: List<JsonObject>,
    val cancelled: List<CallReference>,
    val received: List<JsonElement>? = null,
    val inFlight: List<JsonObject>? = null,
    val events: List<JsonElement>? = null,
)
