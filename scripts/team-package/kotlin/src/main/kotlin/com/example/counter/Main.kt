package com.example.counter

import conformance.harness.runHarness
import conformance.harness.serializableFeature

val counterFeature = serializableFeature(
    name = "counter",
    initialState = CounterState(),
    reducer = CounterReducer,
    state = CounterState.serializer(),
    intent = CounterIntent.serializer(),
    effect = CounterEffect.serializer(),
)

fun main() = runHarness(listOf(counterFeature), implementation = "android")
