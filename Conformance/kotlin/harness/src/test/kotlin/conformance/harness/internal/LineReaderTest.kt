package conformance.harness.internal

import conformance.harness.internal.LineReader.Line
import java.io.ByteArrayInputStream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class LineReaderTest {
    private fun lines(bytes: ByteArray, bufferSize: Int = 1 shl 16): List<Line> {
        val reader = LineReader(ByteArrayInputStream(bytes), bufferSize)
        return generateSequence { reader.readLine() }.toList()
    }

    private fun lines(text: String, bufferSize: Int = 1 shl 16): List<String> =
        lines(text.toByteArray(), bufferSize).map { (it as Line.Text).text }

    private fun bytes(vararg values: Int) = ByteArray(values.size) { values[it].toByte() }

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
    fun `lines longer than the buffer are joined, and characters split between reads stay whole`() {
        val text = "first line\nsecond é😀\n\nthe third line is long"
        for (size in 1..5) assertEquals(text.split("\n"), lines(text, bufferSize = size), "buffer size $size")
    }

    @Test
    fun `a line that is not UTF-8 is reported with its first bad byte and column, not repaired`() {
        val cases = mapOf(
            bytes(0x61, 0xFF, 0x62) to Line.NotUtf8(0xFF, 2),
            bytes(0xC3) to Line.NotUtf8(0xC3, 1),
            bytes(0xC3, 0xA9, 0xE2, 0x82) to Line.NotUtf8(0xE2, 2),
            bytes(0xC0, 0xAF) to Line.NotUtf8(0xC0, 1),
            bytes(0xE0, 0x80, 0xAF) to Line.NotUtf8(0xE0, 1),
            bytes(0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80) to Line.NotUtf8(0xED, 2),
            bytes(0xF4, 0x90, 0x80, 0x80) to Line.NotUtf8(0xF4, 1),
        )
        for ((input, expected) in cases) {
            assertEquals(listOf(expected, Line.Text("ok")), lines(input + "\nok".toByteArray()), input.contentToString())
        }
    }
}
