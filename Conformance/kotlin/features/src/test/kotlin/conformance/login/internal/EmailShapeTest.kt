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
}
