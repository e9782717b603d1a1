package conformance.junit.internal

import conformance.junit.ConformanceRunException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

class KotlinRuntimeTest {
    @Test
    fun `an older kotlin-stdlib is refused with both versions and what to change, not a NoSuchMethodError`() {
        val error = assertThrows(ConformanceRunException::class.java) { KotlinRuntime.check(KotlinVersion(1, 8, 22)) }
        assertEquals(
            "the UDF Conformance JUnit library needs kotlin-stdlib 1.9 or later at run time, and this test runs with " +
                "kotlin-stdlib 1.8.22\n" +
                "Let the build resolve kotlin-stdlib to the version the library's POM declares (1.9.23) or later: use " +
                "Kotlin 1.9.23 or later, and remove any forced or strict kotlin-stdlib version below 1.9 from the test " +
                "classpath.",
            error.message,
        )
    }

    @Test
    fun `kotlin-stdlib 1_9_0 and later run, the one on this classpath among them`() {
        KotlinRuntime.check(KotlinVersion(1, 9, 0))
        KotlinRuntime.check(KotlinVersion(2, 0, 0))
        KotlinRuntime.check()
    }
}
