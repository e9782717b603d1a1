package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Wording shared by the harness's messages: quoted user input, lists of names and JSON type names.
 *
 * The words are those of the Swift side (`JSONValue.typeName`, `CodecError`), so the same problem reads
 * the same on both platforms.
 */
internal object Messages {
    /**
     * The JSON type name of [element] for a message: `null`, `boolean`, `integer`, `number`, `string`,
     * `array` or `object` (as Swift's `JSONValue.typeName`).
     */
    fun typeName(element: JsonElement): String = when (element) {
        is JsonNull -> "null"
        is JsonObject -> "object"
        is JsonArray -> "array"
        is JsonPrimitive -> when {
            element.isString -> "string"
            element.content == "true" || element.content == "false" -> "boolean"
            isInteger(element.content) -> "integer"
            else -> "number"
        }
    }

    /** Whether the JSON number literal [literal] has no fractional part (`1`, `1.0` and `1e2` do). */
    fun isInteger(literal: String): Boolean {
        val number = literal.toBigDecimalOrNull() ?: return false
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0
    }

    /**
     * [text] in single quotes for a message, e.g. `'succes'`.
     *
     * Backslashes, control characters and lone surrogates are escaped as in JSON (`\\`, `\n`,
     * `\u0000`, `\ud800`) so they stay visible; everything else, quotes included, is verbatim.
     */
    fun quote(text: String): String {
        val json = StringBuilder()
        JsonText.quote(text, json)
        return "'" + json.substring(1, json.length - 1).replace("\\\"", "\"") + "'"
    }

    /** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (with [conjunction] `or` or `and`). */
    fun list(items: Collection<String>, conjunction: String): String {
        val quoted = items.map(::quote)
        return if (quoted.size <= 1) quoted.joinToString()
        else quoted.dropLast(1).joinToString(", ") + " $conjunction " + quoted.last()
    }
}
