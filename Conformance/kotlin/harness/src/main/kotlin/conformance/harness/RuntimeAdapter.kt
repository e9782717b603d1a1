package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.HarnessJson
import conformance.harness.internal.JsonPath
import conformance.harness.internal.RuntimeStep
import conformance.harness.internal.ScriptedCalls
import conformance.harness.internal.decodeChecked
import conformance.harness.internal.encodeInitialState
import conformance.udf.VirtualTime
import conformance.udf.VirtualTimeScheduler
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * One feature whose real runtime (a view model, a store) a [Harness] drives through runtime-level scenarios
 * (harness protocol §2.5, scenario format v1.1): the runtime counterpart of [FeatureAdapter] and the Swift
 * side's `RuntimeAdapter`.
 *
 * Create one with [serializableRuntime]; pass a list of them to [Harness] or [runHarness] as `runtimes`.
 * A feature given both as a [FeatureAdapter] and as a [RuntimeAdapter] is announced in `hello` with the
 * levels `["reducer", "runtime"]`; one given only as a runtime with `["runtime"]`.
 */
public sealed class RuntimeAdapter {
    /** The feature name, as in the manifest and the `feature` of a run request, e.g. `login`. */
    public abstract val name: String

    /** The feature's initial state as announced in `hello`, e.g. `{"email":"","password":"","isLoading":false,"error":null}`. */
    public abstract val initialState: JsonObject

    /** What its runtimes report beyond state, calls and cancellations (hello `reports`, §2.5.6). */
    public abstract val reports: Set<RuntimeReport>

    /**
     * Runs one runtime-level scenario: starts a fresh runtime from [initialState] and performs [steps],
     * settling after each one.
     *
     * @return an [Observation.RuntimeTrace] with one entry per step, or [Observation.Errored] at the first
     *   step that could not be performed (0 for the initial state or starting the runtime).
     */
    internal abstract fun run(initialState: JsonElement, steps: JsonArray): Observation
}

/**
 * A feature's runtime for the harness: a function that builds the team's real view model (or store) for one
 * scenario, plus the kotlinx-serialization serializers of its `@Serializable` state and intent types.
 *
 * For each runtime-level scenario the harness decodes the initial state, makes a fresh [VirtualTime] and
 * scripted dependencies ([RuntimeEnvironment]), calls [start], then for each step (harness protocol §2.5):
 * - `send`: decodes the action as [Intent] (strictly, as [serializableFeature] does) and calls
 *   [FeatureRuntime.send];
 * - `respond`: answers a pending [ScriptedDependency] call with a value of its result type, or makes it throw
 *   an `IOException` with the given message; answering a call that was cancelled, answered or never started
 *   does nothing (the runner's judge reports a respond to a call never started);
 * - `advance`: [VirtualTime.advanceTimeBy];
 * - `clear`: [FeatureRuntime.clear];
 * then settles ([VirtualTime.runCurrent]) and records the encoded state, the calls started and the calls
 * cancelled during the step. At the end it clears the runtime and ends every pending call.
 *
 * ```kotlin
 * val loginRuntime = serializableRuntime(
 *     name = "login",
 *     initialState = LoginState(),
 *     state = LoginState.serializer(),
 *     intent = LoginIntent.serializer(),
 * ) { initial, environment ->
 *     val authenticate = environment.dependency("authenticate", AuthenticateArguments.serializer(), LoginResult.serializer())
 *     val client = AuthenticationClient { email, password -> authenticate.call(AuthenticateArguments(email, password)) }
 *     val viewModel = LoginViewModel(client, environment.dispatcher, initial)
 *     featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
 * }
 * ```
 *
 * @param State the feature's state, a `@Serializable data class`.
 * @param Intent the feature's intent (action) type, a `@Serializable sealed interface`.
 * @param name the feature name, as in its manifest; not empty.
 * @param initialState the state the screen starts in, announced in `hello`.
 * @param state the serializer of [State].
 * @param intent the deserializer of [Intent]; a [KSerializer] when the runtime reports received intents, which
 *   are encoded with it.
 * @param reports what the runtimes [start] builds report ([FeatureRuntime.takeReceived],
 *   [FeatureRuntime.effectsInFlight]), announced in `hello`; empty by default.
 * @param virtualTime makes the virtual time of one scenario; the default is the bundled
 *   [VirtualTimeScheduler]; a Gradle build may pass one backed by kotlinx-coroutines-test ([VirtualTime]).
 * @param start builds the runtime from the decoded initial state and the scenario's environment. An
 *   exception it throws is an `errored` reply at step 0.
 * @return the runtime adapter, to pass to [Harness] or [runHarness] as `runtimes`.
 * @throws IllegalArgumentException when [name] is empty or [initialState] does not encode to a JSON object.
 */
public fun <State, Intent> serializableRuntime(
    name: String,
    initialState: State,
    state: KSerializer<State>,
    intent: DeserializationStrategy<Intent>,
    reports: Set<RuntimeReport> = emptySet(),
    virtualTime: () -> VirtualTime = ::VirtualTimeScheduler,
    start: (initialState: State, environment: RuntimeEnvironment) -> FeatureRuntime<State, Intent>,
): RuntimeAdapter = SerializableRuntime(name, initialState, state, intent, reports, virtualTime, start)

