package conformance.unicode

import java.util.regex.Pattern
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

class WhiteSpaceTest {
    @Test
    fun `contains matches the Unicode White_Space property for every code point`() {
        val property = Pattern.compile("\\p{IsWhite_Space}")
        val mismatches = (0..0x10FFFF).filter { codePoint ->
            WhiteSpace.contains(codePoint) != property.matcher(Character.toString(codePoint)).matches()
        }
        assertEquals(emptyList<Int>(), mismatches.map { "U+%04X".format(it) })
    }

    @Test
    fun `contains is exactly the login spec's list of 25 code points`() {
        val members = (0..0x10FFFF).filter(WhiteSpace::contains).map { "%04X".format(it) }
        val expected = listOf(
            "0009", "000A", "000B", "000C", "000D", "0020", "0085", "00A0", "1680",
            "2000", "2001", "2002", "2003", "2004", "2005", "2006", "2007", "2008", "2009", "200A",
            "2028", "2029", "202F", "205F", "3000",
        )
        assertEquals(expected, members)
    }

    @Test
    fun `trim removes White_Space from both ends only`() {
        assertEquals("a \u00A0b", WhiteSpace.trim("\u3000\t a \u00A0b\u2029\u0085"))
        assertEquals("", WhiteSpace.trim(" \u2000\u200A "))
        assertEquals("", WhiteSpace.trim(""))
    }

    @Test
    fun `trim keeps code points outside White_Space, including lone surrogates`() {
        assertEquals("\u200Ba\u200B", WhiteSpace.trim(" \u200Ba\u200B "))
        assertEquals("\uFEFF\u180E\u001C", WhiteSpace.trim("\uFEFF\u180E\u001C"))
        assertEquals("\uDC00 \uD800", WhiteSpace.trim(" \uDC00 \uD800 "))
    }

    @Test
    fun `trim returns the same string when there is nothing to trim`() {
        val text = "a@b.co"
        assertSame(text, WhiteSpace.trim(text))
    }
}
