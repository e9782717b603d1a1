package conformance.harness

import conformance.harness.internal.Messages
import conformance.harness.internal.JsonText
import conformance.harness.internal.LineReader
import conformance.harness.internal.StrictJson
import java.io.InputStream
import java.io.OutputStream
import java.io.Writer
import java.math.BigDecimal
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonObject

/**
 * Serves harness protocol v1 (Conformance/PROTOCOL.md) for a list of features: reads requests, replays
 * scenarios through the features' pure reducers (reducer level) or drives their real runtimes with scripted
 * dependencies and virtual time (runtime level, §2.5), writes replies.
 *
 * Requests are newline-delimited JSON objects, handled strictly one at a time:
 * - `{"cmd":"hello","protocol":1}` → `{"protocol":1,"implementation":{"name":…,"language":"Kotlin",
 *   "version":…},"features":{"<name>":{"initialState":{…},"levels":["reducer","runtime"]},…}}` (§2.1, §2.5):
 *   `reducer` for a feature in [features], `runtime` for one in [runtimes]; without [runtimes], `levels` is
 *   left out (it means `["reducer"]`), so the reply is exactly a v1 harness's;
 * - `{"cmd":"run","seq":n,"id":…,"feature":…,"initialState":{…},"actions":[…]}` → one reply with the same
 *   `seq` (§2.2): `{"seq":n,"trace":[{"state":{…},"effects":[…]},…]}`, or
 *   `{"seq":n,"errored":{"step":k,"message":…}}` when step k (0 for `initialState`) cannot be decoded or
 *   the reducer throws, or `{"seq":n,"skipped":{"reason":…}}` for a feature not in [features];
 * - `{"cmd":"run",…,"level":"runtime","initialState":{…},"steps":[…]}` → `{"seq":n,"start":{"state":{…},
 *   "calls":[…],"cancelled":[…]},"trace":[{"state":{…},"calls":[…],"cancelled":[…]},…]}` (what creation did,
 *   then one entry per step, §2.5, §2.5.7), `errored` or `skipped` as above, for a feature in [runtimes]
 *   (see [serializableRuntime]);
 * - `{"cmd":"bye"}` → no reply; [serve] returns (§2.3).
 * Anything else gets a diagnostic on the diagnostics stream and no reply (§2.4).
 *
 * ```kotlin
 * Harness(listOf(counterFeature), implementation = "android").serve(System.`in`, System.out, System.err.writer())
 * ```
 * Most programs call [runHarness] instead, which serves stdin and stdout and exits.
 *
 * @param features the features this harness implements, announced in `hello` in this order.
 * @param implementation the implementation name announced in `hello` (kebab-case, e.g. `kotlin` or
 *   `android`), also the prefix of diagnostics (`kotlin harness: …`).
 * @param version the implementation version announced in `hello`, free-form.
 * @param runtimes the features whose runtime this harness drives at the runtime level (§2.5); a name may
 *   also be in [features], with the same initial state. Default: none (a reducer-only harness).
 * @throws IllegalArgumentException when two features (or two runtimes) have the same name, a feature and
 *   its runtime announce different initial states, or [implementation] is not kebab-case (lower-case
 *   letters and digits, words joined by single hyphens).
 */
