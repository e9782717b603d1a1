package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.HarnessJson
import conformance.harness.internal.JsonPath
import conformance.harness.internal.RuntimeStep
import conformance.harness.internal.ScriptedCalls
import conformance.harness.internal.decodeChecked
import conformance.udf.VirtualTime
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/** A step could not be performed; becomes `errored` at [step]. */
internal class StepFailure(val step: Int, message: String) : Exception(message, null, false, false)

/**
 * One runtime-level scenario being run by [SerializableRuntime] (harness protocol §2.5, §2.5.7): the runtime,
 * its virtual time and scripted calls, and the screen that observes it.
 *
 * The screen is not showing when the runtime is created. `screen appear` calls [FeatureRuntime.appear] with
 * a scope on the scenario's dispatcher; `screen disappear`, `clear` and the end of the scenario cancel that
 * scope. The events the screen receives are reported per step when [reportsEvents].
 */
internal class RuntimeScenario<State, Intent>(
    private val stateSerializer: KSerializer<State>,
    private val intentDeserializer: DeserializationStrategy<Intent>,
    private val reportsEvents: Boolean,
    private val time: VirtualTime,
    private val calls: ScriptedCalls,
    private val uncaught: UncaughtExceptions,
) {
    private var runtime: FeatureRuntime<State, Intent>? = null
    private var screen: Job? = null
    private var appearedAt = 0
    private val events = ArrayList<JsonElement>()

    /** Creates the runtime with [start], settles, and returns what creation did (the reply's `start`, step 0). */
    fun start(start: () -> FeatureRuntime<State, Intent>): RuntimeTraceEntry {
        calls.beginStep(0)
        val started = guarded(0, "starting the runtime", uncaught) { start() }
        runtime = started
        guarded(0, "settling the started runtime", uncaught) { time.runCurrent() }
        return entry(0, started)
    }

    /** Performs step [step] (1-based), read from [element] at [path], settles, and returns its trace entry. */
    fun perform(step: Int, element: JsonElement, path: JsonPath): RuntimeTraceEntry {
        val runtime = checkNotNull(runtime) { "perform before start" }
        calls.beginStep(step)
        val parsed = decoding(step) { RuntimeStep.parse(element, path) }
        when (parsed) {
            is RuntimeStep.Send -> {
                val intent = decoding(step) {
                    decodeChecked(intentDeserializer, parsed.action, path.key("send"), caseWord = "action")
                }
                guarded(step, "sending the action", uncaught) { runtime.send(intent) }
            }
            is RuntimeStep.Respond -> decoding(step) {
                calls.respond(parsed.call, parsed.result, parsed.errorMessage, path.key("respond"), parsed.cancellation, parsed.complete)
            }
            is RuntimeStep.Emit -> decoding(step) { calls.emit(parsed.call, parsed.value, path.key("emit")) }
            is RuntimeStep.Screen -> screen(step, parsed.appear, path.key("screen"), runtime)
            is RuntimeStep.Advance -> guarded(step, "advancing virtual time", uncaught) { time.advanceTimeBy(parsed.milliseconds) }
            RuntimeStep.Clear -> {
                // Tearing down ends the showing: the screen's collection ends before its view model is cleared.
                if (screen != null) {
                    disappear()
                    guarded(step, "settling the disappearing screen", uncaught) { time.runCurrent() }
                }
                guarded(step, "clearing the runtime", uncaught) { runtime.clear() }
            }
        }
        guarded(step, "settling", uncaught) { time.runCurrent() }
        return entry(step, runtime)
    }

    /** Ends the showing, clears the runtime, ends pending calls and lets what that resumes run; nothing is recorded. */
    fun tearDown() {
        // The reply is decided: a runtime that fails while being torn down changes nothing in it.
        ignoringFailures { disappear() }
        ignoringFailures { runtime?.clear() }
        ignoringFailures { calls.tearDown() }
        ignoringFailures { time.runCurrent() }
    }

    private fun screen(step: Int, appear: Boolean, path: JsonPath, runtime: FeatureRuntime<State, Intent>) {
        if (!appear) {
            if (screen == null) throw StepFailure(step, "$path: the screen is not showing")
            disappear()
            return
        }
        if (screen != null) throw StepFailure(step, "$path: the screen is already showing (appeared at step $appearedAt)")
        val job = Job()
        screen = job
        appearedAt = step
        guarded(step, "appearing", uncaught) { runtime.appear(CoroutineScope(time.dispatcher + job)) { events.add(it) } }
    }

    private fun disappear() {
        screen?.cancel()
        screen = null
    }

    private fun entry(step: Int, runtime: FeatureRuntime<State, Intent>): RuntimeTraceEntry {
        val state = guarded(step, "encoding the state", uncaught) {
            HarnessJson.encodeToJsonElement(stateSerializer, runtime.state) as JsonObject
        }
        val received = guarded(step, "encoding the received intents", uncaught) { encodeReceived(runtime) }
        val inFlight = guarded(step, "listing the effects in flight", uncaught) {
            runtime.effectsInFlight()?.map { it.toJson() }
        }
        val delivered = events.toList().also { events.clear() }
        if (!reportsEvents && delivered.isNotEmpty()) {
            // Reporting nothing would make every events check "not applicable": a forgotten declaration must not
            // read as a runtime that sends no events.
            throw StepFailure(
                step,
                "the runtime sent ${delivered.size} event(s) to the screen, but its adapter does not declare " +
                    "RuntimeReport.EVENTS in serializableRuntime's reports, so they cannot be checked; add it",
            )
        }
        return RuntimeTraceEntry(
            state,
            calls.startedInStep(),
            calls.cancelledInStep(),
            received,
            inFlight,
            delivered.takeIf { reportsEvents },
        )
    }

    /** The received intents, encoded with the intent serializer; null when the runtime reports none. */
    private fun encodeReceived(runtime: FeatureRuntime<State, Intent>): List<JsonElement>? {
        val intents = runtime.takeReceived() ?: return null
        @Suppress("UNCHECKED_CAST")
        val serializer = intentDeserializer as? SerializationStrategy<Intent>
            ?: throw IllegalStateException("the intent deserializer cannot encode; pass a KSerializer to report received intents")
        return intents.map { HarnessJson.encodeToJsonElement(serializer, it) }
    }

    private inline fun <T> decoding(step: Int, body: () -> T): T = try {
        body()
    } catch (error: DecodingException) {
        throw StepFailure(step, error.message.orEmpty())
    }

    private inline fun ignoringFailures(body: () -> Unit) {
        try {
            body()
        } catch (thrown: Exception) {
            // Nothing to report it to (see tearDown).
        }
    }
}

