package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * [Messages.plainLong], the BigDecimal-free read of a plain integer literal, against the general path its callers
 * fall back to (`toBigDecimalOrNull` then `longValueExact`, as `RuntimeStep` and `Harness.sequenceNumber` do): it
 * may decline a literal, never give another value than the general path for one it takes.
 */
class MessagesPlainLongTest {
    /** The general path: the literal's exact Long value, or `null` when it has a fraction or does not fit. */
    private fun general(literal: String): Long? {
        val number = literal.toBigDecimalOrNull() ?: return null
        return try {
            number.longValueExact()
        } catch (notAnExactLong: ArithmeticException) {
            null
        }
    }

    /** The literal as a request line carries it: parsed by the harness's own JSON reader. */
    private fun parsed(literal: String): String =
        ((StrictJson.parse("[$literal]") as JsonArray).single() as JsonPrimitive).content

    @Test
    fun `plain integers up to 18 digits are read as the general path reads them`() {
        val literals = listOf(
            "0", "7", "-7", "42", "-42",
            "9".repeat(18), "-" + "9".repeat(18), "1" + "0".repeat(17), "-1" + "0".repeat(17),
        )
        for (literal in literals) {
            assertEquals(literal, parsed(literal))
            val value = Messages.plainLong(literal)
            assertEquals(general(literal), value, literal)
            // Callers keep the element when the literal is already the value's spelling.
            assertEquals(literal, value.toString())
            assertTrue(Messages.isInteger(literal), literal)
        }
    }

    @Test
    fun `19 digits and more fall back to the general path, which keeps Long's limits`() {
        val expected = mapOf(
            "1" + "0".repeat(18) to 1_000_000_000_000_000_000L,
            "-1" + "0".repeat(18) to -1_000_000_000_000_000_000L,
            Long.MAX_VALUE.toString() to Long.MAX_VALUE,
            Long.MIN_VALUE.toString() to Long.MIN_VALUE,
            "9223372036854775808" to null, // Long.MAX_VALUE + 1
            "-9223372036854775809" to null, // Long.MIN_VALUE - 1
            "1" + "0".repeat(19) to null, // 20 digits
            "-1" + "0".repeat(19) to null,
        )
        for ((literal, value) in expected) {
            assertEquals(literal, parsed(literal))
            assertNull(Messages.plainLong(literal), literal)
            assertEquals(value, general(literal), literal)
            assertTrue(Messages.isInteger(literal), literal)
        }
    }

    @Test
    fun `minus zero, fractions and exponents fall back to the general path`() {
        val expected = mapOf(
            "-0" to 0L,
            "1.0" to 1L,
            "-1.50e1" to -15L,
            "1e2" to 100L,
            "1E+2" to 100L,
            "0.0" to 0L,
            "1.5" to null,
            "1e-2" to null,
            "9.223372036854775808e18" to null, // Long.MAX_VALUE + 1 written with an exponent
        )
        // A whole number too large for a Long is still an integer to the type names of messages.
        val wholeButTooLarge = setOf("9.223372036854775808e18")
        for ((literal, value) in expected) {
            assertEquals(literal, parsed(literal))
            assertNull(Messages.plainLong(literal), literal)
            assertEquals(value, general(literal), literal)
            assertEquals(value != null || literal in wholeButTooLarge, Messages.isInteger(literal), literal)
        }
    }

    @Test
    fun `leading zeros, signs and other text are no plain integers, and JSON refuses them before they get here`() {
        for (literal in listOf("00", "007", "-01", "-00", "+1", "-", "", "1-2", "0x10", " 1", "1 ", "\u0661", "\uFF11")) {
            assertNull(Messages.plainLong(literal), literal)
        }
        for (literal in listOf("007", "-01", "00")) {
            val error = assertThrows(StrictJson.SyntaxError::class.java) { parsed(literal) }
            assertTrue(error.message!!.startsWith("leading zeros are not allowed in numbers (RFC 8259 §6)"), error.message)
        }
        for (literal in listOf("+1", "0x10", "\u0661")) {
            assertThrows(StrictJson.SyntaxError::class.java) { parsed(literal) }
        }
    }
}
