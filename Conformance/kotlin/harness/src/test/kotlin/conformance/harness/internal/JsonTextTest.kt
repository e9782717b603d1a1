package conformance.harness.internal

import java.io.ByteArrayOutputStream
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class JsonTextTest {
    private fun quoted(text: String) = JsonText.render(JsonPrimitive(text))

    @Test
    fun `quotes, backslashes and control characters are escaped`() {
        assertEquals(""""\"\\\b\t\n\f\r\u0000\u0001\u001f"""", quoted("\"\\\b\t\n\u000C\r\u0000\u0001\u001F"))
    }

    @Test
    fun `lone surrogates are escaped and pairs are kept`() {
        assertEquals(""""\ud800"""", quoted("\uD800"))
        assertEquals(""""\udc00\ud800x"""", quoted("\uDC00\uD800x"))
        assertEquals("\"\uD83D\uDE00\"", quoted("\uD83D\uDE00"))
        assertEquals("\"\\ud83d\uD83D\uDE00\"", quoted("\uD83D\uD83D\uDE00"))
    }

    @Test
    fun `a question mark stays one, beside a lone surrogate or not`() {
        // The encoder writes '?' for a lone surrogate, so a '?' is where the char-at-a-time path may start.
        assertEquals(""""a?b"""", quoted("a?b"))
        assertEquals(""""?\ud800?\""""", quoted("?\uD800?\""))
        assertEquals("\"?\uD83D\uDE00\\n\"", quoted("?\uD83D\uDE00\n"))
    }

    @Test
    fun `the text is UTF-8, and grows past its first storage`() {
        val out = ByteArrayOutputStream()
        JsonText(capacity = 4).quote("é\uD83D\uDE00").writeTo(out)
        val expected = intArrayOf(0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x22).map { it.toByte() }.toByteArray()
        assertArrayEquals(expected, out.toByteArray())
        val long = "x".repeat(100_000) + "\n"
        assertEquals("\"" + "x".repeat(100_000) + "\\n\"", JsonText(capacity = 1).quote(long).toString())
    }

    @Test
    fun `other characters are written verbatim`() {
        assertEquals("\"é e\u0301 \u2028 \u007F \uFEFF\"", quoted("é e\u0301 \u2028 \u007F \uFEFF"))
    }

    @Test
    fun `every UTF-16 code unit round-trips through the kotlinx parser`() {
        val all = String(CharArray(0x10000) { it.toChar() })
        val parsed = Json.parseToJsonElement(quoted(all)) as JsonPrimitive
        assertEquals(all, parsed.content)
    }

    @Test
    fun `trees render compactly in insertion order`() {
        val text = """{"b":[1,-2.5e3,true,false,null,"x"],"a":{},"c":[]}"""
        assertEquals(text, JsonText.render(Json.parseToJsonElement(text)))
    }
}
