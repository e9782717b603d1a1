package com.example.counter

import conformance.junit.ConformanceRunner
import conformance.junit.ConformanceScenarios
import org.junit.runner.RunWith

@RunWith(ConformanceRunner::class)
@ConformanceScenarios(harness = "com.example.counter.MainKt", implementation = "android", scenarios = "Conformance/scenarios/counter")
class CounterConformanceJUnit4Test
