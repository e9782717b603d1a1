package conformance.junit.internal

/**
 * This throwable with no stack trace: a scenario's failure is the CLI's text, and the library's frames under it say
 * nothing about the scenario, so reports show the text alone.
 */
internal fun <T : Throwable> T.withoutStackTrace(): T = apply { stackTrace = emptyArray() }
