package conformance.harness

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonObjectBuilder
import kotlinx.serialization.json.JsonPrimitive

/**
 * What a feature's runtime reports beyond state, calls and cancellations (hello `reports`, harness protocol
 * §2.5.6, scenario format v1.2); the Swift side's `RuntimeReport`.
 *
 * A runtime that reports neither (a view model written without a reducer has no intents for results) still runs
 * every runtime scenario: the runner shows a step's `expect.received` as not applicable to it, and does not check
 * its effects at the end.
 *
 * @property wireName the name in `hello`: `received`, `inFlight` or `events`.
 */
public enum class RuntimeReport(internal val wireName: String) {
    /** Each trace entry carries `received`: the intents the runtime's effects sent back during the step. */
    RECEIVED("received"),

    /** Each trace entry carries `inFlight`: the effects running once the step settled. */
    IN_FLIGHT("inFlight"),

    /**
     * Each trace entry (and the reply's `start`) carries `events`: the one-off events the screen received during
     * the step (§2.5.7, scenario format v1.3), from the `events` given to [featureRuntime]; possibly empty.
     */
    EVENTS("events"),
}

/**
 * An effect running in a view model or store once a step has settled: what the end-of-scenario check lists
 * (`effect authenticate (id 'authenticate') is still running`).
 *
 * @property type the effect's case name in the manifest, e.g. `authenticate`.
 * @property id the cancellation id it runs under, or null.
 */
public data class InFlightEffect(public val type: String, public val id: String?) {
    /** `{"type": type, "id": id or null}`. */
    internal fun toJson(): JsonObject = JsonObject(mapOf("type" to JsonPrimitive(type), "id" to JsonPrimitive(id)))
}

/** Puts `"reports": [...]` (sorted, as the Swift harness writes it) when [runtime] reports anything. */
internal fun JsonObjectBuilder.putReports(runtime: RuntimeAdapter) {
    val names = runtime.reports.map { it.wireName }.sorted()
    if (names.isNotEmpty()) put("reports", JsonArray(names.map(::JsonPrimitive)))
}
