package conformance.junit

/**
 * What a JUnit 4 [ConformanceRunner] class runs: the same settings as [ConformanceTests.dynamicTests], as an
 * annotation, since a JUnit 4 runner is given only the class.
 *
 * ```kotlin
 * @RunWith(ConformanceRunner::class)
 * @ConformanceScenarios(harness = "com.example.counter.MainKt", implementation = "android", scenarios = "Conformance/scenarios/counter")
 * class CounterConformanceTest
 * ```
 *
 * @property harness the fully qualified class of the harness `main`, e.g. `com.example.counter.MainKt`.
 * @property implementation the implementation's name in the run (the text and the known-divergence baseline's
 *   `implementations` use it), kebab-case: the one the harness announces.
 * @property scenarios a scenario file or folder, relative to the working directory or absolute.
 * @property arguments the harness `main`'s arguments.
 * @property options further `conformance run` options, e.g. `["--tag", "submit"]`.
 */
@Retention(AnnotationRetention.RUNTIME)
@Target(AnnotationTarget.CLASS)
@MustBeDocumented
public annotation class ConformanceScenarios(
    val harness: String,
    val implementation: String,
    val scenarios: String = "Conformance/scenarios",
    val arguments: Array<String> = [],
    val options: Array<String> = [],
)
