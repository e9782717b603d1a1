package conformance.harness.internal

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonPrimitive
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
