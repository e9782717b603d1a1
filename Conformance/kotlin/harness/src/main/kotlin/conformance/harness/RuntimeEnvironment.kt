package conformance.harness

import conformance.harness.internal.HarnessJson
import conformance.harness.internal.ScriptedCalls
import conformance.harness.internal.ShapeCheck
import conformance.harness.internal.decodeChecked
import conformance.udf.VirtualTime
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.json.JsonObject

/**
 * What a runtime under test must use instead of the real world during one runtime-level scenario: virtual
 * time ([dispatcher]) and scripted dependencies ([dependency]). The Swift side's `RuntimeEnvironment`.
 *
 * The harness makes a fresh one for every scenario and hands it to the `start` function given to
 * [serializableRuntime]; build the view model there with [dispatcher] and with clients that call
 * [dependency]s:
 *
 * ```kotlin
 * @Serializable data class SaveArguments(val count: Int)
 *
 * start = { initial, environment ->
 *     val save = environment.dependency("save", SaveArguments.serializer(), SaveResult.serializer())
 *     val viewModel = CounterViewModel(initial, saver = { count -> save.call(SaveArguments(count)) }, environment.dispatcher)
 *     featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
 * }
 * ```
 *
 * Everything the runtime does must run on [dispatcher] (no `Dispatchers.IO` or `Default` inside): the
 * harness settles a step by running that dispatcher's work, and reads the state only then. While a scenario
 * runs, `Dispatchers.Main` (and `Dispatchers.Main.immediate`) is this [dispatcher] too, so a view model whose
 * `viewModelScope` runs on the main dispatcher, as androidx's does, needs nothing injected.
 */
public class RuntimeEnvironment internal constructor(
    /** The scenario's virtual time; the harness drives it (harness protocol §2.5). */
    public val virtualTime: VirtualTime,
    private val calls: ScriptedCalls,
) {
    /**
     * The dispatcher to inject into the view model (its `viewModelScope`) or store: its work runs only when
     * the harness settles a step, and `delay` / `withTimeout` on it use virtual time.
     */
    public val dispatcher: CoroutineDispatcher
        get() = virtualTime.dispatcher

    /**
     * A scripted dependency: a function whose calls the scenario sees (`expect.calls`) and answers
     * (`respond` steps).
     *
     * @param name the dependency's name, as in the feature manifest's `dependencies`, e.g. `authenticate`.
     * @param arguments the serializer of a `@Serializable` class whose properties are the manifest's argument
     *   names, e.g. `data class AuthenticateArguments(val email: String, val password: String)`.
     * @param result the deserializer of the dependency's result type, e.g. `LoginResult.serializer()`.
     * @return the dependency; call [ScriptedDependency.call] from the client the runtime is given.
     * @throws IllegalArgumentException when [name] is empty or [arguments] is not a class or object serializer.
     */
    public fun <Arguments, Result> dependency(
        name: String,
        arguments: SerializationStrategy<Arguments>,
        result: DeserializationStrategy<Result>,
    ): ScriptedDependency<Arguments, Result> {
        requireDependency(name, arguments)
        return ScriptedDependency(name, arguments, result, calls)
    }

    /**
     * A scripted stream dependency (manifest `"emits"`, §2.5.7): a function returning a cold [Flow] whose every
     * collection is one call the scenario sees (`expect.calls`, recorded when collection starts), feeds
     * (`emit` steps) and ends (`respond` with `complete` or `error`). Cancelling the collector (the screen
     * disappears, the view model is cleared) records the call as cancelled, as for a call.
     *
     * ```kotlin
     * val observeMessages = environment.flow("observeMessages", NoArguments.serializer(), ListSerializer(Message.serializer()))
     * val repository = object : InboxRepository {
     *     override fun observeMessages() = observeMessages(NoArguments)
     *     …
     * }
     * ```
     *
     * @param name the dependency's name, as in the feature manifest's `dependencies`, e.g. `observeMessages`.
     * @param arguments the serializer of a `@Serializable` class whose properties are the manifest's argument
     *   names (a `data object` when it has none).
     * @param element the deserializer of the manifest's `emits` type; each `emit` step's value is decoded
     *   strictly with it, and one that does not decode makes the harness reply `errored` at that step.
     * @return the function the runtime's client calls; the flow throws `java.io.IOException` with the given
     *   message when the scenario ends the call with `error`.
     * @throws IllegalArgumentException when [name] is empty or [arguments] is not a class or object serializer.
     */
    public fun <Arguments, Element> flow(
        name: String,
        arguments: SerializationStrategy<Arguments>,
        element: DeserializationStrategy<Element>,
    ): (Arguments) -> Flow<Element> {
        requireDependency(name, arguments)
        return { value ->
            val encoded = HarnessJson.encodeToJsonElement(arguments, value) as JsonObject
            @Suppress("UNCHECKED_CAST")
            calls.stream(name, encoded) { json, path -> decodeChecked(element, json, path) } as Flow<Element>
        }
    }

    @OptIn(ExperimentalSerializationApi::class)
    private fun requireDependency(name: String, arguments: SerializationStrategy<*>) {
        require(name.isNotEmpty()) { "A dependency name must not be empty." }
        val kind = arguments.descriptor.kind
        require(kind == StructureKind.CLASS || kind == StructureKind.OBJECT) {
            "The arguments of dependency '$name' must be a @Serializable class whose properties are the manifest's " +
                "argument names, not ${ShapeCheck.typeName(arguments.descriptor)}."
        }
    }
}

/**
 * One scripted dependency of a runtime-level scenario (made by [RuntimeEnvironment.dependency]).
 *
 * Each [call] is recorded as `{"dependency": name, "arguments": {…}}` in the step during which it starts and
 * suspends until a `respond` step answers it (harness protocol §2.5).
 */
public class ScriptedDependency<in Arguments, out Result> internal constructor(
    /** The dependency's name, as in the feature manifest, e.g. `authenticate`. */
    public val name: String,
    private val arguments: SerializationStrategy<Arguments>,
    private val result: DeserializationStrategy<Result>,
    private val calls: ScriptedCalls,
) {
    /**
     * Calls the dependency: records the call, then suspends until the scenario answers it.
     *
     * Cancellable: when the calling coroutine is cancelled (dismiss, clear, a timeout), the call is recorded
     * as cancelled in the current step and ends at once with the `CancellationException`, as a cooperative
     * HTTP client does.
     *
     * @param arguments the call's arguments, encoded as a JSON object.
     * @return the `respond` step's `result`, decoded strictly; a result that does not decode makes the
     *   harness reply `errored` at that step.
     * @throws java.io.IOException with the given message when the scenario answers with `error`.
     * @throws kotlinx.coroutines.CancellationException when the calling coroutine is cancelled, and, while it
     *   is not, when the scenario answers with `"error": {"message": m, "cancellation": true}` (the client's
     *   own cancellation, with message `m`; login.md LR2).
     */
    public suspend fun call(arguments: Arguments): Result {
        val encoded = HarnessJson.encodeToJsonElement(this.arguments, arguments) as JsonObject
        @Suppress("UNCHECKED_CAST")
        return calls.call(name, encoded) { json, path -> decodeChecked(result, json, path) } as Result
    }
}
