package conformance.unicode

import com.ibm.icu.text.BreakIterator

/**
 * Counting of extended grapheme clusters (Unicode UAX #29), as login spec L3.e and §3.3 require.
 *
 * Uses ICU4J's character break iterator, `com.ibm.icu.text.BreakIterator.getCharacterInstance()`, the
 * same algorithm Android uses through `android.icu.text.BreakIterator`. Debian's `libicu4j-java` is
 * ICU 72, which follows Unicode 15.0, the version login §3.3 names. The JDK's regex `\X` is not used: it
 * gets GB11 wrong on input stable since Unicode 11 (`"👨\u200D\u200D👩"` is two clusters, `\X` finds
 * one) and ships Unicode 13 data. `String.length` counts UTF-16 units and `java.text.BreakIterator`
 * counts legacy clusters; neither is used either.
 */
internal object Graphemes {
    /**
     * Counts the extended grapheme clusters of [text], stopping early at [limit].
     *
     * @param text any string; a lone surrogate counts as one cluster.
     * @param limit the count at which to stop; must not be negative.
     * @return the number of clusters, or [limit] when there are at least that many.
     * @throws IllegalArgumentException when [limit] is negative.
     */
    fun count(text: String, limit: Int = Int.MAX_VALUE): Int {
        require(limit >= 0) { "The limit must not be negative; got $limit." }
        // ICU break iterators are stateful and not thread-safe, and getCharacterInstance() clones one each
        // time (most of a call's cost for short text): one iterator per thread, reused.
        val breaks = iterators.get()
        breaks.setText(text)
        var count = 0
        while (count < limit && breaks.next() != BreakIterator.DONE) count += 1
        // Let go of the text, which the iterator would otherwise keep alive until the next call.
        breaks.setText("")
        return count
    }

    private val iterators: ThreadLocal<BreakIterator> = ThreadLocal.withInitial { BreakIterator.getCharacterInstance() }
}
