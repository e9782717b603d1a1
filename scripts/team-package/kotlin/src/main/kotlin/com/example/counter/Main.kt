package com.example.counter

import conformance.harness.featureRuntime
import conformance.harness.runHarness
import conformance.harness.serializableFeature
import conformance.harness.serializableRuntime
import kotlinx.serialization.Serializable

val counterFeature = serializableFeature(
    name = "counter",
    initialState = CounterState(),
    reducer = CounterReducer,
    state = CounterState.serializer(),
    intent = CounterIntent.serializer(),
    effect = CounterEffect.serializer(),
)

/** The arguments of the manifest's dependency `save(count)`. */
@Serializable
data class SaveArguments(val count: Int)

/** The view model under runtime scenarios: virtual time and a scripted `save`. */
val counterRuntime = serializableRuntime(
    name = "counter",
    initialState = CounterState(),
    state = CounterState.serializer(),
    intent = CounterIntent.serializer(),
) { initial, environment ->
    val save = environment.dependency("save", SaveArguments.serializer(), SaveResult.serializer())
    val viewModel = CounterViewModel({ count -> save.call(SaveArguments(count)) }, environment.dispatcher, initial)
    featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
}

fun main() = runHarness(listOf(counterFeature), implementation = "android", runtimes = listOf(counterRuntime))
