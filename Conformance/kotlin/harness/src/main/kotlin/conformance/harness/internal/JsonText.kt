package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import java.io.OutputStream

/**
 * Compact JSON text (RFC 8259), built as UTF-8 bytes, that round-trips every string exactly.
 *
 * Strings keep their code points verbatim (UTF-8 on the wire) except: `"` and `\` are escaped,
 * U+0000–U+001F become `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX`, and a lone UTF-16 surrogate becomes
 * `\uXXXX` (lowercase hex), since it cannot be written as UTF-8. kotlinx-serialization's own
 * `toString()` writes lone surrogates raw, which a UTF-8 encoder turns into `?`.
 * Object members keep their insertion order.
 *
 * Replies are built here as bytes and written to stdout as they are: building them as a `String` first cost
 * a copy into a `StringBuilder`, one out of it, and a UTF-8 encoding after, and reading a `String` a `char` at a
 * time is a call per character in the C1-compiled harness. Each string is encoded with `String.toByteArray`
 * (a copy, for the ASCII text replies nearly always are) and then scanned as bytes, where every character that
 * needs an escape is a single byte.
 *
 * @param capacity the bytes held before the first growth.
 */
internal class JsonText(capacity: Int = 256) {
    private var bytes = ByteArray(capacity)

    /** How many bytes have been appended. */
    var size: Int = 0
        private set

    /** Appends one ASCII character (`{`, `,`, …). */
    fun append(char: Char): JsonText {
        ensure(1)
        bytes[size++] = char.code.toByte()
        return this
    }

    /** Appends [text], which must be ASCII (a literal such as `{"seq":`), as it is. */
    fun appendAscii(text: String): JsonText {
        ensure(text.length)
        for (char in text) bytes[size++] = char.code.toByte()
        return this
    }

    /** Appends [value] in decimal. */
    fun append(value: Long): JsonText = appendAscii(value.toString())

    /** Appends [value] in decimal. */
    fun append(value: Int): JsonText = appendAscii(value.toString())

    /**
     * Appends [elements] as a JSON array.
     *
     * @param elements any JSON trees.
     */
    fun renderArray(elements: List<JsonElement>): JsonText {
        append('[')
        for (index in elements.indices) {
            if (index > 0) append(',')
            render(elements[index])
        }
        return append(']')
    }

    /**
     * Appends [element] as compact JSON text.
     *
     * @param element any JSON tree; numbers are written as their literal content.
     */
    fun render(element: JsonElement): JsonText {
        when (element) {
            is JsonObject -> {
                append('{')
                var first = true
                for ((key, value) in element) {
                    if (!first) append(',')
                    first = false
                    quote(key)
                    append(':')
                    render(value)
                }
                append('}')
            }
            is JsonArray -> renderArray(element)
            is JsonPrimitive -> if (element.isString) quote(element.content) else appendBytes(element.content.toByteArray(Charsets.UTF_8))
        }
        return this
    }

    /**
     * Appends [text] as a JSON string literal, with the quotes.
     *
     * @param text any string, including control characters and lone surrogates.
     */
    fun quote(text: String): JsonText {
        val encoded = text.toByteArray(Charsets.UTF_8)
        append('"')
        var found = 0
        for (byte in encoded) found = found or SPECIAL[byte.toInt() and 0xFF].toInt()
        when {
            // The encoder writes `?` for a lone surrogate: only then is the text read again a char at a time.
            found and REPLACEMENT != 0 && text.any(Character::isSurrogate) -> quoteChars(text)
            found and ESCAPED != 0 -> quoteBytes(encoded)
            else -> appendBytes(encoded)
        }
        return append('"')
    }

    /** Writes the bytes appended so far to [output]. */
    fun writeTo(output: OutputStream) {
        output.write(bytes, 0, size)
    }

    /** The bytes appended so far, as text. */
    override fun toString(): String = String(bytes, 0, size, Charsets.UTF_8)

    /** Appends [encoded] as it is. */
    fun appendBytes(encoded: ByteArray): JsonText {
        ensure(encoded.size)
        System.arraycopy(encoded, 0, bytes, size, encoded.size)
        size += encoded.size
        return this
    }

    /** Empties the text, keeping its storage unless a huge reply grew it. */
    fun clear() {
        size = 0
        if (bytes.size > MAXIMUM_KEPT_CAPACITY) bytes = ByteArray(256)
    }

    /** [encoded] (UTF-8, no lone surrogate) with `"`, `\` and the control characters escaped. */
    private fun quoteBytes(encoded: ByteArray) {
        for (byte in encoded) {
            when (val code = byte.toInt()) {
                '"'.code -> appendAscii("\\\"")
                '\\'.code -> appendAscii("\\\\")
                in 0..0x1F -> escapeControl(code)
                else -> {
                    ensure(1)
                    bytes[size++] = byte
                }
            }
        }
    }

    /** [text] escaped a char at a time, for the rare text that holds a lone surrogate. */
    private fun quoteChars(text: String) {
        var index = 0
        while (index < text.length) {
            val char = text[index]
            val pair = Character.isHighSurrogate(char) && index + 1 < text.length &&
                Character.isLowSurrogate(text[index + 1])
            val length = if (pair) 2 else 1
            when {
                pair || !Character.isSurrogate(char) -> quoteBytes(text.substring(index, index + length).toByteArray())
                else -> escapeUnicode(char.code)
            }
            index += length
        }
    }

    private fun escapeControl(code: Int) {
        when (code) {
            0x08 -> appendAscii("\\b")
            0x09 -> appendAscii("\\t")
            0x0A -> appendAscii("\\n")
            0x0C -> appendAscii("\\f")
            0x0D -> appendAscii("\\r")
            else -> escapeUnicode(code)
        }
    }

    private fun escapeUnicode(code: Int) {
        append('\\').append('u')
        for (shift in intArrayOf(12, 8, 4, 0)) append(HEX[code shr shift and 0xF])
    }

    private fun ensure(extra: Int) {
        if (size + extra <= bytes.size) return
        bytes = bytes.copyOf(maxOf(bytes.size * 2, size + extra))
    }

    companion object {
        private const val HEX = "0123456789abcdef"

        /** The most storage [clear] keeps: 1 MiB. */
        private const val MAXIMUM_KEPT_CAPACITY = 1 shl 20

        /** A [SPECIAL] bit: the byte needs an escape (`"`, `\`, U+0000–U+001F). */
        private const val ESCAPED = 1

        /** A [SPECIAL] bit: the byte is `?`, which `String.toByteArray` also writes for a lone surrogate. */
        private const val REPLACEMENT = 2

        /** For each byte value, its [ESCAPED] and [REPLACEMENT] bits: one table look-up a byte, no branches. */
        private val SPECIAL = ByteArray(256).also { table ->
            for (code in 0..0x1F) table[code] = ESCAPED.toByte()
            table['"'.code] = ESCAPED.toByte()
            table['\\'.code] = ESCAPED.toByte()
            table['?'.code] = REPLACEMENT.toByte()
        }

        /**
         * [element] as compact JSON text.
         *
         * @param element any JSON tree; numbers are written as their literal content.
         */
        fun render(element: JsonElement): String = JsonText().render(element).toString()

        /**
         * [text] as a JSON string literal, with the quotes.
         *
         * @param text any string, including control characters and lone surrogates.
         */
        fun quoted(text: String): String = JsonText().quote(text).toString()
    }
}
