package conformance.junit.internal

import conformance.junit.ConformanceRunException
import java.io.File
import java.io.IOException
import kotlin.concurrent.thread

/**
 * One `conformance run` over a Kotlin harness started from the running test's own classpath:
 *
 * ```
 * conformance run --format ndjson --impl NAME --harness 'NAME=JAVA -cp CLASSPATH MAIN ARGUMENTS…' OPTIONS… SCENARIOS…
 * ```
 *
 * `JAVA` is the running JVM's `java` and `CLASSPATH` its `java.class.path`, so the harness serves the test's
 * compiled code, whatever built it (Gradle, Maven, the console launcher). The CLI runs in the JVM's working
 * directory, where it finds `Conformance/` (its manifests, `known-divergences.json`, `implementations.json`) as
 * `conformance run` does from a shell.
 *
 * @property harness the harness `main` class, e.g. `com.example.counter.MainKt`.
 * @property implementation the implementation's name in the run (kebab-case), as the baseline names it.
 * @property arguments the `main`'s arguments.
 * @property scenarios scenario files or folders, relative to the working directory or absolute.
 * @property options further `conformance run` options (`--tag`, `--filter`, `--baseline`, …).
 */
internal class ConformanceProcess(
    val harness: String,
    val implementation: String,
    val arguments: List<String>,
    val scenarios: List<String>,
    val options: List<String>,
) {
    /** The harness command, each word single-quoted for the CLI's `--harness` (POSIX quoting, no shell). */
    fun harnessCommand(java: String, classpath: String): String =
        (listOf(java) + JAVA_OPTIONS + listOf("-cp", classpath, harness) + arguments).joinToString(" ", transform = ::quote)

    /** The CLI's arguments after the binary. */
    fun commandLine(java: String, classpath: String): List<String> =
        listOf("run", "--format", "ndjson", "--impl", implementation) +
            listOf("--harness", "$implementation=${harnessCommand(java, classpath)}") + options + scenarios

    /**
     * Runs the CLI and reads its event stream.
     *
     * @return one result per scenario and per invalid file (see [EventStream]).
     * @throws ConformanceRunException when the kotlin-stdlib on the classpath is too old ([KotlinRuntime]), the binary
     *   is not found or cannot start, or the stream is cut short.
     */
    fun run(): List<ScenarioResult> {
        KotlinRuntime.check()
        val binary = ConformanceBinary.locate(
            System.getProperty(ConformanceBinary.PROPERTY), System.getenv(ConformanceBinary.VARIABLE), System.getenv("PATH")
        )
        val java = File(System.getProperty("java.home"), "bin/java").path
        val command = listOf(binary.path) + commandLine(java, System.getProperty("java.class.path"))
        val process = try {
            ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start()
        } catch (failure: IOException) {
            throw ConformanceRunException("could not start '${binary.path}': ${failure.message}")
        }
        process.outputStream.close()
        val errorOutput = StringBuilder()
        // Standard error is read beside standard output, so that neither pipe fills up and stalls the CLI.
        val errorReader = thread(name = "conformance stderr", isDaemon = true) {
            errorOutput.append(process.errorStream.bufferedReader(Charsets.UTF_8).readText())
        }
        val stream = EventStream()
        try {
            process.inputStream.bufferedReader(Charsets.UTF_8).useLines { lines -> lines.forEach(stream::read) }
        } catch (failure: ConformanceRunException) {
            process.destroy()
            throw failure
        }
        val status = process.waitFor()
        errorReader.join()
        return stream.results(status, errorOutput.toString())
    }

    private companion object {
        /**
         * JVM options for a fast start of a short-lived, single-threaded harness, as scripts/kotlin-harness starts
         * the bundled one (C1 only with the serial collector: 1.1–1.2 s against 1.6–2.0 s on 10,000 runs; then
         * inlining less and compiling sooner, as a run is mostly warm-up: a quarter less CPU on 2,000 runtime
         * scenarios).
         */
        val JAVA_OPTIONS = listOf(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:C1MaxInlineSize=15",
            "-XX:CompileThresholdScaling=0.25",
            "-Xshare:auto",
        )

        fun quote(word: String): String = "'" + word.replace("'", "'\\''") + "'"
    }
}
