package conformance.junit.internal

import conformance.junit.ConformanceRunException

/**
 * The check that the Kotlin standard library a test runs with is one this library can call.
 *
 * The library is built with Kotlin 1.9.23 and calls kotlin-stdlib's 1.9 API. A Kotlin compiler too old to read its
 * metadata refuses it at compile time, naming the versions; but a build can still put an older kotlin-stdlib on the
 * test classpath (a forced or strict version), and a call into it would then fail with a `NoSuchMethodError` naming
 * none of that. The library checks first and says what to change.
 */
internal object KotlinRuntime {
    /** The oldest kotlin-stdlib the library runs on: the API version it is compiled against. */
    val MINIMUM: KotlinVersion = KotlinVersion(1, 9)

    /**
     * Refuses a kotlin-stdlib older than [MINIMUM].
     *
     * @param running the kotlin-stdlib on the classpath: [KotlinVersion.CURRENT] is read from the stdlib jar loaded at
     *   run time, not from the compiler that built this library.
     * @throws ConformanceRunException when [running] is older than [MINIMUM]; the message names both versions and
     *   what to change.
     */
    fun check(running: KotlinVersion = KotlinVersion.CURRENT) {
        if (running.isAtLeast(MINIMUM.major, MINIMUM.minor)) return
        throw ConformanceRunException(
            "the UDF Conformance JUnit library needs kotlin-stdlib ${MINIMUM.major}.${MINIMUM.minor} or later at run " +
                "time, and this test runs with kotlin-stdlib $running\n" +
                "Let the build resolve kotlin-stdlib to the version the library's POM declares (1.9.23) or later: " +
                "use Kotlin 1.9.23 or later, and remove any forced or strict kotlin-stdlib version below 1.9 from the " +
                "test classpath."
        )
    }
}
