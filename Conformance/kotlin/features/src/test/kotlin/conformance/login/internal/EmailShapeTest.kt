package conformance.login.internal

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class EmailShapeTest {
    private fun verdicts(emails: List<String>) = emails.associateWith(EmailShape::isPlausible)

    @Test
    fun `plausible emails pass`() {
        val emails = listOf("a@b.c", "first.last@example.co.uk", "a@\u0301b.c", "a\u200B@b.c", "\uD800@b.c")
        assertEquals(emails.associateWith { true }, verdicts(emails))
    }

    @Test
    fun `each clause of rule d can reject on its own`() {
        val emails = listOf(
            "ab.c", // no @
            "a@b@c.d", // two @
            "@b.c", // empty local part
            "a@bc", // no dot after @
            "a.b@c", // the dot is before the @
            "a@.bc", // domain starts with a dot
            "a@bc.", // domain ends with a dot
            "a@b .c", // White_Space inside
            "a\u2029@b.c", // White_Space inside (paragraph separator)
            "a@", // empty domain
        )
        assertEquals(emails.associateWith { false }, verdicts(emails))
    }

    // The check searches UTF-16 chars: a code point outside the Basic Multilingual Plane (two chars) next to
    // the `@` or a `.` must not shift or hide either, and its halves are never White_Space.
    @Test
    fun `code points of two chars next to the at sign and the dots keep their verdicts`() {
        val grin = "\uD83D\uDE00"
        val expected = mapOf(
            "$grin@b.c" to true,
            "a@$grin.c" to true,
            "a@b.$grin" to true,
            "a@b$grin.c" to true,
            "$grin@$grin.$grin" to true,
            "a@.$grin" to false, // domain starts with a dot
            "a@$grin." to false, // domain ends with a dot
            "a@$grin" to false, // no dot after @
            "$grin@$grin@b.c" to false, // two @
            "a@b.\uDE00" to true, // a lone low surrogate ends the domain: not a dot
            "a@b.\uDE00\u3000c" to false, // ideographic space (White_Space) after it
        )
        assertEquals(expected, verdicts(expected.keys.toList()))
    }
}
