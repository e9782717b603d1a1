package conformance.harness.internal

import java.math.BigDecimal
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * One step of a runtime-level run request (harness protocol §2.5), read strictly:
 * `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
 * `{"respond": {"call": …, "error": {"message": m, "cancellation"?: true}}}`, `{"advance": n}` (0 ≤ n ≤ 86,400,000 ms) or
 * `{"clear": true}`; the Swift side's `RuntimeStep`.
 */
internal sealed interface RuntimeStep {
    /** Sends [action] (decoded later with the feature's intent type) to the view model or store. */
    data class Send(val action: JsonElement) : RuntimeStep

    /**
     * Answers call [call] with [result], or with an error carrying [errorMessage] (exactly one is set); with
     * [cancellation], the error is a `CancellationException`: the client's own cancellation (login.md LR2).
     */
    data class Respond(
        val call: CallReference,
        val result: JsonElement?,
        val errorMessage: String?,
        val cancellation: Boolean = false,
    ) : RuntimeStep

    /** Moves virtual time forward by [milliseconds]. */
    data class Advance(val milliseconds: Long) : RuntimeStep

    /** Tears the owner down (`ViewModel.clear()`). */
    data object Clear : RuntimeStep

    companion object {
        /** The longest `advance`: one day, in milliseconds (scenario format v1.1). */
        const val MAXIMUM_ADVANCE: Long = 86_400_000

        private val kinds = listOf("send", "respond", "advance", "clear")

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
            unknownKeys(element, kinds, path, "a runtime step")
            val present = kinds.filter { it in element }
            if (present.size != 1) {
                val got = if (present.isEmpty()) "none" else Messages.list(present, "and")
                throw DecodingException(path, "a runtime step needs exactly one of ${Messages.list(kinds, "or")}, got $got")
            }
            val kind = present.single()
            val value = element.getValue(kind)
            val valuePath = path.key(kind)
            return when (kind) {
                "send" -> Send(value)
                "respond" -> respond(value, valuePath)
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

        private fun respond(element: JsonElement, path: JsonPath): Respond {
            val respond = objectAt(element, path, "an object with 'call' and one of 'result' or 'error'")
            unknownKeys(respond, listOf("call", "error", "result"), path, "respond")
            val call = respond["call"] ?: throw DecodingException(path, "missing key 'call'")
            val result = respond["result"]
            val error = respond["error"]
            if ((result == null) == (error == null)) {
                val got = if (result == null) "neither" else "both"
                throw DecodingException(path, "needs exactly one of 'result' or 'error', got $got")
            }
            var errorMessage: String? = null
            var cancellation = false
            if (error != null) {
                val errorPath = path.key("error")
                val errorObject = objectAt(error, errorPath, "an object {\"message\": string}")
                unknownKeys(errorObject, listOf("cancellation", "message"), errorPath, "error")
                val message = errorObject["message"] ?: throw DecodingException(errorPath, "missing key 'message'")
                if (message !is JsonPrimitive || !message.isString) {
                    throw DecodingException(errorPath.key("message"), "expected string, got ${Messages.typeName(message)}")
                }
                errorMessage = message.content
                errorObject["cancellation"]?.let { flag ->
                    cancellation = (flag as? JsonPrimitive)?.takeIf { !it.isString }?.content?.toBooleanStrictOrNull()
                        ?: throw DecodingException(errorPath.key("cancellation"), "expected boolean, got ${Messages.typeName(flag)}")
                }
            }
            return Respond(reference(call, path.key("call")), result, errorMessage, cancellation)
        }

        private fun reference(element: JsonElement, path: JsonPath): CallReference {
            val reference = objectAt(element, path, "a call reference {\"step\": s, \"index\": i}")
            unknownKeys(reference, listOf("index", "step"), path, "a call reference")
            fun part(key: String): Int {
                val value = reference[key] ?: throw DecodingException(path, "missing key '$key'")
                return integer(value, 1, Int.MAX_VALUE.toLong())?.toInt()
                    ?: throw DecodingException(path.key(key), "expected an integer from 1, got ${describe(value)}")
            }
            return CallReference(part("step"), part("index"))
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
