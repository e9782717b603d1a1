package conformance.signup.internal

import conformance.unicode.WhiteSpace
import java.util.Locale

/**
 * The signup spec's `normalize` and *valid* username helpers, on Unicode scalars (code points).
 */
internal object Username {
    private const val MINIMUM_LENGTH = 3
    private const val MAXIMUM_LENGTH = 20

    /**
     * `normalize(s)`: [WhiteSpace.trim], then the Unicode default full lower-case mapping of each code point
     * on its own, with no locale and no context.
     *
     * Each code point is lower-cased alone with `Locale.ROOT`, so: a Turkish default locale still maps `I`
     * to `i`; U+0130 `İ` becomes `i` + U+0307 (the full mapping, two code points); U+212A KELVIN SIGN becomes
     * `k`; `Σ` becomes `σ` even at the end of a word (no final-sigma context). `ß` stays `ß` (lower-casing is
     * not case folding). A lone surrogate is kept.
     *
     * @param text any string.
     * @return the normalized text.
     */
    fun normalize(text: String): String {
        val trimmed = WhiteSpace.trim(text)
        val out = StringBuilder(trimmed.length)
        var index = 0
        while (index < trimmed.length) {
            val codePoint = trimmed.codePointAt(index)
            if (codePoint < 0x80) {
                out.append(if (codePoint in 'A'.code..'Z'.code) (codePoint + 0x20).toChar() else codePoint.toChar())
            } else {
                out.append(Character.toString(codePoint).lowercase(Locale.ROOT))
            }
            index += Character.charCount(codePoint)
        }
        return out.toString()
    }

    /**
     * Whether [normalized] is a *valid* username: 3 to 20 code points, each `a`–`z`, `0`–`9` or `_`.
     *
     * @param normalized a username after [normalize].
     */
    fun isValid(normalized: String): Boolean {
        // Every allowed code point is one UTF-16 unit, so the length in units is the length in scalars.
        if (normalized.length !in MINIMUM_LENGTH..MAXIMUM_LENGTH) return false
        return normalized.all { it in 'a'..'z' || it in '0'..'9' || it == '_' }
    }
}
