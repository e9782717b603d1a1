package conformance.features

import conformance.harness.runHarness

/**
 * Serves the bundled features ([BundledFeatures.all]) at the reducer level and the login and timer view models
 * ([BundledFeatures.runtimes]) at the runtime level over harness protocol v1 on stdin/stdout as the `kotlin`
 * implementation; `scripts/kotlin-harness` starts it. Exits as [runHarness] does.
 */
public fun main(): Unit = runHarness(BundledFeatures.all, implementation = "kotlin", runtimes = BundledFeatures.runtimes)