/**
 * Runs [body]; anything it throws (short of running out of memory), or leaves uncaught in a coroutine, is a
 * [StepFailure] at [step].
 */
internal inline fun <T> guarded(step: Int, doing: String, uncaught: UncaughtExceptions, body: () -> T): T {
    val result = try {
        body()
    } catch (failure: StepFailure) {
        throw failure
    } catch (thrown: Throwable) {
        if (thrown is OutOfMemoryError) throw thrown
        throw StepFailure(step, "The runtime threw ${thrown.javaClass.name} while $doing: ${thrown.message}")
    }
    uncaught.first?.let { thrown ->
        throw StepFailure(
            step,
            "A coroutine of the runtime threw ${thrown.javaClass.name} while $doing, uncaught: ${thrown.message}",
        )
    }
    return result
}

/**
 * Catches what a coroutine of the runtime leaves uncaught while a scenario runs on this thread (kotlinx-coroutines
 * hands it to the thread's uncaught-exception handler; on Android the app would crash), so that it becomes an
 * `errored` reply at the step where it happened instead of a stack trace on stderr and a quiet trace.
 */
internal class UncaughtExceptions : Thread.UncaughtExceptionHandler {
    private val thread: Thread = Thread.currentThread()
    private val previous: Thread.UncaughtExceptionHandler? = thread.uncaughtExceptionHandler
    var first: Throwable? = null
        private set

    init {
        thread.uncaughtExceptionHandler = this
    }

    override fun uncaughtException(thread: Thread, exception: Throwable) {
        if (first == null) first = exception
    }

    /** Puts the thread's own handler back (none when it was its thread group's). */
    fun restore() {
        thread.uncaughtExceptionHandler = previous.takeUnless { it === thread.threadGroup }
    }
}
