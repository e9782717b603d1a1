package com.example.counter

import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.cancel
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.withTimeout

/** Where the counter saves its count (the manifest's dependency `save(count) → SaveResult`). */
fun interface CounterStorage {
    suspend fun save(count: Int): SaveResult
}

/**
 * The counter screen's view model, written the Android way: [onIntent] applies [CounterReducer] to the
 * `StateFlow` and launches the `persist` effect in [viewModelScope] on the injected [dispatcher]
 * (rules C4–C8 of Conformance/features/counter.md); the save's timeout is a `withTimeout` on that
 * dispatcher, so virtual time drives it under runtime scenarios.
 *
 * On Android it would extend `androidx.lifecycle.ViewModel` and use its `viewModelScope`; this module
 * runs on a plain JVM, so the scope is its own and [clear] stands for `onCleared`.
 */
class CounterViewModel(
    private val storage: CounterStorage,
    dispatcher: CoroutineDispatcher = Dispatchers.Default,
    initialState: CounterState = CounterState(),
) {
    private val viewModelScope = CoroutineScope(SupervisorJob() + dispatcher)
    private val _state = MutableStateFlow(initialState)
    val state: StateFlow<CounterState> = _state.asStateFlow()
    private var saving: Job? = null

    fun onIntent(intent: CounterIntent) {
        if (!viewModelScope.isActive) return // cleared (C7)
        val next = CounterReducer.reduce(_state.value, intent)
        _state.value = next.state
        for (effect in next.effects) {
            when (effect) {
                is CounterEffect.Persist -> persist(effect.count)
            }
        }
    }

    /** C6, C8: saves, and sends the answer back as saveResponse; a new save replaces the one in flight. */
    private fun persist(count: Int) {
        saving?.cancel()
        saving = viewModelScope.launch {
            val result = try {
                withTimeout(SAVE_TIMEOUT_MILLIS) { storage.save(count) }
            } catch (timeout: TimeoutCancellationException) {
                SaveResult.Failed(TIMEOUT_REASON) // C8: the call was cancelled
            } catch (cancellation: CancellationException) {
                throw cancellation // cleared: send nothing
            } catch (failure: Exception) {
                SaveResult.Failed(FAILURE_REASON)
            }
            onIntent(CounterIntent.SaveResponse(result))
        }
    }

    /** C7: the screen goes away for good; cancels the save in flight. Calling it again does nothing. */
    fun clear() = viewModelScope.cancel()

    companion object {
        /** The reason shown when a save throws (C6); the error's own text is never shown. */
        const val FAILURE_REASON = "Could not save. Please try again."

        /** The reason shown when a save times out (C8). */
        const val TIMEOUT_REASON = "Saving timed out. Please try again."

        /** How long a save may take, on the view model's dispatcher (C8). */
        const val SAVE_TIMEOUT_MILLIS = 5_000L
    }
}
