package com.example.counter

import conformance.udf.Next
import conformance.udf.Reducer
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** A counter with an optional limit that can save its count: the team's feature, with @Serializable types only. */
@Serializable
data class CounterState(
    val count: Int = 0,
    val limit: Int? = 3,
    val isSaving: Boolean = false,
    val message: String? = null,
)

@Serializable
sealed interface SaveResult {
    @Serializable @SerialName("saved") data object Saved : SaveResult
    @Serializable @SerialName("failed") data class Failed(val reason: String) : SaveResult
}

@Serializable
sealed interface CounterIntent {
    @Serializable @SerialName("increment") data object Increment : CounterIntent
    @Serializable @SerialName("decrement") data object Decrement : CounterIntent
    @Serializable @SerialName("setLimit") data class SetLimit(val value: Int?) : CounterIntent
    @Serializable @SerialName("save") data object Save : CounterIntent
    @Serializable @SerialName("saveResponse") data class SaveResponse(val result: SaveResult) : CounterIntent
}

@Serializable
sealed interface CounterEffect {
    @Serializable @SerialName("persist") data class Persist(val count: Int) : CounterEffect
}

/** Rules C1–C5 of Conformance/features/counter.md. */
object CounterReducer : Reducer<CounterState, CounterIntent, CounterEffect> {
    override fun reduce(state: CounterState, intent: CounterIntent): Next<CounterState, CounterEffect> =
        when (intent) {
            CounterIntent.Increment ->
                if (state.limit == null || state.count < state.limit) Next(state.copy(count = state.count + 1, message = null))
                else Next(state.copy(message = "Limit reached.")) // C1
            CounterIntent.Decrement -> Next(state.copy(count = maxOf(0, state.count - 1))) // C2
            is CounterIntent.SetLimit -> Next(state.copy(limit = intent.value)) // C3
            CounterIntent.Save ->
                if (state.isSaving) Next(state) // C4
                else Next(state.copy(isSaving = true), listOf(CounterEffect.Persist(state.count)))
            is CounterIntent.SaveResponse ->
                if (!state.isSaving) Next(state) // C5
                else Next(
                    state.copy(
                        isSaving = false,
                        message = when (val result = intent.result) {
                            SaveResult.Saved -> "Saved."
                            is SaveResult.Failed -> result.reason
                        },
                    ),
                )
        }
}
