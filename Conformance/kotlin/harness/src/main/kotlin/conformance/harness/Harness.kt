package conformance.harness

import conformance.harness.internal.Messages
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
 * Serves harness protocol v1 (Conformance/PROTOCOL.md) for a list of features: reads requests, replays
 * scenarios through the features' pure reducers, writes replies.
 *
 * Requests are newline-delimited JSON objects, handled strictly one at a time:
 * - `{"cmd":"hello","protocol":1}` → `{"protocol":1,"implementation":{"name":…,"language":"Kotlin",
 *   "version":…},"features":{"<name>":{"initialState":{…}},…}}` (§2.1);
 * - `{"cmd":"run","seq":n,"id":…,"feature":…,"initialState":{…},"actions":[…]}` → one reply with the same
 *   `seq` (§2.2): `{"seq":n,"trace":[{"state":{…},"effects":[…]},…]}`, or
 *   `{"seq":n,"errored":{"step":k,"message":…}}` when step k (0 for `initialState`) cannot be decoded or
 *   the reducer throws, or `{"seq":n,"skipped":{"reason":…}}` for a feature not in [features];
 * - `{"cmd":"bye"}` → no reply; [serve] returns (§2.3).
 * Anything else gets a diagnostic on the diagnostics stream and no reply (§2.4).
 *
 * ```kotlin
 * Harness(listOf(counterFeature), implementation = "android").serve(System.`in`.reader(), out, err)
 * ```
 * Most programs call [runHarness] instead, which serves stdin and stdout and exits.
 *
 * @param features the features this harness implements, announced in `hello` in this order.
 * @param implementation the implementation name announced in `hello` (kebab-case, e.g. `kotlin` or
 *   `android`), also the prefix of diagnostics (`kotlin harness: …`).
 * @param version the implementation version announced in `hello`, free-form.
 * @throws IllegalArgumentException when two features have the same name or [implementation] is not
 *   kebab-case (lower-case letters and digits, words joined by single hyphens).
 */
public class Harness(
    features: List<HarnessFeature>,
    private val implementation: String = DEFAULT_IMPLEMENTATION,
    private val version: String = DEFAULT_VERSION,
) {
    private val features: Map<String, HarnessFeature> = features.associateBy { it.name }

    init {
        require(kebabCase.matches(implementation)) {
            "The implementation name must be kebab-case (e.g. 'kotlin' or 'android'); got ${Messages.quote(implementation)}."
        }
        val duplicates = features.groupBy { it.name }.filterValues { it.size > 1 }.keys
        require(duplicates.isEmpty()) {
            "Feature names must be unique; more than one feature is named ${Messages.list(duplicates, "or")}."
        }
    }

    /** What to do with one request line. */
    internal sealed interface Response {
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
     * [diagnostics], prefixed with the implementation name, e.g. `kotlin harness: `.
     *
     * @param input the request stream (stdin).
     * @param output the reply stream (stdout); carries protocol messages only.
     * @param diagnostics where to explain ignored lines (stderr).
     * @throws java.io.IOException when reading or writing fails.
     */
    public fun serve(input: Reader, output: Writer, diagnostics: Writer) {
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
                    diagnostics.write("$implementation harness: ${response.diagnostic}\n")
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
    internal fun respond(line: String): Response {
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
                "Ignored unknown command ${Messages.quote(command.content)}; " +
                    "expected 'hello', 'run' or 'bye'.",
            )
        }
    }

    // MARK: - Commands

    /** The `hello` reply: protocol, implementation and every feature with its initial state. */
    internal fun hello(): JsonObject = buildJsonObject {
        put("protocol", PROTOCOL)
        putJsonObject("implementation") {
            put("name", implementation)
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
            RunOutcome.Errored(0, "The $implementation harness failed: ${thrown.javaClass.name}: ${thrown.message}")
        }
        return Response.Reply(JsonText.render(reply(seq, outcome)))
    }

    private fun outcome(request: JsonObject): RunOutcome {
        val name = request["feature"]
        if (name !is JsonPrimitive || !name.isString) {
            return RunOutcome.Errored(0, found("feature", "a string", name))
        }
        val feature = features[name.content] ?: return RunOutcome.Skipped(
            "The $implementation harness does not implement feature ${Messages.quote(name.content)}; " +
                "it implements ${Messages.list(features.keys, "and")}.",
        )
        val initialState = request["initialState"] ?: return RunOutcome.Errored(0, "initialState: missing key 'initialState'")
        val actions = request["actions"]
        if (actions !is JsonArray) return RunOutcome.Errored(0, found("actions", "an array", actions))
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

    /** The protocol version and the defaults of [Harness]'s parameters. */
    public companion object {
        /** The harness protocol version this harness speaks: 1. */
        public const val PROTOCOL: Int = 1

        /** The default implementation name announced in `hello`: `kotlin`. */
        public const val DEFAULT_IMPLEMENTATION: String = "kotlin"

        /** The default implementation version announced in `hello`: the library's, e.g. `1.0.0 (Kotlin 1.9.23)`. */
        public val DEFAULT_VERSION: String = "1.0.0 (Kotlin ${KotlinVersion.CURRENT})"

        private val kebabCase = Regex("[a-z0-9]+(-[a-z0-9]+)*")

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

        /** `<key>: missing key '<key>'` or `<key>: expected <expected>, got <type>`. */
        private fun found(key: String, expected: String, element: JsonElement?): String =
            if (element == null) "$key: missing key '$key'" else "$key: expected $expected, got ${Messages.typeName(element)}"

        private fun excerpt(line: String): String {
            val short = if (line.length <= EXCERPT_LENGTH) line else line.take(EXCERPT_LENGTH) + "…"
            return Messages.quote(short)
        }
    }
}