/** The [RuntimeAdapter] behind [serializableRuntime], and the runtime-level driver. */
internal class SerializableRuntime<State, Intent>(
    override val name: String,
    initial: State,
    private val stateSerializer: KSerializer<State>,
    private val intentDeserializer: DeserializationStrategy<Intent>,
    override val reports: Set<RuntimeReport>,
    private val virtualTime: () -> VirtualTime,
    private val start: (State, RuntimeEnvironment) -> FeatureRuntime<State, Intent>,
) : RuntimeAdapter() {
    override val initialState: JsonObject = encodeInitialState(name, stateSerializer, initial)

    /** A step could not be performed; becomes `errored` at [step]. */
    private class StepFailure(val step: Int, message: String) : Exception(message, null, false, false)

    /**
     * Catches what a coroutine of the runtime leaves uncaught while a scenario runs on this thread (kotlinx-coroutines
     * hands it to the thread's uncaught-exception handler; on Android the app would crash), so that it becomes an
     * `errored` reply at the step where it happened instead of a stack trace on stderr and a quiet trace.
     */
    private class UncaughtExceptions : Thread.UncaughtExceptionHandler {
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

    override fun run(initialState: JsonElement, steps: JsonArray): Observation {
        val decoded = try {
            decodeChecked(stateSerializer, initialState, JsonPath.root.key("initialState"))
        } catch (error: DecodingException) {
            return Observation.Errored(0, error.message.orEmpty())
        }
        val time = virtualTime()
        val calls = ScriptedCalls()
        var runtime: FeatureRuntime<State, Intent>? = null
        val uncaught = UncaughtExceptions()
        return try {
            val started = guarded(0, "starting the runtime", uncaught) { start(decoded, RuntimeEnvironment(time, calls)) }
            runtime = started
            guarded(0, "settling the started runtime", uncaught) { time.runCurrent() }
            // What the runtime received while starting belongs to no step.
            started.takeReceived()
            if (calls.startedInStep().isNotEmpty()) {
                throw StepFailure(0, "the runtime called a dependency before the first step; no step can answer it")
            }
            val stepsPath = JsonPath.root.key("steps")
            val entries = ArrayList<RuntimeTraceEntry>(steps.size)
            for ((index, element) in steps.withIndex()) {
                entries.add(perform(index + 1, element, stepsPath.index(index), started, time, calls, uncaught))
            }
            Observation.RuntimeTrace(entries)
        } catch (failure: StepFailure) {
            Observation.Errored(failure.step, failure.message.orEmpty())
        } finally {
            tearDown(runtime, time, calls)
            uncaught.restore()
        }
    }

    private fun perform(
        step: Int,
        element: JsonElement,
        path: JsonPath,
        runtime: FeatureRuntime<State, Intent>,
        time: VirtualTime,
        calls: ScriptedCalls,
        uncaught: UncaughtExceptions,
    ): RuntimeTraceEntry {
        calls.beginStep(step)
        val parsed = try {
            RuntimeStep.parse(element, path)
        } catch (error: DecodingException) {
            throw StepFailure(step, error.message.orEmpty())
        }
        when (parsed) {
            is RuntimeStep.Send -> {
                val intent = try {
                    decodeChecked(intentDeserializer, parsed.action, path.key("send"), caseWord = "action")
                } catch (error: DecodingException) {
                    throw StepFailure(step, error.message.orEmpty())
                }
                guarded(step, "sending the action", uncaught) { runtime.send(intent) }
            }
            is RuntimeStep.Respond -> {
                try {
                    calls.respond(parsed.call, parsed.result, parsed.errorMessage, path.key("respond"), parsed.cancellation)
                } catch (error: DecodingException) {
                    throw StepFailure(step, error.message.orEmpty())
                }
            }
            is RuntimeStep.Advance -> guarded(step, "advancing virtual time", uncaught) { time.advanceTimeBy(parsed.milliseconds) }
            RuntimeStep.Clear -> guarded(step, "clearing the runtime", uncaught) { runtime.clear() }
        }
        guarded(step, "settling", uncaught) { time.runCurrent() }
        val state = guarded(step, "encoding the state", uncaught) {
            HarnessJson.encodeToJsonElement(stateSerializer, runtime.state) as JsonObject
        }
        val received = guarded(step, "encoding the received intents", uncaught) { encodeReceived(runtime) }
        val inFlight = guarded(step, "listing the effects in flight", uncaught) {
            runtime.effectsInFlight()?.map { it.toJson() }
        }
        return RuntimeTraceEntry(state, calls.startedInStep(), calls.cancelledInStep(), received, inFlight)
    }

    /** The received intents, encoded with the intent serializer; null when the runtime reports none. */
    private fun encodeReceived(runtime: FeatureRuntime<State, Intent>): List<JsonElement>? {
        val intents = runtime.takeReceived() ?: return null
        @Suppress("UNCHECKED_CAST")
        val serializer = intentDeserializer as? SerializationStrategy<Intent>
            ?: throw IllegalStateException("the intent deserializer cannot encode; pass a KSerializer to report received intents")
        return intents.map { HarnessJson.encodeToJsonElement(serializer, it) }
    }

    /**
     * Runs [body]; anything it throws (short of running out of memory), or leaves uncaught in a coroutine, is a
     * [StepFailure] at [step].
     */
    private inline fun <T> guarded(step: Int, doing: String, uncaught: UncaughtExceptions, body: () -> T): T {
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

    /** Clears the runtime, ends pending calls and lets what that resumes run; nothing is recorded. */
    private fun tearDown(runtime: FeatureRuntime<State, Intent>?, time: VirtualTime, calls: ScriptedCalls) {
        // The reply is decided: a runtime that fails while being torn down changes nothing in it.
        ignoringFailures { runtime?.clear() }
        ignoringFailures { calls.tearDown() }
        ignoringFailures { time.runCurrent() }
    }

    private inline fun ignoringFailures(body: () -> Unit) {
        try {
            body()
        } catch (thrown: Exception) {
            // Nothing to report it to (see tearDown).
        }
    }
}
