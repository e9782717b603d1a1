package conformance.harness

import conformance.harness.internal.JsonObjectReader
import conformance.harness.internal.JsonText
import conformance.harness.internal.LineReader
import java.io.Reader
import java.io.Writer
import java.math.BigDecimal
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonObject

/**
 * The Kotlin implementation's side of harness protocol v1: reads requests, replays scenarios through the
 * pure reducers, writes replies.
 *
 * Requests are newline-delimited JSON objects, handled strictly one at a time:
 * - `{"cmd":"hello","protocol":1}` → `{"protocol":1,"implementation":{…},"features":{…}}`;
 * - `{"cmd":"run","seq":n,"id":…,"feature":…,"initialState":{…},"actions":[…]}` → one reply with the same
 *   `seq`: `trace`, `errored` or `skipped` (see [RunOutcome]);
 * - `{"cmd":"bye"}` → no reply; [serve] returns.
 * Anything else gets a diagnostic on the diagnostics stream and no reply.
 *
 * ```kotlin
 * Harness().serve(System.`in`.reader(), System.out.writer(), System.err.writer())
 * ```
 *
 * @param features the features this harness implements, by name.
 * @param version the implementation version announced in `hello`.
 */
internal class Harness(
    features: List<HarnessFeature> = HarnessFeature.all,
    private val version: String = VERSION,
) {
    private val features: Map<String, HarnessFeature> = features.associateBy { it.name }

    /** What to do with one request line. */
    sealed interface Response {
        /** Write [line] (one JSON object, no newline) to the output and flush. */
        data class Reply(val line: String) : Response

        /** Write [diagnostic] to the diagnostics stream; reply nothing. */
        data class Ignored(val diagnostic: String) : Response

        /** Stop serving, replying nothing. */
        data object Bye : Response
    }

    /**
     * Serves requests from [input] until `bye` or end of input.
     *
     * Each reply is written as one line to [output], which is flushed after it; diagnostics go to
     * [diagnostics], prefixed with `kotlin harness: `.
     *
     * @param input the request stream (stdin).
     * @param output the reply stream (stdout); carries protocol messages only.
     * @param diagnostics where to explain ignored lines (stderr).
     * @throws java.io.IOException when reading or writing fails.
     */
    fun serve(input: Reader, output: Writer, diagnostics: Writer) {
        val lines = LineReader(input)
        while (true) {
            val line = lines.readLine() ?: return
            when (val response = respond(line)) {
                is Response.Reply -> {
                    output.write(response.line)
                    output.write("\n")
                    output.flush()
                }
                is Response.Ignored -> {
                    diagnostics.write("kotlin harness: ${response.diagnostic}\n")
                    diagnostics.flush()
                }
                Response.Bye -> return
            }
        }
    }

    /**
     * Handles one request line (without its `\n`).
     *
     * @param line the request text.
     * @return the reply, a diagnostic, or [Response.Bye].
     */
    fun respond(line: String): Response {
        val request = try {
            Json.parseToJsonElement(line)
        } catch (error: Exception) {
            val reason = error.message?.lineSequence()?.firstOrNull().orEmpty()
            return Response.Ignored("Ignored a line that is not JSON: ${excerpt(line)}\n  $reason")
        }
        if (request !is JsonObject) {
            return Response.Ignored("Ignored a line that is not a JSON object: ${excerpt(line)}")
        }
        val command = request["cmd"]
        if (command !is JsonPrimitive || !command.isString) {
            return Response.Ignored("Ignored a request without a string 'cmd': ${excerpt(line)}")
        }
        return when (command.content) {
            "hello" -> Response.Reply(JsonText.render(hello()))
            "run" -> run(request, line)
            "bye" -> Response.Bye
            else -> Response.Ignored(
                "Ignored unknown command ${JsonObjectReader.quote(command.content)}; " +
                    "expected 'hello', 'run' or 'bye'.",
            )
        }
    }

    // MARK: - Commands

    /** The `hello` reply: protocol, implementation and every feature with its initial state. */
    fun hello(): JsonObject = buildJsonObject {
        put("protocol", PROTOCOL)
        putJsonObject("implementation") {
            put("name", "kotlin")
            put("language", "Kotlin")
            put("version", version)
        }
        putJsonObject("features") {
            for (feature in features.values) putJsonObject(feature.name) { put("initialState", feature.initialState) }
        }
    }

    private fun run(request: JsonObject, line: String): Response {
        val seq = sequenceNumber(request["seq"])
            ?: return Response.Ignored(
                "Ignored a run request without a non-negative integer 'seq': ${excerpt(line)}",
            )
        val outcome = try {
            outcome(request)
        } catch (thrown: Throwable) {
            if (thrown is OutOfMemoryError) throw thrown
            RunOutcome.Errored(0, "The kotlin harness failed: ${thrown.javaClass.name}: ${thrown.message}")
        }
        return Response.Reply(JsonText.render(reply(seq, outcome)))
    }

    private fun outcome(request: JsonObject): RunOutcome {
        val name = request["feature"]
        if (name !is JsonPrimitive || !name.isString) {
            return RunOutcome.Errored(0, "feature: expected a string, found ${found(name)}")
        }
        val feature = features[name.content] ?: return RunOutcome.Skipped(
            "The kotlin harness does not implement feature ${JsonObjectReader.quote(name.content)}; " +
                "it implements ${JsonObjectReader.list(features.keys, "and")}.",
        )
        val initialState = request["initialState"] ?: return RunOutcome.Errored(0, "initialState: missing key")
        val actions = request["actions"]
        if (actions !is JsonArray) return RunOutcome.Errored(0, "actions: expected an array, found ${found(actions)}")
        return feature.run(initialState, actions)
    }

    private fun reply(seq: Long, outcome: RunOutcome): JsonObject = buildJsonObject {
        put("seq", seq)
        when (outcome) {
            is RunOutcome.Trace -> put(
                "trace",
                JsonArray(
                    outcome.steps.map { step ->
                        JsonObject(mapOf("state" to step.state, "effects" to JsonArray(step.effects)))
                    },
                ),
            )
            is RunOutcome.Errored -> putJsonObject("errored") {
                put("step", outcome.step)
                put("message", outcome.message)
            }
            is RunOutcome.Skipped -> putJsonObject("skipped") { put("reason", outcome.reason) }
        }
    }

    companion object {
        /** The harness protocol version this harness speaks. */
        const val PROTOCOL: Int = 1

        /** The implementation version announced in `hello`, e.g. `1.0.0 (Kotlin 1.9.23)`. */
        val VERSION: String = "1.0.0 (Kotlin ${KotlinVersion.CURRENT})"

        private const val EXCERPT_LENGTH = 200

        /** A JSON number with no fractional part in 0…2^63−1 (`1` and `1.0` both give 1), else `null`. */
        internal fun sequenceNumber(element: JsonElement?): Long? {
            if (element !is JsonPrimitive || element.isString) return null
            val number = element.content.toBigDecimalOrNull() ?: return null
            if (number.signum() < 0 || number > BigDecimal.valueOf(Long.MAX_VALUE)) return null
            return try {
                number.longValueExact()
            } catch (notAnInteger: ArithmeticException) {
                null
            }
        }

        private fun found(element: JsonElement?): String =
            if (element == null) "nothing (missing key)" else JsonObjectReader.describe(element)

        private fun excerpt(line: String): String {
            val short = if (line.length <= EXCERPT_LENGTH) line else line.take(EXCERPT_LENGTH) + "…"
            return JsonObjectReader.quote(short)
        }
    }
}
