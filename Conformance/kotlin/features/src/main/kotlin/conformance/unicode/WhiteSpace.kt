package conformance.unicode

/**
 * The Unicode `White_Space` property, spelled out by code point, and trimming by it.
 *
 * The set is exactly U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029,
 * U+202F, U+205F and U+3000 (Unicode `PropList.txt`, login spec L3.b). It does not contain U+200B,
 * U+FEFF, U+180E or U+001C–U+001F. Kotlin's `trim()` (which uses `Char.isWhitespace`) and Java's
 * `String.strip()` use other sets, so neither is used here.
 */
internal object WhiteSpace {
    /**
     * Whether [codePoint] has the `White_Space` property.
     *
     * @param codePoint a Unicode code point (a lone surrogate is allowed and is not white space).
     */
    fun contains(codePoint: Int): Boolean = when (codePoint) {
        in 0x0009..0x000D, 0x0020, 0x0085, 0x00A0, 0x1680 -> true
        in 0x2000..0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 -> true
        else -> false
    }

    /**
     * Returns [text] without its leading and trailing `White_Space` code points (login spec L3.b).
     *
     * @param text any string; lone surrogates are kept.
     * @return the trimmed text; [text] itself when nothing was trimmed.
     */
    fun trim(text: String): String {
        var start = 0
        while (start < text.length) {
            val codePoint = text.codePointAt(start)
            if (!contains(codePoint)) break
            start += Character.charCount(codePoint)
        }
        var end = text.length
        while (end > start) {
            val codePoint = text.codePointBefore(end)
            if (!contains(codePoint)) break
            end -= Character.charCount(codePoint)
        }
        return text.substring(start, end)
    }
}
