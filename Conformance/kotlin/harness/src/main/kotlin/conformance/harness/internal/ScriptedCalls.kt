package conformance.harness.internal

import java.io.IOException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlinx.coroutines.CancellableContinuation
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.suspendCancellableCoroutine
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * How the runner and the harness name one dependency call: the [index]-th call (1-based, in start order)
 * started during step [step] (1-based); `{"step": s, "index": i}` on the wire (harness protocol §2.5), the
 * Swift side's `CallReference`.
 */
internal data class CallReference(val step: Int, val index: Int) {
    /** `{"step": s, "index": i}`. */
    fun toJson(): JsonObject = JsonObject(mapOf("step" to JsonPrimitive(step), "index" to JsonPrimitive(index)))

    /** `3.1`, for messages. */
    override fun toString(): String = "$step.$index"
}

/**
 * The scripted dependency calls of one runtime scenario (harness protocol §2.5): each call suspends until
 * a `respond` step answers it, and is recorded in the step during which it started or was cancelled.
 *
 * Semantics, as on the Swift side:
 * - a call is numbered [CallReference] (current step, 1 + calls already started in that step);
 * - cancelling the calling coroutine while the call is suspended records the call as cancelled in the
 *   current step and ends it at once with the `CancellationException` (a cooperative client);
 * - [respond] with a result resumes the call with the decoded value, with an error makes it throw an
 *   [IOException] carrying the message, or a [CancellationException] for the client's own cancellation
 *   (the caller is not cancelled, and the call is answered, not recorded as cancelled; login.md LR2);
 *   answering a call that was answered or cancelled does nothing, and its result is not decoded;
 * - after [tearDown], pending calls end with cancellation and nothing more is recorded.
 */
internal class ScriptedCalls {
    private enum class Status { PENDING, ANSWERED, CANCELLED }

    private class Call(
        val continuation: CancellableContinuation<Any?>,
        val decode: (JsonElement, JsonPath) -> Any?,
    ) {
        var status: Status = Status.PENDING
    }

    private val calls = HashMap<CallReference, Call>()
    private var step = 0
    private var started = ArrayList<JsonObject>()
    private var cancelled = ArrayList<CallReference>()
    private var tearingDown = false

    /** Starts recording step [step] (1-based; 0 while the runtime is being started). */
    @Synchronized
    fun beginStep(step: Int) {
        this.step = step
        started = ArrayList()
        cancelled = ArrayList()
    }

    /** A copy of the calls started during the current step, in start order: `{"dependency": …, "arguments": {…}}`. */
    @Synchronized
    fun startedInStep(): List<JsonObject> = if (started.isEmpty()) emptyList() else started.toList()

    /** A copy of the calls cancelled during the current step, in the order they were cancelled. */
    @Synchronized
    fun cancelledInStep(): List<CallReference> = if (cancelled.isEmpty()) emptyList() else cancelled.toList()

    /**
     * Records a call of [dependency] with [arguments] and suspends until it is answered or cancelled.
     *
     * @param decode decodes a `respond` step's `result` (at the given path) into the dependency's result.
     * @return the decoded result.
     * @throws IOException when the call is answered with an error.
     * @throws kotlinx.coroutines.CancellationException when the calling coroutine is cancelled.
     */
    suspend fun call(dependency: String, arguments: JsonObject, decode: (JsonElement, JsonPath) -> Any?): Any? =
        suspendCancellableCoroutine { continuation ->
            val reference = synchronized(this) {
                if (tearingDown) null
                else {
                    started.add(JsonObject(mapOf("dependency" to JsonPrimitive(dependency), "arguments" to arguments)))
                    CallReference(step, started.size).also { calls[it] = Call(continuation, decode) }
                }
            }
            if (reference == null) continuation.cancel() else continuation.invokeOnCancellation { cancel(reference) }
        }

    /**
     * Answers the call [reference] with [result] (decoded at `path.result`) or with an error carrying
     * [errorMessage]; exactly one of them is not null. With [cancellation] the error is a
     * [CancellationException] thrown into a caller that is not cancelled (a client's own `withTimeout`).
     *
     * Does nothing when the call was already answered or cancelled (a late answer) or was never started: the
     * answer reaches nothing, and the runner's judge reports a respond to a call never started (harness
     * protocol §2.5.5), so the step is recorded as usual. Such an answer's [result] is not decoded either,
     * as on the Swift side, where only the caller decodes what it receives.
     *
     * @throws DecodingException when the call is pending and [result] is not of the dependency's result type.
     */
    fun respond(
        reference: CallReference,
        result: JsonElement?,
        errorMessage: String?,
        path: JsonPath,
        cancellation: Boolean = false,
    ) {
        val call = synchronized(this) { calls[reference]?.takeIf { it.status == Status.PENDING } } ?: return
        val value = if (result != null) call.decode(result, path.key("result")) else null
        // Checked again: the call may have been cancelled while its result was being decoded.
        synchronized(this) {
            if (call.status != Status.PENDING) return
            call.status = Status.ANSWERED
        }
        if (result != null) call.continuation.resume(value)
        else if (cancellation) call.continuation.resumeWithException(CancellationException(errorMessage))
        else call.continuation.resumeWithException(IOException(errorMessage))
    }

    /** Ends every pending call with cancellation, recording nothing from now on. */
    fun tearDown() {
        val pending = synchronized(this) {
            tearingDown = true
            calls.values.filter { it.status == Status.PENDING }
        }
        pending.forEach { it.continuation.cancel() }
    }

    private fun cancel(reference: CallReference) = synchronized(this) {
        val call = calls[reference] ?: return@synchronized
        if (call.status != Status.PENDING) return@synchronized
        call.status = Status.CANCELLED
        if (!tearingDown) cancelled.add(reference)
    }
}
