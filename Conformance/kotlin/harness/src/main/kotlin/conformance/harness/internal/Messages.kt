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

    /**
     * The value of [literal] when it is a plain JSON integer of at most 18 digits, without a sign on zero, a
     * fraction or an exponent (`0`, `42`, `-7`), else `null`.
     *
     * Such a literal, the common case, is read without a `BigDecimal`; callers read every other literal (`1.0`,
     * `1e2`, `-0`, 19 digits and more) with one, so the result is the same either way, and a literal this returns
     * is exactly `value.toString()`.
     */
    fun plainLong(literal: String): Long? {
        val start = if (literal.startsWith('-')) 1 else 0
        val digits = literal.length - start
        if (digits < 1 || digits > 18 || (literal[start] == '0' && (digits > 1 || start == 1))) return null
        var value = 0L
        for (index in start until literal.length) {
            val digit = literal[index] - '0'
            if (digit < 0 || digit > 9) return null
            value = value * 10 + digit
        }
        return if (start == 1) -value else value
    }

    /** Whether the JSON number literal [literal] has no fractional part (`1`, `1.0` and `1e2` do). */
    fun isInteger(literal: String): Boolean {
        if (plainLong(literal) != null) return true
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
        val json = JsonText.quoted(text)
        return "'" + json.substring(1, json.length - 1).replace("\\\"", "\"") + "'"
    }

    /** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (with [conjunction] `or` or `and`). */
    fun list(items: Collection<String>, conjunction: String): String {
        val quoted = items.map(::quote)
        return if (quoted.size <= 1) quoted.joinToString()
        else quoted.dropLast(1).joinToString(", ") + " $conjunction " + quoted.last()
    }
}
