package conformance.harness.internal

import java.math.BigDecimal
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * One step of a runtime-level run request (harness protocol §2.5), read strictly:
 * `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
 * `{"respond": {"call": …, "error": {"message": m, "cancellation"?: true}}}`,
 * `{"respond": {"call": …, "complete": true}}` (a stream dependency ends), `{"emit": {"call": …, "value": v}}`,
 * `{"screen": "appear"}` / `{"screen": "disappear"}` (§2.5.7), `{"advance": n}` (0 ≤ n ≤ 86,400,000 ms) or
 * `{"clear": true}`; the Swift side's `RuntimeStep`. A call reference's step may be 0: a call started at creation.
 */
internal sealed interface RuntimeStep {
    /** Sends [action] (decoded later with the feature's intent type) to the view model or store. */
    data class Send(val action: JsonElement) : RuntimeStep

    /**
     * Answers call [call] with [result], with an error carrying [errorMessage], or ends a stream call normally
     * ([complete]); exactly one is set. With [cancellation], the error is a `CancellationException`: the
     * client's own cancellation (login.md LR2).
     */
    data class Respond(
        val call: CallReference,
        val result: JsonElement?,
        val errorMessage: String?,
        val cancellation: Boolean = false,
        val complete: Boolean = false,
    ) : RuntimeStep

    /** Delivers one element [value] to the stream call [call], which stays pending (§2.5.7). */
    data class Emit(val call: CallReference, val value: JsonElement) : RuntimeStep

    /** The screen starts ([appear] true) or stops observing the runtime (§2.5.7). */
    data class Screen(val appear: Boolean) : RuntimeStep

    /** Moves virtual time forward by [milliseconds]. */
    data class Advance(val milliseconds: Long) : RuntimeStep

    /** Tears the owner down (`ViewModel.clear()`). */
    data object Clear : RuntimeStep

    companion object {
        /** The longest `advance`: one day, in milliseconds (scenario format v1.1). */
        const val MAXIMUM_ADVANCE: Long = 86_400_000

        private val kinds = listOf("send", "respond", "emit", "screen", "advance", "clear")

        /** The values of a `screen` step. */
        private val screenValues = listOf("appear", "disappear")

        /**
         * Reads the step [element] found at [path] (e.g. `steps[2]`).
         *
         * @throws DecodingException naming the path and what is wrong, e.g.
         *   `steps[2].advance: expected an integer from 0 to 86400000 (milliseconds), got string`.
         */
        fun parse(element: JsonElement, path: JsonPath): RuntimeStep {
            if (element !is JsonObject) {
                throw DecodingException(
                    path,
                    "expected a runtime step, an object with one of ${Messages.list(kinds, "or")}, got ${Messages.typeName(element)}",
                )
            }
            // A well-formed step has one key, a known one; anything else fails below with what is wrong.
            val kind = element.keys.singleOrNull()?.takeIf { it in kinds } ?: throw malformed(element, path)
            val value = element.getValue(kind)
            val valuePath = path.key(kind)
            return when (kind) {
                "send" -> Send(value)
                "respond" -> respond(value, valuePath)
                "emit" -> emit(value, valuePath)
                "screen" -> screen(value, valuePath)
                "advance" -> Advance(
                    integer(value, 0, MAXIMUM_ADVANCE)
                        ?: throw DecodingException(
                            valuePath,
                            "expected an integer from 0 to $MAXIMUM_ADVANCE (milliseconds), got ${describe(value)}",
                        ),
                )
                else -> if (value is JsonPrimitive && !value.isString && value.content == "true") Clear
                else throw DecodingException(valuePath, "expected true, got ${describe(value)}")
            }
        }

        /** What is wrong with [step], which does not have exactly one key, a known one. */
        private fun malformed(step: JsonObject, path: JsonPath): DecodingException {
            unknownKeys(step, kinds, path, "a runtime step")
            val present = kinds.filter { it in step }
            val got = if (present.isEmpty()) "none" else Messages.list(present, "and")
            return DecodingException(path, "a runtime step needs exactly one of ${Messages.list(kinds, "or")}, got $got")
        }

        private fun respond(element: JsonElement, path: JsonPath): Respond {
            val respond = objectAt(element, path, "an object with 'call' and one of 'result', 'error' or 'complete'")
            unknownKeys(respond, listOf("call", "complete", "error", "result"), path, "respond")
            val call = respond["call"] ?: throw DecodingException(path, "missing key 'call'")
            val answers = listOf("result", "error", "complete").filter { it in respond }
            if (answers.size != 1) {
                val got = if (answers.isEmpty()) "none" else Messages.list(answers, "and")
                throw DecodingException(path, "needs exactly one of 'result', 'error' or 'complete', got $got")
            }
            respond["complete"]?.let { complete ->
                if (complete !is JsonPrimitive || complete.isString || complete.content != "true") {
                    throw DecodingException(path.key("complete"), "expected true, got ${describe(complete)}")
                }
                return Respond(reference(call, path.key("call")), null, null, complete = true)
            }
            val error = respond["error"] ?: return Respond(reference(call, path.key("call")), respond["result"], null)
            val errorPath = path.key("error")
            val errorObject = objectAt(error, errorPath, "an object {\"message\": string}")
            unknownKeys(errorObject, listOf("cancellation", "message"), errorPath, "error")
            val message = errorObject["message"] ?: throw DecodingException(errorPath, "missing key 'message'")
            if (message !is JsonPrimitive || !message.isString) {
                throw DecodingException(errorPath.key("message"), "expected string, got ${Messages.typeName(message)}")
            }
            val cancellation = errorObject["cancellation"]?.let { flag ->
                (flag as? JsonPrimitive)?.takeIf { !it.isString }?.content?.toBooleanStrictOrNull()
                    ?: throw DecodingException(errorPath.key("cancellation"), "expected boolean, got ${Messages.typeName(flag)}")
            } ?: false
            return Respond(reference(call, path.key("call")), null, message.content, cancellation)
        }

        private fun emit(element: JsonElement, path: JsonPath): Emit {
            val emit = objectAt(element, path, "an object {\"call\": {\"step\": s, \"index\": i}, \"value\": v}")
            unknownKeys(emit, listOf("call", "value"), path, "emit")
            val call = emit["call"] ?: throw DecodingException(path, "missing key 'call'")
            val value = emit["value"] ?: throw DecodingException(path, "missing key 'value'")
            return Emit(reference(call, path.key("call")), value)
        }

        private fun screen(element: JsonElement, path: JsonPath): Screen {
            val value = (element as? JsonPrimitive)?.takeIf { it.isString }?.content
                ?: throw DecodingException(path, "expected 'appear' or 'disappear', got ${describe(element)}")
            if (value !in screenValues) {
                throw DecodingException(path, "unknown screen step ${Messages.quote(value)} (known: appear, disappear)")
            }
            return Screen(appear = value == "appear")
        }

        private fun reference(element: JsonElement, path: JsonPath): CallReference {
            val reference = objectAt(element, path, "a call reference {\"step\": s, \"index\": i}")
            unknownKeys(reference, listOf("index", "step"), path, "a call reference")
            // Step 0 names a call started at creation (§2.5.7); calls are counted from 1 in every step.
            fun part(key: String, minimum: Int): Int {
                val value = reference[key] ?: throw DecodingException(path, "missing key '$key'")
                return integer(value, minimum.toLong(), Int.MAX_VALUE.toLong())?.toInt()
                    ?: throw DecodingException(path.key(key), "expected an integer from $minimum, got ${describe(value)}")
            }
            return CallReference(part("step", 0), part("index", 1))
        }

        private fun objectAt(element: JsonElement, path: JsonPath, expected: String): JsonObject =
            element as? JsonObject
                ?: throw DecodingException(path, "expected $expected, got ${Messages.typeName(element)}")

        private fun unknownKeys(json: JsonObject, known: List<String>, path: JsonPath, subject: String) {
            val unknown = json.keys.firstOrNull { it !in known } ?: return
            throw DecodingException(
                path,
                "unknown key ${Messages.quote(unknown)} of $subject (known: ${known.sorted().joinToString(", ")})",
            )
        }

        /** The integer value of [element] when it is a JSON number with no fractional part in [minimum]…[maximum]. */
        private fun integer(element: JsonElement, minimum: Long, maximum: Long): Long? {
            if (element !is JsonPrimitive || element.isString) return null
            Messages.plainLong(element.content)?.let { return it.takeIf { value -> value in minimum..maximum } }
            val number = element.content.toBigDecimalOrNull() ?: return null
            if (number < BigDecimal.valueOf(minimum) || number > BigDecimal.valueOf(maximum)) return null
            return try {
                number.longValueExact()
            } catch (notAnInteger: ArithmeticException) {
                null
            }
        }

        /** A number as written (`-1`, `1.5`), anything else as its JSON type name. */
        private fun describe(element: JsonElement): String =
            if (element is JsonPrimitive && !element.isString && element.content.toBigDecimalOrNull() != null) element.content
            else Messages.typeName(element)
    }
}
