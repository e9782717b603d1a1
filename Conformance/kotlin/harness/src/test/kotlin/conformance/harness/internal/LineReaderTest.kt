package conformance.harness.internal

import java.io.StringReader
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class LineReaderTest {
    private fun lines(text: String, bufferSize: Int = 1 shl 16): List<String> {
        val reader = LineReader(StringReader(text), bufferSize)
        return generateSequence { reader.readLine() }.toList()
    }

    @Test
    fun `lines end at newline only, carriage returns stay`() {
        assertEquals(listOf("a\r", "b", "", "c\u2028d\u0085e"), lines("a\r\nb\n\nc\u2028d\u0085e\n"))
    }

    @Test
    fun `a last line without a newline is returned`() {
        assertEquals(listOf("a", "b"), lines("a\nb"))
    }

    @Test
    fun `empty input has no lines and a lone newline is one empty line`() {
        assertEquals(emptyList<String>(), lines(""))
        assertEquals(listOf(""), lines("\n"))
    }

    @Test
    fun `lines longer than the buffer are joined`() {
        val text = "first line\nsecond\n\nthe third line is long"
        for (size in 1..5) assertEquals(text.split("\n"), lines(text, bufferSize = size), "buffer size $size")
    }
}
