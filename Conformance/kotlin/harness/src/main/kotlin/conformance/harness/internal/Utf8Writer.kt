package conformance.harness.internal

import java.io.BufferedOutputStream
import java.io.OutputStream
import java.io.Writer

/**
 * A [Writer] for the harness's replies that encodes each string it is given to UTF-8 in one call and buffers the
 * bytes; [flush] writes them to [output].
 *
 * `BufferedWriter(OutputStreamWriter(…))` copies every reply into a `char` buffer (widening each Latin-1 string
 * to UTF-16) and then encodes it back to bytes a buffer at a time; a reply is nearly always ASCII, which
 * `String.toByteArray` copies as it is. The bytes are the same: a lone surrogate, which no reply holds
 * ([JsonText] escapes them), would become `?` either way.
 *
 * @param output where the bytes go (stdout); not closed until [close].
 * @param bufferSize how many bytes to hold before writing without a [flush].
 */
internal class Utf8Writer(output: OutputStream, bufferSize: Int = 1 shl 16) : Writer() {
    private val bytes = BufferedOutputStream(output, bufferSize)

    override fun write(str: String, off: Int, len: Int) {
        val part = if (off == 0 && len == str.length) str else str.substring(off, off + len)
        bytes.write(part.toByteArray(Charsets.UTF_8))
    }

    override fun write(cbuf: CharArray, off: Int, len: Int) {
        bytes.write(String(cbuf, off, len).toByteArray(Charsets.UTF_8))
    }

    override fun flush() {
        bytes.flush()
    }

    override fun close() {
        bytes.close()
    }
}
