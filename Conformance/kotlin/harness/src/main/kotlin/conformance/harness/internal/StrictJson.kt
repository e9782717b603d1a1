package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.JsonUnquotedLiteral
import kotlinx.serialization.ExperimentalSerializationApi

/**
 * A strict RFC 8259 parser for one request line, the Kotlin twin of the Swift side's `JSONParser`
 * (`Sources/Conformance/JSON/JSONParser.swift`, `Internal/JSONCursor*.swift`): same rules, same messages.
 *
 * kotlinx-serialization's `Json.parseToJsonElement` is not used because it is lenient in places: it reads
 * `[tru]` and `09`, keeps the last of duplicate keys, lets raw control characters and lone surrogates
 * into strings, and recurses without a depth limit (a line nested ~3,000 deep overflows the stack).
 *
 * Rules beyond RFC 8259, as on the Swift side: object keys must be unique (§4 says SHOULD), a leading
 * byte-order mark is rejected (§8.1), `\u` escapes must form Unicode scalars (no lone surrogates, §8.2),
 * nesting is limited to [MAXIMUM_DEPTH] levels (Conformance/README.md), and numbers must be finite as a
 * `Double`. The text is a `String` already decoded from UTF-8 (PROTOCOL.md §1), so a raw lone surrogate
 * `Char` — which no UTF-8 decoder produces — is also rejected.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class StrictJson private constructor(private val text: String) {
    /**
     * A syntax error.
     *
     * @property reason what is wrong, in the Swift parser's words, e.g. `leading zeros are not allowed in
     *   numbers (RFC 8259 §6)`.
     * @property column the 1-based column of the offending character, in Unicode scalars (as Swift counts).
     */
    class SyntaxError(val reason: String, val column: Int) : Exception("$reason at column $column")

    /** Thrown internally at a char offset; converted to [SyntaxError] with a column. */
    private class Failure(val reason: String, val offset: Int) : Exception(reason, null, false, false)

    private var offset = 0
    private var depth = 0

    /**
     * The text's chars, read by index: in the C1-compiled harness `String.get` is a call per character, an array
     * read is not.
     */
    private val chars = text.toCharArray()
    private val length = chars.size

    companion object {
        /** The deepest nesting of arrays and objects accepted (Conformance/README.md; Swift `JSONParser`). */
        const val MAXIMUM_DEPTH: Int = 256

        /**
         * Parses [text] as one JSON document surrounded by optional white space.
         *
         * @return the value; numbers keep their literal text.
         * @throws SyntaxError for anything that is not strict JSON by the rules above.
         */
        fun parse(text: String): JsonElement {
            val parser = StrictJson(text)
            try {
                return parser.document()
            } catch (failure: Failure) {
                val end = failure.offset.coerceIn(0, text.length)
                throw SyntaxError(failure.reason, text.codePointCount(0, end) + 1)
            }
        }
    }

    // Document and values

    private fun document(): JsonElement {
        if (text.startsWith('\uFEFF')) {
            throw fail("a byte-order mark (U+FEFF) is not allowed at the start of JSON text (RFC 8259 §8.1)")
        }
        skipWhitespace()
        if (offset >= length) {
            throw fail(
                if (text.isEmpty()) "the file is empty; expected a JSON value"
                else "the file holds only white space; expected a JSON value",
            )
        }
        val value = value()
        skipWhitespace()
        if (offset < length) throw fail("unexpected ${describeCurrent()} after the end of the JSON value")
        return value
    }

    private fun value(): JsonElement {
        if (offset >= length) throw fail("unexpected end of file; expected a value")
        return when (chars[offset]) {
            '{' -> objectValue()
            '[' -> arrayValue()
            '"' -> JsonPrimitive(string())
            't' -> literal("true", JsonPrimitive(true))
            'f' -> literal("false", JsonPrimitive(false))
            'n' -> literal("null", JsonNull)
            '-', in '0'..'9' -> number()
            else -> throw fail("unexpected ${describeCurrent()}; expected a value")
        }
    }

    private fun objectValue(): JsonElement {
        enterContainer()
        offset += 1
        val members = LinkedHashMap<String, JsonElement>()
        skipWhitespace()
        if (peek() == '}') {
            offset += 1
            depth -= 1
            return JsonObject(members)
        }
        while (true) {
            skipWhitespace()
            if (peek() != '"') throw fail("unexpected ${describeCurrent()}; expected a string key in double quotes")
            val keyOffset = offset
            val key = string()
            skipWhitespace()
            if (peek() != ':') throw fail("unexpected ${describeCurrent()}; expected ':' after key")
            offset += 1
            skipWhitespace()
            val member = value()
            if (members.containsKey(key)) {
                offset = keyOffset
                throw fail("duplicate key ${Messages.quote(key)} (each key may appear once in an object)")
            }
            members[key] = member
            skipWhitespace()
            when (peek()) {
                ',' -> offset += 1
                '}' -> {
                    offset += 1
                    depth -= 1
                    return JsonObject(members)
                }
                else -> throw fail("unexpected ${describeCurrent()}; expected ',' or '}' after an object member")
            }
        }
    }

    private fun arrayValue(): JsonElement {
        enterContainer()
        offset += 1
        val elements = ArrayList<JsonElement>()
        skipWhitespace()
        if (peek() == ']') {
            offset += 1
            depth -= 1
            return JsonArray(elements)
        }
        while (true) {
            skipWhitespace()
            elements.add(value())
            skipWhitespace()
            when (peek()) {
                ',' -> offset += 1
                ']' -> {
                    offset += 1
                    depth -= 1
                    return JsonArray(elements)
                }
                else -> throw fail("unexpected ${describeCurrent()}; expected ',' or ']' after an array element")
            }
        }
    }

    private fun enterContainer() {
        depth += 1
        if (depth > MAXIMUM_DEPTH) throw fail("nesting is deeper than $MAXIMUM_DEPTH levels")
    }

    private fun literal(word: String, value: JsonElement): JsonElement {
        if (!text.startsWith(word, offset)) {
            // At the literal's start, as the Swift cursor reports it.
            throw fail("unexpected ${describeCurrent()}; expected a value (did you mean '$word'?)")
        }
        offset += word.length
        return value
    }

    // Strings

    private fun string(): String {
        val start = offset
        offset += 1
        // Built only once an escape is met; a string without escapes is one substring.
        var result: StringBuilder? = null
        var runStart = offset
        while (offset < length) {
            val char = chars[offset]
            // The common case first: a character that is neither special nor a surrogate.
            if (char >= ' ' && char != '"' && char != '\\' && !Character.isSurrogate(char)) {
                offset += 1
                continue
            }
            when {
                char == '"' -> {
                    offset += 1
                    val builder = result ?: return text.substring(runStart, offset - 1)
                    return builder.append(text, runStart, offset - 1).toString()
                }
                char == '\\' -> {
                    val builder = (result ?: StringBuilder().also { result = it }).append(text, runStart, offset)
                    escape(builder)
                    runStart = offset
                }
                char < ' ' -> throw fail(
                    "control character U+${hex(char.code)} must be escaped inside a string (RFC 8259 §7)",
                )
                Character.isHighSurrogate(char) && offset + 1 < length && Character.isLowSurrogate(chars[offset + 1]) ->
                    offset += 2
                Character.isSurrogate(char) -> throw fail(
                    "lone surrogate ${unicodeEscape(char.code)} in a string is not a Unicode scalar (RFC 8259 §8.2)",
                )
                else -> offset += 1
            }
        }
        offset = start
        throw fail("unterminated string (no closing '\"' before the end of file)")
    }

    private fun escape(into: StringBuilder) {
        offset += 1
        if (offset >= length) throw fail("unterminated escape sequence at the end of file")
        val char = chars[offset]
        offset += 1
        when (char) {
            '"' -> into.append('"')
            '\\' -> into.append('\\')
            '/' -> into.append('/')
            'b' -> into.append('\b')
            'f' -> into.append('\u000C')
            'n' -> into.append('\n')
            'r' -> into.append('\r')
            't' -> into.append('\t')
            'u' -> unicodeEscape(into)
            else -> {
                offset -= 2
                val shown = printable(text.codePointAt(offset + 1))
                throw fail("invalid escape '\\$shown'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
    }

    private fun unicodeEscape(into: StringBuilder) {
        val escapeStart = offset - 2
        val high = hex4()
        if (high in 0xD800 until 0xDC00) {
            if (offset + 1 >= length || chars[offset] != '\\' || chars[offset + 1] != 'u') {
                offset = escapeStart
                throw fail(
                    "lone high surrogate ${unicodeEscape(high)} (not followed by a low surrogate) is not a Unicode scalar",
                )
            }
            offset += 2
            val low = hex4()
            if (low !in 0xDC00 until 0xE000) {
                offset = escapeStart
                throw fail(
                    "high surrogate ${unicodeEscape(high)} followed by ${unicodeEscape(low)}, which is not a low surrogate",
                )
            }
            into.append(high.toChar()).append(low.toChar())
            return
        }
        if (high in 0xDC00 until 0xE000) {
            offset = escapeStart
            throw fail("lone low surrogate ${unicodeEscape(high)} is not a Unicode scalar")
        }
        into.append(high.toChar())
    }

    private fun hex4(): Int {
        var value = 0
        repeat(4) {
            val digit = if (offset < length) Character.digit(chars[offset], 16) else -1
            // Character.digit accepts non-ASCII digits (e.g. fullwidth); JSON allows only [0-9A-Fa-f].
            if (digit < 0 || chars[offset] > 'f') throw fail("expected 4 hexadecimal digits after \\u")
            value = value shl 4 or digit
            offset += 1
        }
        return value
    }

    // Numbers

    private fun number(): JsonElement {
        val start = offset
        if (peek() == '-') offset += 1
        if (peek() == '0') {
            offset += 1
            if (peek()?.let { it in '0'..'9' } == true) throw fail("leading zeros are not allowed in numbers (RFC 8259 §6)")
        } else if (skipDigits() == 0) {
            throw fail("expected a digit in number")
        }
        var isInteger = true
        if (peek() == '.') {
            isInteger = false
            offset += 1
            if (skipDigits() == 0) throw fail("expected a digit after the decimal point")
        }
        if (peek() == 'e' || peek() == 'E') {
            isInteger = false
            offset += 1
            if (peek() == '+' || peek() == '-') offset += 1
            if (skipDigits() == 0) throw fail("expected a digit in the exponent")
        }
        val literal = text.substring(start, offset)
        if (!(isInteger && literal.toLongOrNull() != null)) {
            val double = literal.toDouble()
            if (double.isInfinite()) {
                offset = start
                throw fail("number $literal is out of range (it must fit an IEEE 754 double)")
            }
        }
        return JsonUnquotedLiteral(literal)
    }

    private fun skipDigits(): Int {
        var count = 0
        while (peek()?.let { it in '0'..'9' } == true) {
            offset += 1
            count += 1
        }
        return count
    }

    // Helpers

    private fun skipWhitespace() {
        while (offset < length) {
            when (chars[offset]) {
                ' ', '\t', '\n', '\r' -> offset += 1
                else -> return
            }
        }
    }

    private fun peek(): Char? = if (offset < length) chars[offset] else null

    /** `end of file`, `character 'x'` (ASCII, controls as `\u0001`) or `byte 0xC3` (the first UTF-8 byte). */
    private fun describeCurrent(): String {
        if (offset >= length) return "end of file"
        val char = chars[offset]
        if (char.code < 0x80) return "character '${printable(char.code)}'"
        val codePoint = text.codePointAt(offset)
        val firstByte = String(Character.toChars(codePoint)).toByteArray(Charsets.UTF_8)[0].toInt() and 0xFF
        return "byte 0x${hex(firstByte)}"
    }

    private fun printable(codePoint: Int): String =
        if (codePoint in 0x20 until 0x7F) codePoint.toChar().toString() else unicodeEscape(codePoint)

    /** `\u0001`, `\uD800`, `\u1F600`: upper-case hex, at least 4 digits (Swift `ControlEscaping.unicodeEscape`). */
    private fun unicodeEscape(value: Int): String = "\\u" + Integer.toHexString(value).uppercase().padStart(4, '0')

    private fun hex(value: Int): String = Integer.toHexString(value).uppercase().padStart(2, '0')

    private fun fail(reason: String) = Failure(reason, offset)
}