public class Harness(
    features: List<FeatureAdapter>,
    private val implementation: String = DEFAULT_IMPLEMENTATION,
    private val version: String = DEFAULT_VERSION,
    runtimes: List<RuntimeAdapter> = emptyList(),
) {
    private val features: Map<String, FeatureAdapter> = features.associateBy { it.name }
    private val runtimes: Map<String, RuntimeAdapter> = runtimes.associateBy { it.name }

    init {
        require(kebabCase.matches(implementation)) {
            "The implementation name must be kebab-case (e.g. 'kotlin' or 'android'); got ${Messages.quote(implementation)}."
        }
        val duplicates = features.groupBy { it.name }.filterValues { it.size > 1 }.keys
        require(duplicates.isEmpty()) {
            "Feature names must be unique; more than one feature is named ${Messages.list(duplicates, "or")}."
        }
        val duplicateRuntimes = runtimes.groupBy { it.name }.filterValues { it.size > 1 }.keys
        require(duplicateRuntimes.isEmpty()) {
            "Runtime names must be unique; more than one runtime is named ${Messages.list(duplicateRuntimes, "or")}."
        }
        for (runtime in runtimes) {
            val feature = this.features[runtime.name] ?: continue
            require(feature.initialState == runtime.initialState) {
                "Feature ${Messages.quote(runtime.name)} has two initial states: ${feature.initialState} for its " +
                    "reducer and ${runtime.initialState} for its runtime."
            }
        }
    }

    /** What to do with one request line. */
    internal sealed interface Response {
        /** Write [line] (one JSON object, no newline) to the output and flush. */
        class Reply(val line: JsonText) : Response

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
     * @param input the request stream (stdin), read as bytes: each line is decoded as strict UTF-8, and a line
     *   that is not UTF-8 is ignored as not JSON (PROTOCOL.md §2.4), never repaired into U+FFFD.
     * @param output the reply stream (stdout), written as UTF-8 bytes; carries protocol messages only. Buffer it
     *   (a `BufferedOutputStream`): each reply is written in one call and flushed.
     * @param diagnostics where to explain ignored lines (stderr).
     * @throws java.io.IOException when reading or writing fails.
     */
    public fun serve(input: InputStream, output: OutputStream, diagnostics: Writer) {
        val lines = LineReader(input)
        var lineNumber = 0
        while (true) {
            val line = lines.readLine() ?: return
            lineNumber += 1
            val response = when (line) {
                is LineReader.Line.Text -> respond(line.text, lineNumber)
                is LineReader.Line.NotUtf8 -> Response.Ignored(
                    "request line $lineNumber is not JSON (invalid UTF-8 byte 0x%02X; a request line must be UTF-8 "
                        .format(line.byte) + "(RFC 8259 §8.1) at column ${line.column}); ignored",
                )
            }
            when (response) {
                is Response.Reply -> {
                    response.line.append('\n').writeTo(output)
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
     * The line must be strict RFC 8259 JSON ([StrictJson]: no duplicate keys, no lone surrogates, at most
     * 256 levels deep); anything else is [Response.Ignored] with the Swift harness's words
     * (`Sources/Conformance/Harness/HarnessServer.swift`), e.g. `request line 3 is not JSON (leading zeros
     * are not allowed in numbers (RFC 8259 §6) at column 21); ignored`. No input makes it throw, short of
     * running out of memory.
     *
     * @param line the request text.
     * @param lineNumber the 1-based number of the line in the session, for diagnostics.
     * @return the reply, a diagnostic, or [Response.Bye].
     */
    internal fun respond(line: String, lineNumber: Int): Response {
        if (line.all(::isWhiteSpace)) return Response.Ignored("request line $lineNumber is blank; ignored")
        val request = try {
            StrictJson.parse(line)
        } catch (error: StrictJson.SyntaxError) {
            return Response.Ignored(
                "request line $lineNumber is not JSON (${error.reason} at column ${error.column}); ignored",
            )
        }
        val command = (request as? JsonObject)?.get("cmd")
        return when (if (command is JsonPrimitive && command.isString) command.content else null) {
            "hello" -> Response.Reply(JsonText().render(hello()))
            "run" -> run(request as JsonObject)
            "bye" -> Response.Bye
            else -> Response.Ignored("request line $lineNumber has no known 'cmd' (hello, run, bye); ignored")
        }
    }

    // Commands

    /** The `hello` reply: protocol, implementation and every feature with its initial state. */
    internal fun hello(): JsonObject = buildJsonObject {
        put("protocol", PROTOCOL)
        putJsonObject("implementation") {
            put("name", implementation)
            put("language", "Kotlin")
            put("version", version)
        }
        putJsonObject("features") {
            for (feature in features.values) {
                putJsonObject(feature.name) {
                    put("initialState", feature.initialState)
                    // A reducer-only harness stays byte for byte a v1 harness (absent levels = ["reducer"], §2.5),
                    // so a module built on this library keeps working with a runner that predates levels.
                    if (runtimes.isNotEmpty()) put("levels", if (feature.name in runtimes) BOTH_LEVELS else REDUCER_LEVEL)
                    runtimes[feature.name]?.let { putReports(it) }
                    // Only when there is something to check, so that a harness without narrow fields stays v1 byte
                    // for byte too.
                    if (feature.fieldTypes.isNotEmpty()) {
                        putJsonObject("fields") { for ((path, type) in feature.fieldTypes) put(path, type) }
                    }
                }
            }
            for (runtime in runtimes.values) {
                if (runtime.name in features) continue
                putJsonObject(runtime.name) {
                    put("initialState", runtime.initialState)
                    put("levels", RUNTIME_LEVEL)
                    putReports(runtime)
                }
            }
        }
    }

    private fun run(request: JsonObject): Response {
        val seq = sequenceNumber(request["seq"])
            ?: return Response.Ignored("a 'run' request without a non-negative integer 'seq'; ignored")
        val observation = try {
            observe(request)
        } catch (thrown: Throwable) {
            // StackOverflowError and other Errors too: one bad request must not end the session (§2.4).
            if (thrown is OutOfMemoryError) throw thrown
            Observation.Errored(0, "The $implementation harness failed: ${thrown.javaClass.name}: ${thrown.message}")
        }
        return Response.Reply(reply(seq, observation))
    }

    private fun observe(request: JsonObject): Observation {
        val name = request["feature"]
        val initialState = request["initialState"]
        val level = request["level"]
        val runtimeLevel = when {
            level == null -> false
            level is JsonPrimitive && level.isString && level.content == REDUCER -> false
            level is JsonPrimitive && level.isString && level.content == RUNTIME -> true
            level is JsonPrimitive && level.isString ->
                return Observation.Errored(0, "unknown level ${Messages.quote(level.content)} (known: reducer, runtime)")
            else -> return Observation.Errored(0, "'level' must be a string ('reducer' or 'runtime'), got ${Messages.typeName(level)}")
        }
        if (runtimeLevel) {
            val steps = request["steps"]
            if (name !is JsonPrimitive || !name.isString || initialState == null || steps !is JsonArray) {
                return Observation.Errored(0, "the request needs 'feature' (string), 'initialState' and 'steps' (array)")
            }
            val runtime = runtimes[name.content] ?: return notAtLevel(name.content, RUNTIME)
            return runtime.run(initialState, steps)
        }
        val actions = request["actions"]
        if (name !is JsonPrimitive || !name.isString || initialState == null || actions !is JsonArray) {
            return Observation.Errored(0, "the request needs 'feature' (string), 'initialState' and 'actions' (array)")
        }
        val feature = features[name.content] ?: return notAtLevel(name.content, REDUCER)
        return feature.trace(initialState, actions)
    }

    /** `skipped` for feature [name] at [level]: not implemented at all, or only at the other level. */
    private fun notAtLevel(name: String, level: String): Observation.Skipped =
        if (name in features || name in runtimes) {
            Observation.Skipped("the $implementation implementation does not run feature ${Messages.quote(name)} at the $level level")
        } else {
            Observation.Skipped("the Kotlin implementation has no feature ${Messages.quote(name)}")
        }

    /**
     * The reply line for [observation] (§2.2, §2.5), written straight as text: `{"seq":n,"trace":[…]}`,
     * `{"seq":n,"start":{…},"trace":[…]}`, `{"seq":n,"errored":{"step":k,"message":…}}` or
     * `{"seq":n,"skipped":{"reason":…}}`, members in that order.
     */
    private fun reply(seq: Long, observation: Observation): JsonText {
        // One text per thread, reused: a reply does not grow a fresh buffer step by step. It is written before the
        // next request is read.
        val out = replyText.get().also { it.clear() }
        out.appendAscii("{\"seq\":").append(seq)
        when (observation) {
            is Observation.Trace -> {
                out.appendAscii(",\"trace\":[")
                observation.entries.forEachIndexed { index, entry ->
                    if (index > 0) out.append(',')
                    out.appendAscii("{\"state\":").render(entry.state)
                    out.appendAscii(",\"effects\":").renderArray(entry.effects).append('}')
                }
                out.append(']')
            }
            is Observation.RuntimeTrace -> {
                out.appendAscii(",\"start\":")
                runtimeEntry(observation.start, out)
                out.appendAscii(",\"trace\":[")
                observation.entries.forEachIndexed { index, entry ->
                    if (index > 0) out.append(',')
                    runtimeEntry(entry, out)
                }
                out.append(']')
            }
            is Observation.Errored -> {
                out.appendAscii(",\"errored\":{\"step\":").append(observation.step).appendAscii(",\"message\":")
                out.quote(observation.message).append('}')
            }
            is Observation.Skipped -> out.appendAscii(",\"skipped\":{\"reason\":").quote(observation.reason).append('}')
        }
        return out.append('}')
    }

    /** Appends `{"state": {…}, "calls": […], "cancelled": […]}` and the reports [entry] carries to [out]. */
    private fun runtimeEntry(entry: RuntimeTraceEntry, out: JsonText) {
        out.appendAscii("{\"state\":").render(entry.state)
        out.appendAscii(",\"calls\":").renderArray(entry.calls)
        out.appendAscii(",\"cancelled\":[")
        entry.cancelled.forEachIndexed { index, call ->
            if (index > 0) out.append(',')
            out.appendAscii("{\"step\":").append(call.step).appendAscii(",\"index\":").append(call.index).append('}')
        }
        out.append(']')
        entry.received?.let { out.appendAscii(",\"received\":").renderArray(it) }
        entry.inFlight?.let { out.appendAscii(",\"inFlight\":").renderArray(it) }
        entry.events?.let { out.appendAscii(",\"events\":").renderArray(it) }
        out.append('}')
    }

    /** The protocol version and the defaults of [Harness]'s parameters. */
    public companion object {
        /** Each thread's reply text, reused from one reply to the next. */
        private val replyText: ThreadLocal<JsonText> = ThreadLocal.withInitial { JsonText(4096) }

        /** The harness protocol version this harness speaks: 1. */
        public const val PROTOCOL: Int = 1

        /** The default implementation name announced in `hello`: `kotlin`. */
        public const val DEFAULT_IMPLEMENTATION: String = "kotlin"

        /** The default implementation version announced in `hello`: the library's, e.g. `1.0.0 (Kotlin 1.9.23)`. */
        public val DEFAULT_VERSION: String = "1.0.0 (Kotlin ${KotlinVersion.CURRENT})"

        private val kebabCase = Regex("[a-z0-9]+(-[a-z0-9]+)*")

        private const val REDUCER = "reducer"
        private const val RUNTIME = "runtime"
        private val REDUCER_LEVEL = JsonArray(listOf(JsonPrimitive(REDUCER)))
        private val RUNTIME_LEVEL = JsonArray(listOf(JsonPrimitive(RUNTIME)))
        private val BOTH_LEVELS = JsonArray(listOf(JsonPrimitive(REDUCER), JsonPrimitive(RUNTIME)))

        /** A JSON number with no fractional part in 0…2^63−1 (`1` and `1.0` both give 1), else `null`. */
        internal fun sequenceNumber(element: JsonElement?): Long? {
            if (element !is JsonPrimitive || element.isString) return null
            Messages.plainLong(element.content)?.let { return it.takeIf { seq -> seq >= 0 } }
            val number = element.content.toBigDecimalOrNull() ?: return null
            if (number.signum() < 0 || number > BigDecimal.valueOf(Long.MAX_VALUE)) return null
            return try {
                number.longValueExact()
            } catch (notAnInteger: ArithmeticException) {
                null
            }
        }

        /**
         * Whether [char] has the Unicode White_Space property (PropList.txt), as Swift's
         * `Character.isWhitespace`, which the Swift harness uses for blank lines. Kotlin's
         * `Char.isWhitespace` differs (it includes U+001C…U+001F and excludes U+0085).
         */
        private fun isWhiteSpace(char: Char): Boolean = when (char) {
            in '\u0009'..'\u000D', ' ', '\u0085', '\u00A0', '\u1680', in '\u2000'..'\u200A',
            '\u2028', '\u2029', '\u202F', '\u205F', '\u3000' -> true
            else -> false
        }
    }
}
