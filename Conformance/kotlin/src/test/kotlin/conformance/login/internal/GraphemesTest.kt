package conformance.login.internal

import java.util.stream.Stream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

class GraphemesTest {
    @ParameterizedTest(name = "{0} is {2}")
    @MethodSource("clusters")
    fun `count follows UAX 29 extended grapheme clusters`(description: String, text: String, expected: Int) {
        assertEquals(expected, Graphemes.count(text), description)
    }

    @Test
    fun `count stops at the limit`() {
        assertEquals(8, Graphemes.count("x".repeat(1_000), limit = 8))
        assertEquals(3, Graphemes.count("xyz", limit = 8))
        assertEquals(0, Graphemes.count("xyz", limit = 0))
    }

    @Test
    fun `a negative limit is a programming error`() {
        val error = assertThrows(IllegalArgumentException::class.java) { Graphemes.count("x", limit = -1) }
        assertEquals("The limit must not be negative; got -1.", error.message)
    }

    companion object {
        @JvmStatic
        fun clusters(): Stream<Arguments> = Stream.of(
            arguments("empty", "", 0),
            arguments("ASCII", "abc", 3),
            arguments("emoji with skin tone", "\uD83D\uDC4D\uD83C\uDFFD", 1),
            arguments("flag", "\uD83C\uDDEB\uD83C\uDDF7", 1),
            arguments("two flags", "\uD83C\uDDEB\uD83C\uDDF7\uD83C\uDDE9\uD83C\uDDEA", 2),
            arguments("ZWJ family", "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67", 1),
            arguments("rainbow flag", "\uD83C\uDFF3\uFE0F\u200D\uD83C\uDF08", 1),
            arguments("NFD e acute", "e\u0301", 1),
            arguments("two combining marks", "x\u0308\u0323", 1),
            arguments("CR LF", "\r\n", 1),
            arguments("LF CR", "\n\r", 2),
            arguments("Hangul L V T", "\u1100\u1161\u11A8", 1),
            arguments("prepend", "\u0600a", 1),
            arguments("ZWJ between letters", "a\u200Db", 2),
            arguments("lone high surrogate", "\uD800", 1),
            arguments("lone low surrogate then letter", "\uDC00a", 2),
            // Where the JDK's regex \X is wrong (issue: Unicode-exact parity); the counts are Swift's.
            arguments("GB11 after a doubled ZWJ", "abcdef\uD83D\uDC68\u200D\u200D\uD83D\uDC69", 8),
            arguments("spacing mark before ZWJ", "abcdef\uD83D\uDD25\u0E33\u200D\uD83D\uDC68", 8),
            arguments("prepend before an emoji ZWJ sequence", "abcdef\u0600\u00A9\u200D\u2764", 7),
            arguments("Unicode 14 mark U+0C3C", "abcdefg\u0C3C", 7),
            arguments("Indic conjunct (GB9c)", "abcdef\u0915\u094D\u0924", 7),
        )
    }
}
