package conformance.login.internal

import conformance.unicode.WhiteSpace

/**
 * The email plausibility check of login spec L3.d, on Unicode code points.
 *
 * Working on code points (not grapheme clusters) matters: in `"a@\u0301b.c"` the combining accent
 * belongs to the domain, so the `@` still counts, while a grapheme-based check would see an `@́`
 * cluster and no `@` at all.
 */
internal object EmailShape {
    private const val AT = 0x0040
    private const val DOT = 0x002E

    /**
     * Whether [trimmed] passes login spec L3.d.
     *
     * It passes when it contains exactly one `@` (U+0040), the part before it is not empty, the part after
     * it contains a `.` (U+002E) and neither starts nor ends with one, and no code point has the
     * `White_Space` property ([WhiteSpace]).
     *
     * @param trimmed the email after [WhiteSpace.trim]; must not be empty (rule c comes first).
     */
    fun isPlausible(trimmed: String): Boolean {
        var atIndex = -1
        var atCount = 0
        var index = 0
        while (index < trimmed.length) {
            val codePoint = trimmed.codePointAt(index)
            if (WhiteSpace.contains(codePoint)) return false
            if (codePoint == AT) {
                atCount += 1
                atIndex = index
            }
            index += Character.charCount(codePoint)
        }
        if (atCount != 1 || atIndex == 0) return false
        val domain = trimmed.substring(atIndex + 1)
        return domain.isNotEmpty() &&
            domain.codePoints().anyMatch { it == DOT } &&
            domain.codePointAt(0) != DOT &&
            domain.codePointBefore(domain.length) != DOT
    }
}
