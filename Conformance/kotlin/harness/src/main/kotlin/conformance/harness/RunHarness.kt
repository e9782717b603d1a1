package conformance.harness

import java.io.BufferedOutputStream
import java.io.FileDescriptor
import java.io.FileInputStream
import java.io.FileOutputStream
import java.io.IOException
import java.io.OutputStreamWriter
import kotlin.system.exitProcess

/**
 * Serves harness protocol v1 on stdin/stdout for [features] until `bye` or end of input, then exits the
 * process (it never returns): the whole `main` of a conformance harness.
 *
 * ```kotlin
 * fun main(): Unit = runHarness(listOf(counterFeature), implementation = "android")
 * ```
 *
 * Requests are read as bytes and each line decoded as strict UTF-8 (a line that is not UTF-8 is ignored as not
 * JSON, never repaired into U+FFFD: PROTOCOL.md §2.4), replies are written as UTF-8 bytes through a
 * buffered stream flushed after each line, diagnostics go to stderr (Conformance/PROTOCOL.md §1). The
 * runner starts the program with the command configured in `Conformance/implementations.json` or given
 * with `conformance run --harness <name>=<command>`.
 *
 * Exits with status 0 after `bye` or at end of input (§2.3), and with status 1 when stdin or stdout fails
 * (e.g. the runner went away). The return type is `Unit`, not `Nothing`, so that `fun main() = runHarness(…)`
 * compiles without a declared return type.
 *
 * @param features the features to serve; see [serializableFeature].
 * @param implementation the implementation name announced in `hello`, kebab-case (default `kotlin`).
 * @param version the implementation version announced in `hello`.
 * @param runtimes the features whose runtime the harness drives at the runtime level; see
 *   [serializableRuntime]. Default: none.
 * @throws IllegalArgumentException as [Harness] does, before reading anything.
 */
public fun runHarness(
    features: List<FeatureAdapter>,
    implementation: String = Harness.DEFAULT_IMPLEMENTATION,
    version: String = Harness.DEFAULT_VERSION,
    runtimes: List<RuntimeAdapter> = emptyList(),
) {
    val harness = Harness(features, implementation, version, runtimes)
    val input = FileInputStream(FileDescriptor.`in`)
    val output = BufferedOutputStream(FileOutputStream(FileDescriptor.out), 1 shl 16)
    val diagnostics = OutputStreamWriter(FileOutputStream(FileDescriptor.err), Charsets.UTF_8)
    try {
        harness.serve(input, output, diagnostics)
        output.flush()
    } catch (failure: IOException) {
        System.err.println("$implementation harness: Stopped: input or output failed: ${failure.message}")
        exitProcess(1)
    }
    exitProcess(0)
}
