package conformance.junit.examples

import conformance.junit.ConformanceTests
import org.junit.jupiter.api.TestFactory
import kotlin.io.path.Path

/**
 * A planted bug: login's runtime scenarios on the `no-cancel-on-dismiss` fixture (dismiss stops loading but leaves
 * the call running; `features/src/test/kotlin/conformance/viewmodel/fixtures`). Its dismiss scenarios must fail, with
 * the CLI's text, and no other.
 */
class NoCancelOnDismissConformanceTest {
    @TestFactory
    fun scenarios() = ConformanceTests.dynamicTests(
        harness = "conformance.viewmodel.fixtures.FixtureHarnessKt", implementation = "no-cancel-on-dismiss",
        scenarios = Path("Conformance/scenarios/login/runtime"), arguments = listOf("no-cancel-on-dismiss"),
    )
}
