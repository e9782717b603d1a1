package conformance.junit.internal

import conformance.junit.ConformanceRunException
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.booleanOrNull
import kotlinx.serialization.json.intOrNull

/**
 * Reads the event stream of `conformance run --format ndjson` (Conformance/README.md §11.5, schema
 * `Conformance/schema/events.schema.json`) into one [ScenarioResult] per scenario and per invalid file.
 *
 * It judges nothing itself: the outcome words and the `text` of each record are the CLI's, so a test fails exactly
 * when the run fails, with the lines the text report prints. Per the stream's rules it ignores kinds and fields it
 * does not know, starts over at each `header` (the run started again after a trap) and refuses a `version` other
 * than 1. A stream without its closing `summary` was cut short: the run died.
 *
 * Outcomes (README §11): a pair's outcome is that of its last attempt (a crash or time-out retried with `--retries`
 * has a `finished` record per attempt). `passed`, `known` and `flaky` (passed on a retry, which passes the run unless
 * `--no-flaky`) pass; `not_applicable` is skipped; every other outcome (`failed`, `errored`, `crashed`, `timed_out`,
 * `protocol_error`, `skipped`, `not_run`, and any later word) fails, as does a divergence the baseline does not
 * explain. A pair `not_run` because its harness did not start (the `startError` of the `header`, or of the
 * `implementation` record of a harness started late) adds the CLI's standard-error line saying why to the scenario's
 * text, whose own words point "above" at it, where a test report has nothing. When the run's exit status is not 0
 * although no scenario failed (an
 * unmatched or expired baseline entry, no scenario at all), one more result, `conformance run`, fails with the CLI's
 * standard error, so a red run is never a green test suite.
 */
internal class EventStream {
    private var scenarios = LinkedHashMap<String, Scenario>()
    private var invalid = mutableListOf<ScenarioResult>()
    private var summary: JsonObject? = null
    private var lineNumber = 0

    /** Implementation → why it did not start, from the `header` and `implementation` records. */
    private var startErrors = LinkedHashMap<String, String>()

    private class Scenario(val id: String, val file: String?, val line: Int, val text: String) {
        /** Implementation → the outcome of its last attempt so far. */
        val outcomes = LinkedHashMap<String, String>()
        var unexplainedDivergence = false
    }

    /**
     * Reads one line of the stream.
     *
     * @param line one record, without its newline.
     * @throws ConformanceRunException for a line that is not a JSON object, or a stream of another version.
     */
    fun read(line: String) {
        lineNumber += 1
        if (line.isBlank()) return
        val record = try {
            Json.parseToJsonElement(line) as? JsonObject
        } catch (error: SerializationException) {
            null
        } ?: throw ConformanceRunException(
            "line $lineNumber of the event stream is not a JSON object: '${line.take(200)}'"
        )
        val version = record.int("version")
        if (version != 1) {
            throw ConformanceRunException(
                "the event stream is version ${record["version"]}, and this library reads version 1; " +
                    "use the conformance binary of the same release as the library"
            )
        }
        when (record.string("kind")) {
            "header" -> {
                startOver()
                (record["implementations"] as? JsonArray)?.forEach { (it as? JsonObject)?.let(::implementation) }
            }
            "implementation" -> implementation(record)
            "scenario" -> scenario(record)
            "finished" -> finished(record)
            "divergence" -> if (record["known"].booleanOrNull() != true) {
                scenarios[record.string("scenario")]?.unexplainedDivergence = true
            }
            "invalid" -> invalid += invalidFile(record)
            "summary" -> summary = record
        }
    }

