package conformance.udf

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** [CancellableJobs]: jobs by id, kept beside each other or replaced, cancelled by id. */
class CancellableJobsTest {
    private val time = VirtualTimeScheduler()
    private val scope = CoroutineScope(Job() + time.dispatcher)
    private val jobs = CancellableJobs(scope)
    private val log = mutableListOf<String>()

    private fun ticker(name: String, period: Long): suspend CoroutineScope.() -> Unit = {
        while (true) {
            delay(period)
            log.add("$name@${time.currentTime}")
        }
    }

    @Test
    fun `keep runs a second job beside the first, as TCA does by default`() {
        jobs.keep("timer", ticker("a", 1_000))
        time.runCurrent()
        time.advanceTimeBy(500)
        jobs.keep("timer", ticker("b", 1_000))
        time.runCurrent()
        time.advanceTimeBy(1_000)
        time.runCurrent()
        assertEquals(listOf("a@1000", "b@1500"), log)
        assertEquals(2, jobs.count("timer"))
    }

    @Test
    fun `replace cancels the job under the id before the new one starts`() {
        val first = jobs.replace("timer", ticker("a", 1_000))
        time.runCurrent()
        time.advanceTimeBy(500)
        jobs.replace("timer", ticker("b", 1_000))
        assertTrue(first.isCancelled, "cancelled in the same call")
        time.runCurrent()
        time.advanceTimeBy(2_000)
        time.runCurrent()
        assertEquals(listOf("b@1500", "b@2500"), log)
        assertEquals(1, jobs.count("timer"))
    }

    @Test
    fun `cancel stops every job under the id and leaves the others running`() {
        jobs.keep("x", ticker("x1", 1_000))
        jobs.keep("x", ticker("x2", 1_000))
        jobs.keep("y", ticker("y", 1_000))
        time.runCurrent()
        jobs.cancel("x")
        jobs.cancel("never-used")
        time.runCurrent()
        time.advanceTimeBy(1_000)
        time.runCurrent()
        assertEquals(listOf("y@1000"), log)
        assertEquals(0, jobs.count("x"))
        assertEquals(1, jobs.count("y"))
    }

    @Test
    fun `a job leaves its id when it completes, and cancelAll or the scope stop the rest`() {
        jobs.keep("once") { delay(10) }
        jobs.keep("forever") { awaitCancellation() }
        time.runCurrent()
        time.advanceTimeBy(10)
        time.runCurrent()
        assertEquals(0, jobs.count("once"))
        assertEquals(1, jobs.count("forever"))
        jobs.cancelAll()
        time.runCurrent()
        assertEquals(0, jobs.count("forever"))
        jobs.keep("later") { awaitCancellation() }
        scope.cancel()
        time.runCurrent()
        assertEquals(0, jobs.count("later"))
    }

    @Test
    fun `inFlight lists the live jobs in start order by effect name and id, and forgets replaced, cancelled and ended ones`() {
        jobs.keep("search", "runSearch") { awaitCancellation() }
        jobs.replace("timer", "runTimer") { awaitCancellation() }
        jobs.keep("once") { delay(10) }
        jobs.keep("search", "runSearch") { awaitCancellation() }
        assertEquals(
            listOf("runSearch" to "search", "runTimer" to "timer", "once" to "once", "runSearch" to "search"),
            jobs.inFlight(),
        )
        jobs.replace("timer", "runTimer") { awaitCancellation() }
        jobs.cancel("search")
        time.runCurrent()
        time.advanceTimeBy(10)
        time.runCurrent()
        assertEquals(listOf("runTimer" to "timer"), jobs.inFlight())
        jobs.cancelAll()
        assertEquals(emptyList<Pair<String, String>>(), jobs.inFlight())
    }
}
