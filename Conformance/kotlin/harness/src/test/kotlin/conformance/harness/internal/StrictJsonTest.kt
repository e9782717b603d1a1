package conformance.harness.internal

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/** What StrictJson accepts, and the Swift JSONParser's words for what it rejects (the shared list covers the rest). */
class StrictJsonTest {
    @Test
    fun `strings decode every escape and keep surrogate pairs`() {
        val value = StrictJson.parse(""""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00😀"""")
        assertEquals(JsonPrimitive("a\"\\/\b\u000C\n\r\té\uD83D\uDE00😀"), value)
    }

    @Test
    fun `numbers keep their literal text and objects their key order`() {
        val value = StrictJson.parse(""" {"b": [-0, 1.5e+2, 9223372036854775807, 1E4], "a": null} """)
        assertEquals("""{"b":[-0,1.5e+2,9223372036854775807,1E4],"a":null}""", value.toString())
        val error = assertThrows(StrictJson.SyntaxError::class.java) { StrictJson.parse("[1e999]") }
        assertEquals("number 1e999 is out of range (it must fit an IEEE 754 double) at column 2", error.message)
    }

    @Test
    fun `256 levels are accepted and 257 are not`() {
        var value = StrictJson.parse("[".repeat(256) + "]".repeat(256))
        repeat(255) { value = (value as JsonArray).single() }
        assertEquals(JsonArray(emptyList()), value)
        val error = assertThrows(StrictJson.SyntaxError::class.java) {
            StrictJson.parse("{\"a\":".repeat(257) + "1" + "}".repeat(257))
        }
        assertEquals("nesting is deeper than 256 levels at column 1281", error.message)
    }

    @Test
    fun `errors are located in Unicode scalars, as Swift counts columns`() {
        val error = assertThrows(StrictJson.SyntaxError::class.java) { StrictJson.parse("""["😀é", x]""") }
        assertEquals("unexpected character 'x'; expected a value", error.reason)
        assertEquals(8, error.column)
        val nonAscii = assertThrows(StrictJson.SyntaxError::class.java) { StrictJson.parse("[é]") }
        assertEquals("unexpected byte 0xC3; expected a value at column 2", nonAscii.message)
        val escape = assertThrows(StrictJson.SyntaxError::class.java) { StrictJson.parse(""""\ð"""") }
        // As the Swift parser words it today.
        assertEquals(
            "invalid escape '\\\\u00F0'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX at column 2",
            escape.message,
        )
    }

    @Test
    fun `an empty object and array parse`() {
        assertEquals(JsonObject(mapOf("a" to JsonObject(emptyMap()), "b" to JsonArray(emptyList()))), StrictJson.parse("""{"a":{},"b":[ ]}"""))
    }
}
