package conformance.junit.examples

import conformance.junit.ConformanceRunner
import conformance.junit.ConformanceScenarios
import org.junit.runner.RunWith

/** The same scenarios through the JUnit 4 runner, as an Android module without a JUnit 5 plugin runs them. */
@RunWith(ConformanceRunner::class)
@ConformanceScenarios(harness = "conformance.features.MainKt", implementation = "kotlin", scenarios = "Conformance/scenarios/login")
class LoginConformanceJUnit4Test
