package conformance.junit

/**
 * A `conformance run` that could not give a verdict per scenario: the binary was not found or could not start, or
 * it stopped before the end of its event stream (a usage error, a missing manifest, a crash). The message says what
 * happened, where the library looked or what the CLI wrote to standard error, and what to do.
 *
 * Thrown from [ConformanceTests.dynamicTests] (JUnit 5 reports the test factory as failed with this message) and
 * reported by [ConformanceRunner] as the failure of the whole class. A failing scenario is never this exception: it
 * is a failing test of its own.
 */
public class ConformanceRunException(message: String) : RuntimeException(message)
