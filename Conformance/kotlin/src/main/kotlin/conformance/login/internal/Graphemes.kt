package conformance.login.internal

import java.util.regex.Pattern

/**
 * Counting of extended grapheme clusters (Unicode UAX #29), as login spec L3.e requires.
 *
 * Uses the JDK regex `\X`, which matches one extended grapheme cluster (JDK 17 follows Unicode 13.0),
 * so an emoji with a skin tone, a flag or a ZWJ family counts as one. `String.length` counts UTF-16
 * units and `java.text.BreakIterator` counts legacy clusters; neither is used.
 */
internal object Graphemes {
    private val cluster: Pattern = Pattern.compile("\\X")

    /**
     * Counts the extended grapheme clusters of [text], stopping early at [limit].
     *
     * @param text any string; a lone surrogate counts as one cluster.
     * @param limit the count at which to stop; must not be negative.
     * @return the number of clusters, or [limit] when there are at least that many.
     */
    fun count(text: String, limit: Int = Int.MAX_VALUE): Int {
        require(limit >= 0) { "The limit must not be negative; got $limit." }
        val matcher = cluster.matcher(text)
        var count = 0
        while (count < limit && matcher.find()) count += 1
        return count
    }
}
