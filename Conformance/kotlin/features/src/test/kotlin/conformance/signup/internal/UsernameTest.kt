package conformance.signup.internal

import java.util.Locale
import java.util.stream.Stream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

class UsernameTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("normalizations")
    fun `normalize trims White_Space, then lower-cases each code point with no locale or context`(
        description: String,
        text: String,
        expected: String,
    ) {
        assertEquals(expected, Username.normalize(text), description)
    }

    @Test
    fun `a Turkish default locale does not change normalize`() {
        val saved = Locale.getDefault()
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"))
            assertEquals("istanbul", Username.normalize("ISTANBUL"))
            assertEquals("i\u0307stanbul", Username.normalize("\u0130stanbul"))
        } finally {
            Locale.setDefault(saved)
        }
    }

    @ParameterizedTest(name = "{0} is valid: {1}")
    @MethodSource("validity")
    fun `a valid username has 3 to 20 code points a-z, 0-9 or underscore`(text: String, valid: Boolean) {
        assertEquals(valid, Username.isValid(text))
    }

    companion object {
        @JvmStatic
        fun normalizations(): Stream<Arguments> = Stream.of(
            arguments("ASCII upper case", "STRASSE", "strasse"),
            arguments("Kelvin sign", "\u212Aate", "kate"),
            arguments("dotted capital I: full mapping to i + U+0307", "\u0130stanbul", "i\u0307stanbul"),
            arguments("sharp s is not case-folded", "stra\u00DFe", "stra\u00DFe"),
            arguments("capital sigma at the end of a word: no final sigma", "\u039F\u03A3", "\u03BF\u03C3"),
            arguments("capital sharp s lower-cases to sharp s", "\u1E9E", "\u00DF"),
            arguments("White_Space trimmed (NEL, ideographic space)", "\u0085 Kate\u3000", "kate"),
            arguments("U+200B is not White_Space", "\u200Bkate", "\u200Bkate"),
            arguments("inner space kept", " a b ", "a b"),
            arguments("fullwidth letters stay fullwidth", "\uFF21", "\uFF41"),
            arguments("lone surrogate kept", "A\uD800", "a\uD800"),
            arguments("supplementary letter (Deseret)", "\uD801\uDC00", "\uD801\uDC28"),
        )

        @JvmStatic
        fun validity(): Stream<Arguments> = Stream.of(
            arguments("abc", true),
            arguments("ab", false),
            arguments("a_1", true),
            arguments("a".repeat(20), true),
            arguments("a".repeat(21), false),
            arguments("", false),
            arguments("kate!", false),
            arguments("ka te", false),
            arguments("Kate", false),
            arguments("stra\u00DFe", false),
            arguments("i\u0307stanbul", false),
            arguments("\u200Bkate", false),
            arguments("k\u0101te", false),
            arguments("kate-1", false),
        )
    }
}
