package conformance.harness.internal

import java.io.InputStream
import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CodingErrorAction

/**
 * Splits a byte stream into lines at `\n` (0x0A) only, as harness protocol v1 frames messages, and decodes each
 * line as strict UTF-8.
 *
 * Unlike `BufferedReader.readLine`, a `\r` is not a line end: it stays in the line (JSON treats it as
 * white space). A last line without a final `\n` is still returned.
 *
 * Lines are split as bytes and decoded one at a time with a decoder that reports malformed input
 * ([CodingErrorAction.REPORT]) instead of replacing it with U+FFFD, as an `InputStreamReader` would: a line
 * that is not UTF-8 (RFC 3629 §3, §4: a byte that never occurs in UTF-8, a truncated or overlong sequence, an
 * encoded surrogate) is not JSON (PROTOCOL.md §1, §2.4), and repairing it would make it look like a request.
 *
 * @param input the stream to read; it is not closed.
 * @param bufferSize how many bytes to read at a time.
 */
internal class LineReader(private val input: InputStream, bufferSize: Int = 1 shl 16) {
    /** One line of input. */
    sealed interface Line {
        /** A line that is UTF-8, decoded. */
        data class Text(val text: String) : Line

        /**
         * A line that is not UTF-8.
         *
         * @property byte the first byte of the malformed sequence, 0–255.
         * @property column the 1-based column of that sequence, counted in Unicode scalars as the JSON parser's
         *   columns are.
         */
        data class NotUtf8(val byte: Int, val column: Int) : Line
    }

    private val buffer = ByteArray(bufferSize)
    private var position = 0
    private var limit = 0
    private var line = ByteArray(bufferSize)
    private var length = 0

    /** Whether every byte of the line read so far is below 0x80. */
    private var ascii = true
    private val decoder = Charsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)

    /**
     * The next line without its `\n`, or `null` at end of input.
     *
     * @throws java.io.IOException when the underlying stream fails.
     */
    fun readLine(): Line? {
        length = 0
        ascii = true
        while (true) {
            if (position == limit) {
                val count = input.read(buffer)
                if (count < 0) return if (length == 0) null else decode()
                position = 0
                limit = count
            }
            var end = position
            while (end < limit) {
                val byte = buffer[end]
                if (byte == NEWLINE) break
                if (byte < 0) ascii = false
                end += 1
            }
            append(end - position)
            if (end < limit) {
                position = end + 1
                return decode()
            }
            position = limit
        }
    }

    private fun append(count: Int) {
        if (length + count > line.size) line = line.copyOf(maxOf(line.size * 2, length + count))
        System.arraycopy(buffer, position, line, length, count)
        length += count
    }

    private fun decode(): Line {
        // A request line is nearly always ASCII, which is UTF-8 as it is: copied into a Latin-1 string at once,
        // without the decoder's char buffer.
        if (ascii) return Line.Text(String(line, 0, length, Charsets.ISO_8859_1))
        val bytes = ByteBuffer.wrap(line, 0, length)
        // UTF-8 never needs more UTF-16 units than bytes.
        val chars = CharBuffer.allocate(length)
        decoder.reset()
        val result = decoder.decode(bytes, chars, true).takeIf { it.isError } ?: decoder.flush(chars)
        chars.flip()
        if (!result.isError) return Line.Text(chars.toString())
        val decoded = chars.toString()
        return Line.NotUtf8(line[bytes.position()].toInt() and 0xFF, decoded.codePointCount(0, decoded.length) + 1)
    }

    private companion object {
        const val NEWLINE = '\n'.code.toByte()
    }
}
