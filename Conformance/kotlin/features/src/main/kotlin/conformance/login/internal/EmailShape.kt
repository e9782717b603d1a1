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
    /**
     * Whether [trimmed] passes login spec L3.d.
     *
     * It passes when it contains exactly one `@` (U+0040), the part before it is not empty, the part after
     * it contains a `.` (U+002E) and neither starts nor ends with one, and no code point has the
     * `White_Space` property ([WhiteSpace]).
     *
     * It runs on every submit, so it searches the UTF-16 chars with [String.indexOf] instead of streaming
     * code points, and gives the same verdict: `@`, `.` and every `White_Space` code point lie in the
     * Basic Multilingual Plane outside the surrogates, so a char equal to one of them is that code point,
     * and the surrogate halves of any other code point never are.
     *
     * @param trimmed the email after [WhiteSpace.trim]; must not be empty (rule c comes first).
     */
    fun isPlausible(trimmed: String): Boolean {
        for (char in trimmed) {
            if (WhiteSpace.contains(char.code)) return false
        }
        val at = trimmed.indexOf('@')
        if (at <= 0 || trimmed.indexOf('@', at + 1) >= 0) return false
        val domainStart = at + 1
        return domainStart < trimmed.length &&
            trimmed[domainStart] != '.' &&
            trimmed[trimmed.length - 1] != '.' &&
            trimmed.indexOf('.', domainStart) >= 0
    }
}
