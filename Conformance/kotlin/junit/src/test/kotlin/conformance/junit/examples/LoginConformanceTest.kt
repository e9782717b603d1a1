package conformance.junit.examples

import conformance.junit.ConformanceTests
import org.junit.jupiter.api.TestFactory
import kotlin.io.path.Path

/** The bundled login scenarios, reducer and runtime level, on the `kotlin` harness, as JUnit 5 dynamic tests. */
class LoginConformanceTest {
    @TestFactory
    fun scenarios() = ConformanceTests.dynamicTests(
        harness = "conformance.features.MainKt", implementation = "kotlin", scenarios = Path("Conformance/scenarios/login"),
    )
}
