package conformance.junit

import conformance.junit.internal.ConformanceProcess
import conformance.junit.internal.ScenarioResult
import conformance.junit.internal.Verdict
import conformance.junit.internal.withoutStackTrace
import org.junit.jupiter.api.DynamicTest
import org.opentest4j.AssertionFailedError
import org.opentest4j.TestAbortedException
import java.io.File
import java.net.URI
import java.nio.file.Path
import java.nio.file.Paths

/**
 * The scenarios of a Kotlin harness as JUnit 5 dynamic tests, judged by the prebuilt `conformance` binary: no Swift
 * toolchain is needed, and `./gradlew test` (or any JUnit Platform launcher) runs them.
 *
 * ```kotlin
 * class CounterConformanceTest {
 *     @TestFactory
 *     fun scenarios() = ConformanceTests.dynamicTests(
 *         harness = "com.example.counter.MainKt", implementation = "android", scenarios = Path("Conformance/scenarios/counter"),
 *     )
 * }
 * ```
 *
 * The harness is your module's harness `main` (the one `conformance run --harness` starts), run with the test's own
 * classpath and the running JVM's `java`; see [dynamicTests] for the command. Each scenario becomes one test named by
 * its id, whose source is the scenario file (a `file:` URI with `?line=N`, JUnit's `FileSource`), so IDEs and JUnit
 * XML reports point at the JSON file. A test fails with the text `conformance run` prints for the scenario: the step,
 * every mismatch by JSON path and the diff.
 */
public object ConformanceTests {
    /**
     * Runs `conformance run` on the harness [harness] and returns one dynamic test per scenario and per invalid file.
     *
     * The CLI is started as
     * `conformance run --format ndjson --impl IMPLEMENTATION --harness 'IMPLEMENTATION=java -cp CLASSPATH HARNESS ARGUMENTS…' OPTIONS… SCENARIOS…`
     * in the JVM's working directory (where Gradle runs a module's tests: the module folder, which holds
     * `Conformance/`), and its event stream (Conformance/README.md §11.5) is read to the end before the tests are
     * returned. The verdicts are the CLI's: a scenario that passes, or fails as the known-divergence baseline
     * records (`known`), passes; `not applicable` (a level the harness does not declare) is skipped; a failure, a skip,
     * an error, a crash, a time-out, a protocol error, an invalid file and a divergence fail, with the CLI's text. A
     * run that exits non-zero with no failing scenario (an unmatched baseline entry, no scenario selected) adds a
     * failing test `conformance run` with the CLI's standard error.
     *
     * The binary is the system property `conformance.binary`, else the environment variable `CONFORMANCE_BINARY`,
     * else `conformance` on `PATH`.
     *
     * @param harness the fully qualified class of the harness `main`, e.g. `com.example.counter.MainKt` for a
     *   `fun main()` in `Main.kt` of package `com.example.counter`.
     * @param implementation the implementation's name in the run, kebab-case: the text says it and the
     *   known-divergence baseline's `implementations` match it; use the one the harness announces
     *   (`runHarness(…, implementation = "android")`).
     * @param scenarios scenario files or folders, relative to the working directory or absolute (default:
     *   `Conformance/scenarios`, every feature).
     * @param arguments the harness `main`'s arguments.
     * @param options further `conformance run` options, e.g. `listOf("--tag", "submit")`.
     * @return the tests, in the order the run reported them: invalid files, then scenarios.
     * @throws ConformanceRunException when the binary is not found or cannot start, or the run stops before its
     *   summary (a usage error, a missing manifest): JUnit reports the test factory as failed with the message.
     */
    @JvmStatic
    @JvmOverloads
    public fun dynamicTests(
        harness: String,
        implementation: String,
        scenarios: Path = Paths.get("Conformance", "scenarios"),
        arguments: List<String> = emptyList(),
        options: List<String> = emptyList(),
    ): List<DynamicTest> =
        ConformanceProcess(harness, implementation, arguments, listOf(scenarios.toString()), options).run().map(::dynamicTest)

    private fun dynamicTest(result: ScenarioResult): DynamicTest {
        val source = result.file?.let { fileUri(it, result.line) }
        return DynamicTest.dynamicTest(result.name, source) {
            when (val verdict = result.verdict) {
                Verdict.Passes -> Unit
                is Verdict.Fails -> throw AssertionFailedError(verdict.text).withoutStackTrace()
                is Verdict.Skipped -> throw TestAbortedException(verdict.text).withoutStackTrace()
            }
        }
    }

    /**
     * `file:///abs/path.json?line=N`: JUnit's `UriSource` makes it a `FileSource` at that line. A relative path is
     * resolved against the working directory, where the CLI ran.
     */
    internal fun fileUri(file: String, line: Int): URI {
        val absolute = File(file).absoluteFile.toPath().normalize().toUri()
        return URI(absolute.scheme, absolute.authority, absolute.path, "line=$line", null)
    }
}
