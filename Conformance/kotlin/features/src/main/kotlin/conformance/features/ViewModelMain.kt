package conformance.features

import conformance.harness.runHarness

/**
 * Serves the `kotlin-viewmodel` implementation over harness protocol v1 on stdin/stdout: login's
 * reducer-less [conformance.viewmodel.LoginScreenViewModel] at the runtime level only
 * ([BundledFeatures.loginScreenRuntime]); `scripts/kotlin-harness --implementation kotlin-viewmodel` starts
 * it. Exits as [runHarness] does.
 */
public fun main(): Unit =
    runHarness(emptyList(), implementation = "kotlin-viewmodel", runtimes = listOf(BundledFeatures.loginScreenRuntime))
