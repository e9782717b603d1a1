package conformance.harness.internal

import java.io.IOException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlinx.coroutines.CancellableContinuation
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
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
    /** `3.1`, for messages. */
    override fun toString(): String = "$step.$index"
}

/**
 * The scripted dependency calls of one runtime scenario (harness protocol §2.5): each call suspends until
 * a `respond` step answers it, and is recorded in the step during which it started or was cancelled.
 *
 * Semantics, as on the Swift side:
 * - a call is numbered [CallReference] (current step, 1 + calls already started in that step); step 0 is
 *   the runtime's creation (§2.5.7);
 * - cancelling the calling coroutine while the call is suspended records the call as cancelled in the
 *   current step and ends it at once with the `CancellationException` (a cooperative client);
 * - [respond] with a result resumes the call with the decoded value, with an error makes it throw an
 *   [IOException] carrying the message, or a [CancellationException] for the client's own cancellation
 *   (the caller is not cancelled, and the call is answered, not recorded as cancelled; login.md LR2);
 *   answering a call that was answered or cancelled does nothing, and its result is not decoded;
 * - a stream call ([stream], §2.5.7) starts when its flow is collected, gets elements from [emit] and ends
 *   with `respond` `complete` (normally) or `error` (it throws); the collector's cancellation ends it as
 *   cancelled, like a call;
 * - after [tearDown], pending calls end with cancellation and nothing more is recorded.
 */
internal class ScriptedCalls {
    private enum class Status { PENDING, ANSWERED, CANCELLED }

    /** One call; a stream call has [elements], a one-shot call a [continuation]. */
    private class Call(
        val dependency: String,
        val decode: (JsonElement, JsonPath) -> Any?,
        val continuation: CancellableContinuation<Any?>?,
        val elements: Channel<Any?>?,
    ) {
        var status: Status = Status.PENDING
    }

    private val calls = HashMap<CallReference, Call>()
    private var step = 0
    private var started = ArrayList<JsonObject>()
    private var cancelled = ArrayList<CallReference>()
    private var tearingDown = false

    /** Starts recording step [step] (1-based; 0 while the runtime is being created). */
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
            val reference = record(dependency, arguments) { Call(dependency, decode, continuation, null) }
            if (reference == null) continuation.cancel() else continuation.invokeOnCancellation { cancel(reference) }
        }

    /**
     * A cold flow whose every collection is one call of the stream dependency [dependency]: recorded when
     * collection starts, emitting the elements of `emit` steps (decoded with [decode]), completing or throwing
     * when a `respond` ends it, and recorded as cancelled when its collector stops first.
     */
    fun stream(dependency: String, arguments: JsonObject, decode: (JsonElement, JsonPath) -> Any?): Flow<Any?> = flow {
        val elements = Channel<Any?>(Channel.UNLIMITED)
        val reference = record(dependency, arguments) { Call(dependency, decode, null, elements) } ?: return@flow
        try {
            for (element in elements) emit(element)
        } finally {
            // Still pending here: the collector stopped first (cancelled, or took what it needed).
            cancel(reference)
        }
    }

    /**
     * Answers the call [reference] with [result] (decoded at `path.result`) or with an error carrying
     * [errorMessage], or ends a stream call normally ([complete]); exactly one is given. With [cancellation]
     * the error is a [CancellationException] thrown into a caller that is not cancelled (a client's own
     * `withTimeout`).
     *
     * Does nothing when the call was already answered or cancelled (a late answer) or was never started: the
     * answer reaches nothing, and the runner's judge reports a respond to a call never started (harness
     * protocol §2.5.5), so the step is recorded as usual. Such an answer's [result] is not decoded either,
     * as on the Swift side, where only the caller decodes what it receives.
     *
     * @throws DecodingException when the call is pending and [result] is not of the dependency's result type,
     *   or the answer does not fit the call's kind (a result for a stream call, `complete` for a one-shot call).
     */
    fun respond(
        reference: CallReference,
        result: JsonElement?,
        errorMessage: String?,
        path: JsonPath,
        cancellation: Boolean = false,
        complete: Boolean = false,
    ) {
        val call = pending(reference) ?: return
        if (call.elements != null && result != null) {
            throw DecodingException(
                path.key("result"),
                "call $reference (${call.dependency}) is a stream dependency; send its elements with emit",
            )
        }
        if (call.elements == null && complete) {
            throw DecodingException(path.key("complete"), "call $reference (${call.dependency}) is not a stream dependency")
        }
        val value = if (result != null) call.decode(result, path.key("result")) else null
        // Checked again: the call may have been cancelled while its result was being decoded.
        synchronized(this) {
            if (call.status != Status.PENDING) return
            call.status = Status.ANSWERED
        }
        val error = when {
            result != null || complete -> null
            cancellation -> CancellationException(errorMessage)
            else -> IOException(errorMessage)
        }
        call.elements?.close(error)
        call.continuation?.let { continuation ->
            if (error == null) continuation.resume(value) else continuation.resumeWithException(error)
        }
    }

    /**
     * Delivers [value] (decoded at `path.value`) to the pending stream call [reference], which stays pending.
     * Does nothing when the call was answered, cancelled or never started (a late element).
     *
     * @throws DecodingException when the call is pending and not a stream call, or [value] is not of its
     *   element type.
     */
    fun emit(reference: CallReference, value: JsonElement, path: JsonPath) {
        val call = pending(reference) ?: return
        val elements = call.elements ?: throw DecodingException(
            path.key("call"),
            "call $reference (${call.dependency}) is not a stream dependency; answer it with respond",
        )
        elements.trySend(call.decode(value, path.key("value")))
    }

    /** Ends every pending call with cancellation, recording nothing from now on. */
    fun tearDown() {
        val pending = synchronized(this) {
            tearingDown = true
            calls.values.filter { it.status == Status.PENDING }
        }
        pending.forEach { call ->
            call.continuation?.cancel()
            call.elements?.cancel()
        }
    }

    /** Records a call started now and returns its reference; null while tearing down (nothing is recorded). */
    @Synchronized
    private fun record(dependency: String, arguments: JsonObject, make: () -> Call): CallReference? {
        if (tearingDown) return null
        started.add(JsonObject(mapOf("dependency" to JsonPrimitive(dependency), "arguments" to arguments)))
        return CallReference(step, started.size).also { calls[it] = make() }
    }

    @Synchronized
    private fun pending(reference: CallReference): Call? = calls[reference]?.takeIf { it.status == Status.PENDING }

    private fun cancel(reference: CallReference) = synchronized(this) {
        val call = calls[reference] ?: return@synchronized
        if (call.status != Status.PENDING) return@synchronized
        call.status = Status.CANCELLED
        if (!tearingDown) cancelled.add(reference)
    }
}
