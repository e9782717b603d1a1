package conformance.harness

import java.io.BufferedWriter
import java.io.FileDescriptor
import java.io.FileInputStream
import java.io.FileOutputStream
import java.io.IOException
import java.io.InputStreamReader
import java.io.OutputStreamWriter
import kotlin.system.exitProcess

/**
 * Runs the Kotlin conformance harness on stdin/stdout (harness protocol v1); `scripts/kotlin-harness` starts it.
 *
 * Requests are read as UTF-8 (malformed bytes become U+FFFD), replies are written as UTF-8 through a
 * buffered writer flushed after each line, diagnostics go to stderr. Exits with status 0 after `bye` or at
 * end of input, and with status 1 when stdin or stdout fails (e.g. the runner went away).
 */
public fun main() {
    val input = InputStreamReader(FileInputStream(FileDescriptor.`in`), Charsets.UTF_8)
    val output = BufferedWriter(OutputStreamWriter(FileOutputStream(FileDescriptor.out), Charsets.UTF_8), 1 shl 16)
    val diagnostics = OutputStreamWriter(FileOutputStream(FileDescriptor.err), Charsets.UTF_8)
    try {
        Harness().serve(input, output, diagnostics)
        output.flush()
    } catch (failure: IOException) {
        System.err.println("kotlin harness: Stopped: input or output failed: ${failure.message}")
        exitProcess(1)
    }
    exitProcess(0)
}
