package conformance.udf

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.yield
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** [VirtualTimeScheduler]: tasks run only when driven, in order, and `delay` / `withTimeout` use virtual time. */
class VirtualTimeSchedulerTest {
    private val time = VirtualTimeScheduler()
    private val scope = CoroutineScope(Job() + time.dispatcher)
    private val log = mutableListOf<String>()

    @Test
    fun `dispatched work runs only in runCurrent, in FIFO order, on the calling thread`() {
        val thread = Thread.currentThread()
        scope.launch { log.add("a") }
        scope.launch { log.add("b"); assertTrue(Thread.currentThread() === thread) }
        assertEquals(listOf<String>(), log)
        time.runCurrent()
        assertEquals(listOf("a", "b"), log)
        assertEquals(0, time.currentTime)
    }

    @Test
    fun `runCurrent also runs what the tasks make runnable at the same time`() {
        scope.launch {
            log.add("1")
            yield()
            log.add("3")
        }
        scope.launch { log.add("2") }
        time.runCurrent()
        assertEquals(listOf("1", "2", "3"), log)
    }

    @Test
    fun `a delay resumes at its own virtual time, not before`() {
        scope.launch {
            delay(1_000)
            log.add("at ${time.currentTime}")
        }
        time.runCurrent()
        time.advanceTimeBy(999)
        time.runCurrent()
        assertEquals(listOf<String>(), log)
        time.advanceTimeBy(1)
        assertEquals(listOf<String>(), log, "a task due at exactly the new time waits for runCurrent, as in kotlinx-coroutines-test")
        time.runCurrent()
        assertEquals(listOf("at 1000"), log)
        assertEquals(1_000, time.currentTime)
    }

    @Test
    fun `timers due within an advance run in deadline order, each at its own time, FIFO on ties`() {
        scope.launch { delay(300); log.add("c@${time.currentTime}") }
        scope.launch { delay(100); log.add("a@${time.currentTime}"); scope.launch { log.add("a2@${time.currentTime}") } }
        scope.launch { delay(300); log.add("d@${time.currentTime}") }
        scope.launch { delay(200); log.add("b@${time.currentTime}") }
        time.runCurrent()
        time.advanceTimeBy(1_000)
        assertEquals(listOf("a@100", "a2@100", "b@200", "c@300", "d@300"), log)
        assertEquals(1_000, time.currentTime)
    }

    @Test
    fun `withTimeout fires at exactly its deadline, and cancelling a delay drops its timer`() {
        var outcome = "pending"
        scope.launch {
            outcome = try {
                withTimeout(10_000) { awaitCancellation() }
            } catch (timeout: TimeoutCancellationException) {
                "timed out at ${time.currentTime}"
            }
        }
        val sleeper = scope.launch { delay(5_000); log.add("woke") }
        time.runCurrent()
        sleeper.cancel()
        time.advanceTimeBy(9_999)
        time.runCurrent()
        assertEquals("pending", outcome)
        time.advanceTimeBy(1)
        time.runCurrent()
        assertEquals("timed out at 10000", outcome)
        assertEquals(listOf<String>(), log)
    }

    @Test
    fun `a block that finishes in time leaves no timeout behind`() {
        var result = ""
        scope.launch { result = withTimeout(10_000) { delay(10); "done at ${time.currentTime}" } }
        time.runCurrent()
        time.advanceTimeBy(20_000)
        time.runCurrent()
        assertEquals("done at 10", result)
    }

    @Test
    fun `advancing by zero runs nothing new, and a negative advance is refused`() {
        scope.launch { delay(1); log.add("late") }
        time.runCurrent()
        time.advanceTimeBy(0)
        time.runCurrent()
        assertEquals(listOf<String>(), log)
        val error = assertThrows(IllegalArgumentException::class.java) { time.advanceTimeBy(-1) }
        assertEquals("Cannot advance virtual time by a negative amount (-1 ms).", error.message)
    }

    @Test
    fun `driving the scheduler from inside one of its tasks is refused`() {
        var error: Throwable? = null
        scope.launch { error = runCatching { time.runCurrent() }.exceptionOrNull() }
        time.runCurrent()
        assertTrue(error is IllegalStateException, "got $error")
    }

    @Test
    fun `virtual time saturates at Long MAX_VALUE instead of overflowing`() {
        time.advanceTimeBy(Long.MAX_VALUE)
        time.advanceTimeBy(Long.MAX_VALUE)
        assertEquals(Long.MAX_VALUE, time.currentTime)
        scope.launch { delay(10); log.add("ran") }
        time.runCurrent()
        assertEquals(listOf("ran"), log)
    }

    @Test
    fun `one long advance runs every tick of a repeating timer due in it, each at its own time, in order`() {
        scope.launch {
            while (true) {
                delay(300)
                log.add("a@${time.currentTime}")
            }
        }
        scope.launch {
            while (true) {
                delay(500)
                log.add("b@${time.currentTime}")
            }
        }
        time.runCurrent()
        time.advanceTimeBy(1_500)
        time.runCurrent()
        assertEquals(
            listOf("a@300", "b@500", "a@600", "a@900", "b@1000", "a@1200", "b@1500", "a@1500"),
            log,
            "ties in scheduling order: b's timer for 1,500 was set at 1,000, a's at 1,200",
        )
        assertEquals(1_500, time.currentTime)
    }
}
