package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Renders a JSON tree as compact JSON text (RFC 8259) that round-trips every string exactly.
 *
 * Strings keep their code points verbatim (UTF-8 on the wire) except: `"` and `\` are escaped,
 * U+0000–U+001F become `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX`, and a lone UTF-16 surrogate becomes
 * `\uXXXX` (lowercase hex), since it cannot be written as UTF-8. kotlinx-serialization's own
 * `toString()` writes lone surrogates raw, which a UTF-8 encoder turns into `?`.
 * Object members keep their insertion order.
 */
internal object JsonText {
    private const val HEX = "0123456789abcdef"

    /** The largest builder kept for the next [render] (chars); one grown by a huge reply is let go. */
    @PublishedApi
    internal const val MAXIMUM_KEPT_CAPACITY: Int = 1 shl 20

    /** One builder per thread, reused by [build]. */
    @PublishedApi
    internal val builders: ThreadLocal<StringBuilder> = ThreadLocal.withInitial { StringBuilder(4096) }

    /**
     * [element] as compact JSON text.
     *
     * @param element any JSON tree; numbers are written as their literal content.
     */
    fun render(element: JsonElement): String = build { render(element, it) }

    /**
     * The text [write] appends to an empty builder: how a reply is written straight from what the harness
     * observed, without a JSON tree made only to be rendered.
     *
     * @param write appends JSON text, e.g. with [render] and [quote]; it must not call [build] itself.
     */
    inline fun build(write: (StringBuilder) -> Unit): String {
        // One builder per thread, reused: a reply is rendered without growing a fresh builder step by step.
        val out = builders.get()
        out.setLength(0)
        write(out)
        val text = out.toString()
        if (out.capacity() > MAXIMUM_KEPT_CAPACITY) builders.remove()
        return text
    }

    /**
     * Appends [elements] as a JSON array to [out].
     *
     * @param elements any JSON trees.
     * @param out where to append.
     */
    fun renderArray(elements: List<JsonElement>, out: StringBuilder) {
        out.append('[')
        for (index in elements.indices) {
            if (index > 0) out.append(',')
            render(elements[index], out)
        }
        out.append(']')
    }

    /**
     * Appends [element] as compact JSON text to [out].
     *
     * @param element any JSON tree.
     * @param out where to append.
     */
    fun render(element: JsonElement, out: StringBuilder) {
        when (element) {
            is JsonObject -> {
                out.append('{')
                var first = true
                for ((key, value) in element) {
                    if (!first) out.append(',')
                    first = false
                    quote(key, out)
                    out.append(':')
                    render(value, out)
                }
                out.append('}')
            }
            is JsonArray -> renderArray(element, out)
            is JsonPrimitive -> if (element.isString) quote(element.content, out) else out.append(element.content)
        }
    }

    /**
     * Appends [text] as a JSON string literal (with the quotes) to [out].
     *
     * @param text any string, including control characters and lone surrogates.
     * @param out where to append.
     */
    fun quote(text: String, out: StringBuilder) {
        out.append('"')
        // Most strings need no escape: they are appended in runs, one copy each, rather than a char at a time.
        var runStart = 0
        var index = 0
        val length = text.length
        while (index < length) {
            val char = text[index]
            if (char >= ' ' && char != '"' && char != '\\' && !Character.isSurrogate(char)) {
                index += 1
                continue
            }
            if (Character.isHighSurrogate(char) && index + 1 < length && Character.isLowSurrogate(text[index + 1])) {
                index += 2
                continue
            }
            out.append(text, runStart, index)
            when {
                char == '"' -> out.append("\\\"")
                char == '\\' -> out.append("\\\\")
                char < ' ' -> escapeControl(char, out)
                else -> escapeUnicode(char, out)
            }
            index += 1
            runStart = index
        }
        out.append(text, runStart, length)
        out.append('"')
    }

    private fun escapeControl(char: Char, out: StringBuilder) {
        when (char) {
            '\b' -> out.append("\\b")
            '\t' -> out.append("\\t")
            '\n' -> out.append("\\n")
            '\u000C' -> out.append("\\f")
            '\r' -> out.append("\\r")
            else -> escapeUnicode(char, out)
        }
    }

    private fun escapeUnicode(char: Char, out: StringBuilder) {
        val code = char.code
        out.append("\\u")
            .append(HEX[code shr 12 and 0xF])
            .append(HEX[code shr 8 and 0xF])
            .append(HEX[code shr 4 and 0xF])
            .append(HEX[code and 0xF])
    }
}
