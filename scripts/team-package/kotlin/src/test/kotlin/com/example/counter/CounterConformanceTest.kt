package com.example.counter

import conformance.junit.ConformanceTests
import org.junit.jupiter.api.TestFactory
import kotlin.io.path.Path

class CounterConformanceTest {
    @TestFactory
    fun scenarios() = ConformanceTests.dynamicTests(
        harness = "com.example.counter.MainKt", implementation = "android", scenarios = Path("Conformance/scenarios/counter"),
    )
}
