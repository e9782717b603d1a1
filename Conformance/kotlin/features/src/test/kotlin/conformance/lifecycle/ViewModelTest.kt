package conformance.lifecycle

import kotlinx.coroutines.CoroutineExceptionHandler
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ViewModelTest {
    private class Probe : ViewModel(Dispatchers.Unconfined) {
        val events = mutableListOf<String>()

        override fun onCleared() {
            events.add("onCleared, scope active: ${viewModelScope.isActive}")
        }
    }

    @Test
    fun `clear cancels the scope, then calls onCleared once`() {
        val probe = Probe()
        val job: Job = probe.viewModelScope.launch { awaitCancellation() }
        assertFalse(probe.isCleared)

        probe.clear()
        probe.clear()

        assertTrue(job.isCancelled)
        assertTrue(probe.isCleared)
        assertEquals(listOf("onCleared, scope active: false"), probe.events)
    }

    @Test
    fun `work launched after clear is cancelled at once`() {
        val probe = Probe()
        probe.clear()
        var ran = false
        val job = probe.viewModelScope.launch { ran = true }
        assertTrue(job.isCancelled)
        assertFalse(ran)
    }

    @Test
    fun `one failed child does not cancel the others`() {
        val probe = Probe()
        val survivor = probe.viewModelScope.launch { awaitCancellation() }
        val handler = CoroutineExceptionHandler { _, _ -> }
        probe.viewModelScope.launch(handler) { error("boom") }
        assertTrue(survivor.isActive)
        probe.clear()
    }
}
