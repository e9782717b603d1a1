package conformance.junit

import conformance.junit.internal.ConformanceProcess
import conformance.junit.internal.ScenarioResult
import conformance.junit.internal.Verdict
import conformance.junit.internal.withoutStackTrace
import org.junit.AssumptionViolatedException
import org.junit.runner.Description
import org.junit.runner.Runner
import org.junit.runner.notification.Failure
import org.junit.runner.notification.RunNotifier
import org.junit.runners.model.InitializationError

/**
 * A JUnit 4 runner that runs a Kotlin harness's scenarios through the prebuilt `conformance` binary, one test per
 * scenario, for Android unit tests, which run on JUnit 4 unless a JUnit 5 plugin is added.
 *
 * ```kotlin
 * @RunWith(ConformanceRunner::class)
 * @ConformanceScenarios(harness = "com.example.counter.MainKt", implementation = "android", scenarios = "Conformance/scenarios/counter")
 * class CounterConformanceTest
 * ```
 *
 * It runs the same command and reads the same event stream as [ConformanceTests.dynamicTests], with the same
 * verdicts: each test is named by the scenario id under the class, fails with the CLI's text, and a `not applicable`
 * scenario is an assumption failure (skipped). JUnit 4 descriptions carry no file, so the text's `file:` line names
 * the scenario file. The CLI runs once, when JUnit first asks for the tests.
 *
 * @param testClass the class annotated with [RunWith][org.junit.runner.RunWith] and [ConformanceScenarios].
 * @throws InitializationError when the class lacks [ConformanceScenarios].
 */
public class ConformanceRunner(private val testClass: Class<*>) : Runner() {
    private val settings: ConformanceScenarios = testClass.getAnnotation(ConformanceScenarios::class.java)
        ?: throw InitializationError(
            "${testClass.name} runs with ConformanceRunner but has no @ConformanceScenarios(harness = …, implementation = …)"
        )

    private val results: List<Pair<Description, ScenarioResult>> by lazy {
        val results = try {
            ConformanceProcess(
                settings.harness, settings.implementation, settings.arguments.toList(), listOf(settings.scenarios),
                settings.options.toList(),
            ).run()
        } catch (failure: ConformanceRunException) {
            listOf(ScenarioResult("conformance run", null, 1, Verdict.Fails(failure.message.orEmpty())))
        }
        results.map { Description.createTestDescription(testClass, it.name) to it }
    }

    override fun getDescription(): Description =
        Description.createSuiteDescription(testClass).also { suite -> results.forEach { suite.addChild(it.first) } }

    override fun run(notifier: RunNotifier) {
        for ((description, result) in results) {
            notifier.fireTestStarted(description)
            when (val verdict = result.verdict) {
                Verdict.Passes -> Unit
                is Verdict.Fails ->
                    notifier.fireTestFailure(Failure(description, AssertionError(verdict.text).withoutStackTrace()))
                is Verdict.Skipped -> notifier.fireTestAssumptionFailed(
                    Failure(description, AssumptionViolatedException(verdict.text).withoutStackTrace()),
                )
            }
            notifier.fireTestFinished(description)
        }
    }
}
