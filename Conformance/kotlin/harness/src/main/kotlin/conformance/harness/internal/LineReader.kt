package conformance.harness.internal

import java.io.Reader

/**
 * Splits a character stream into lines at `\n` (U+000A) only, as harness protocol v1 frames messages.
 *
 * Unlike `BufferedReader.readLine`, a `\r` is not a line end: it stays in the line (JSON treats it as
 * white space). A last line without a final `\n` is still returned.
 *
 * @param reader the stream to read; it is not closed.
 * @param bufferSize how many characters to read at a time.
 */
internal class LineReader(private val reader: Reader, bufferSize: Int = 1 shl 16) {
    private val buffer = CharArray(bufferSize)
    private var position = 0
    private var limit = 0
    private val line = StringBuilder()

    /**
     * The next line without its `\n`, or `null` at end of input.
     *
     * @throws java.io.IOException when the underlying reader fails.
     */
    fun readLine(): String? {
        line.setLength(0)
        while (true) {
            if (position == limit) {
                val count = reader.read(buffer)
                if (count < 0) return if (line.isEmpty()) null else line.toString()
                position = 0
                limit = count
            }
            var end = position
            while (end < limit && buffer[end] != '\n') end += 1
            line.appendRange(buffer, position, end)
            if (end < limit) {
                position = end + 1
                return line.toString()
            }
            position = limit
        }
    }
}
