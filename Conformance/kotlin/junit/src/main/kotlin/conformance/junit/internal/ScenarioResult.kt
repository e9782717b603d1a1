package conformance.junit.internal

/**
 * One test case made from a `conformance run`: a scenario (or an invalid file, or the run itself) and what the run
 * said about it, for the JUnit 5 and JUnit 4 adapters to report in their own terms.
 *
 * @property name the test's name: the scenario id (`login-submit-valid-credentials`, `ID[2]` for an outline row),
 *   the file name of an invalid file, or `conformance run` for what the run says about itself.
 * @property file the scenario file as the run named it (relative to the working directory), or `null` for the run.
 * @property line the 1-based line in [file] the test points at.
 * @property verdict whether it passes, fails or is skipped, with the run's text.
 */
internal data class ScenarioResult(val name: String, val file: String?, val line: Int, val verdict: Verdict)

/** What a [ScenarioResult] does in a test framework. */
internal sealed interface Verdict {
    /** The scenario passed, or failed the way the known-divergence baseline records (`known`). */
    data object Passes : Verdict

    /**
     * The test fails with [text], the CLI's own words: a failing scenario, a skip, a harness fault, an invalid file,
     * a divergence, or a run that failed for a reason no scenario carries.
     */
    data class Fails(val text: String) : Verdict

    /** The scenario is `not applicable` to the implementation (a level it does not declare): skipped, with [text]. */
    data class Skipped(val text: String) : Verdict
}