    /**
     * The results of the whole run, in the order the stream gave them: invalid files first, then the scenarios.
     *
     * @param exitStatus the CLI's exit status.
     * @param errorOutput what the CLI wrote to standard error (usage errors, the baseline's findings).
     * @throws ConformanceRunException when the stream has no `summary`: the run failed before or while running
     *   scenarios (a usage error, a missing manifest, a crash), with the CLI's standard error.
     */
    fun results(exitStatus: Int, errorOutput: String): List<ScenarioResult> {
        val summary = summary ?: throw ConformanceRunException(
            (if (lineNumber == 0) "conformance run wrote no event stream" else "the event stream ended without its summary") +
                " (exit status $exitStatus)" + errorOutput.asDetail()
        )
        val results = invalid + scenarios.values.map(::result)
        val exitCode = summary.int("exitCode") ?: exitStatus
        if ((exitCode != 0 || exitStatus != 0) && results.none { it.verdict is Verdict.Fails }) {
            val said = errorOutput.trim().ifEmpty { "(nothing on standard error)" }
            return results + ScenarioResult(
                "conformance run", null, 1, Verdict.Fails("conformance run exited with status $exitStatus:\n$said")
            )
        }
        return results
    }

    private fun startOver() {
        scenarios = LinkedHashMap()
        invalid = mutableListOf()
        summary = null
        startErrors = LinkedHashMap()
    }

    private fun implementation(record: JsonObject) {
        val name = record.string("name") ?: return
        val startError = record.string("startError")
        if (startError == null) startErrors.remove(name) else startErrors[name] = startError
    }

    private fun scenario(record: JsonObject) {
        val id = record.string("scenario") ?: return
        val text = record.string("text") ?: "$id (the event stream carries no text; use a newer conformance binary)"
        scenarios[id] = Scenario(id, record.string("file"), record.int("line") ?: 1, text)
    }

    private fun finished(record: JsonObject) {
        val outcome = record.string("outcome") ?: return
        scenarios[record.string("scenario")]?.outcomes?.set(record.string("implementation").orEmpty(), outcome)
    }

    private fun result(scenario: Scenario): ScenarioResult {
        val outcomes = scenario.outcomes.values
        val verdict = when {
            outcomes.isEmpty() -> Verdict.Fails("${scenario.text}\n(the run reported no outcome for it)")
            scenario.unexplainedDivergence -> Verdict.Fails(scenario.text)
            outcomes.all { it in PASSING } -> Verdict.Passes
            outcomes.all { it in PASSING || it == "not_applicable" } -> Verdict.Skipped(scenario.text)
            else -> Verdict.Fails(scenario.text + startErrorLines(scenario))
        }
        return ScenarioResult(scenario.id, scenario.file, scenario.line, verdict)
    }

    /**
     * The CLI's standard-error line for each harness that did not start and left this scenario `not_run`, each on a
     * line of its own (empty when none): the scenario's text says only "did not start (see the error above)".
     */
    private fun startErrorLines(scenario: Scenario): String =
        scenario.outcomes.entries.filter { it.value == "not_run" }.mapNotNull { (implementation, _) ->
            startErrors[implementation]?.let { "\nerror: the implementation '$implementation' did not start: $it" }
        }.joinToString("")

    private fun invalidFile(record: JsonObject): ScenarioResult {
        val file = record.string("file")
        val text = record.string("text") ?: "error: $file: ${record.string("message")}"
        val name = file?.substringAfterLast('/')?.removeSuffix(".json") ?: "invalid file"
        return ScenarioResult(name, file, record.int("line") ?: 1, Verdict.Fails(text))
    }

    private companion object {
        /** The outcomes that pass a test: they pass `conformance run` too (`flaky` unless `--no-flaky`). */
        val PASSING = setOf("passed", "known", "flaky")
    }

    private fun String.asDetail(): String = trim().let { if (it.isEmpty()) "" else ":\n$it" }

    private fun JsonObject.string(key: String): String? = (this[key] as? JsonPrimitive)?.takeIf { it.isString }?.content

    private fun JsonObject.int(key: String): Int? = (this[key] as? JsonPrimitive)?.intOrNull

    private fun JsonElement?.booleanOrNull(): Boolean? = (this as? JsonPrimitive)?.booleanOrNull
}
