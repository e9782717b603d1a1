package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.JsonPath
import conformance.harness.internal.VirtualMainDispatcher
import conformance.harness.internal.ScriptedCalls
import conformance.harness.internal.decodeChecked
import conformance.harness.internal.encodeInitialState
import conformance.udf.VirtualTime
import conformance.udf.VirtualTimeScheduler
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
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
 * scripted dependencies ([RuntimeEnvironment]), makes `Dispatchers.Main` that virtual time, calls [start] and
 * settles (the reply's `start`: calls made at creation are recorded in step 0 and answerable), then for each
 * step (harness protocol §2.5, §2.5.7):
 * - `send`: decodes the action as [Intent] (strictly, as [serializableFeature] does) and calls
 *   [FeatureRuntime.send];
 * - `respond`: answers a pending [ScriptedDependency] call with a value of its result type, or makes it throw
 *   an `IOException` with the given message, or ends a stream call ([RuntimeEnvironment.flow]) with `complete`;
 *   answering a call that was cancelled, answered or never started does nothing (the runner's judge reports a
 *   respond to a call never started);
 * - `emit`: delivers one element to a pending stream call (a late one, to a cancelled call, does nothing);
 * - `screen`: `appear` calls [FeatureRuntime.appear] with a fresh scope on the scenario's dispatcher,
 *   `disappear` cancels it;
 * - `advance`: [VirtualTime.advanceTimeBy];
 * - `clear`: ends the showing, then [FeatureRuntime.clear];
 * then settles ([VirtualTime.runCurrent]) and records the encoded state, the calls started and the calls
 * cancelled during the step, and what [reports] names. At the end it ends the showing, clears the runtime,
 * ends every pending call and puts `Dispatchers.Main` back.
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
 *   [FeatureRuntime.effectsInFlight], the events given to [featureRuntime]), announced in `hello`; empty by default.
 * @param virtualTime makes the virtual time of one scenario; the default is the bundled
 *   [VirtualTimeScheduler]; a Gradle build may pass one backed by kotlinx-coroutines-test ([VirtualTime]).
 * @param start builds the runtime from the decoded initial state and the scenario's environment. An
 *   exception it throws is an `errored` reply at step 0; the calls it starts (a view model's `init {}`) are
 *   the reply's `start` calls.
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

    override fun run(initialState: JsonElement, steps: JsonArray): Observation {
        val decoded = try {
            decodeChecked(stateSerializer, initialState, JsonPath.root.key("initialState"))
        } catch (error: DecodingException) {
            return Observation.Errored(0, error.message.orEmpty())
        }
        val time = virtualTime()
        val calls = ScriptedCalls()
        val uncaught = UncaughtExceptions()
        val scenario = RuntimeScenario(stateSerializer, intentDeserializer, RuntimeReport.EVENTS in reports, time, calls, uncaught)
        // Dispatchers.Main is the scenario's virtual time while it runs, creation included (§2.5.7).
        val mainInstalled = VirtualMainDispatcher.install(time.dispatcher)
        return try {
            val start = scenario.start { start(decoded, RuntimeEnvironment(time, calls)) }
            val stepsPath = JsonPath.root.key("steps")
            val entries = steps.mapIndexed { index, element -> scenario.perform(index + 1, element, stepsPath.index(index)) }
            Observation.RuntimeTrace(start, entries)
        } catch (failure: StepFailure) {
            Observation.Errored(failure.step, failure.message.orEmpty())
        } finally {
            scenario.tearDown()
            if (mainInstalled) VirtualMainDispatcher.restore()
            uncaught.restore()
        }
    }
}
