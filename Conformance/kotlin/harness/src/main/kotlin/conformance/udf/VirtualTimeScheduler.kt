package conformance.udf

import java.util.PriorityQueue
import kotlin.coroutines.CoroutineContext
import kotlinx.coroutines.CancellableContinuation
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Delay
import kotlinx.coroutines.DisposableHandle
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.InternalCoroutinesApi
import kotlinx.coroutines.Runnable
import kotlinx.coroutines.disposeOnCancellation

/**
 * A small virtual-time scheduler: a [CoroutineDispatcher] whose tasks run only inside [runCurrent] and
 * [advanceTimeBy], serially on the calling thread, and a `kotlinx.coroutines.Delay`, so `delay` and
 * `withTimeout` of coroutines it dispatches wait for virtual time, never real time.
 *
 * It stands in for kotlinx-coroutines-test's `StandardTestDispatcher` / `TestCoroutineScheduler`, which
 * this project's toolchain does not have (see [VirtualTime] for using those instead):
 * - a dispatched task is due at [currentTime]; a `delay(n)` or a `withTimeout(n)` deadline is due at
 *   [currentTime] + n;
 * - tasks run in order of due time, tasks due at the same time in the order they were scheduled (FIFO);
 * - [advanceTimeBy] sets the clock to each task's due time before running it, so a timer due within the
 *   advance runs at its own time and what it dispatches runs before later timers.
 *
 * ```kotlin
 * val time = VirtualTimeScheduler()
 * val scope = CoroutineScope(time.dispatcher)
 * scope.launch { delay(1_000); println("at ${time.currentTime} ms") }
 * time.runCurrent()          // starts the coroutine; it suspends in delay
 * time.advanceTimeBy(1_000)  // nothing yet: the timer is due at exactly 1,000
 * time.runCurrent()          // prints "at 1000 ms"
 * ```
 *
 * Dispatching is thread-safe; running ([runCurrent], [advanceTimeBy]) must happen on one thread at a time
 * and not from inside a task of the same scheduler.
 */
@OptIn(InternalCoroutinesApi::class)
public class VirtualTimeScheduler : CoroutineDispatcher(), Delay, VirtualTime {
    /** One scheduled task; disposing it (a cancelled delay or timeout) makes it never run. */
    private class Task(val time: Long, val order: Long, val block: Runnable) : Comparable<Task>, DisposableHandle {
        @Volatile
        var disposed: Boolean = false

        override fun compareTo(other: Task): Int =
            if (time != other.time) time.compareTo(other.time) else order.compareTo(other.order)

        override fun dispose() {
            disposed = true
        }
    }

    private val queue = PriorityQueue<Task>()
    private var scheduled = 0L
    private var running = false

    @Volatile
    private var now = 0L

    /** This scheduler itself. */
    override val dispatcher: CoroutineDispatcher
        get() = this

    /** The current virtual time in milliseconds; starts at 0 and moves only in [advanceTimeBy]. */
    override val currentTime: Long
        get() = now

    /** Queues [block] to run at the current virtual time, after the tasks already due then. */
    override fun dispatch(context: CoroutineContext, block: Runnable) {
        schedule(0, block)
    }

    /** Resumes [continuation] [timeMillis] ms of virtual time from now (`delay`); cancelling it drops the timer. */
    @OptIn(ExperimentalCoroutinesApi::class)
    override fun scheduleResumeAfterDelay(timeMillis: Long, continuation: CancellableContinuation<Unit>) {
        val task = schedule(timeMillis, Runnable { with(continuation) { resumeUndispatched(Unit) } })
        continuation.disposeOnCancellation(task)
    }

    /** Runs [block] [timeMillis] ms of virtual time from now (`withTimeout`'s deadline), unless disposed first. */
    override fun invokeOnTimeout(timeMillis: Long, block: Runnable, context: CoroutineContext): DisposableHandle =
        schedule(timeMillis, block)

    /**
     * Runs every task due at or before [currentTime], including the ones they schedule for that time.
     *
     * @throws IllegalStateException when called from inside a task of this scheduler.
     * @throws Throwable whatever a task throws (the remaining tasks stay queued).
     */
    override fun runCurrent() {
        drive { while (true) (next(now, inclusive = true) ?: break).block.run() }
    }

    /**
     * Runs the tasks due strictly before [currentTime] + [delayTimeMillis], each at its own due time, then
     * sets the clock to [currentTime] + [delayTimeMillis] (saturating at `Long.MAX_VALUE`).
     *
     * @throws IllegalArgumentException when [delayTimeMillis] is negative.
     * @throws IllegalStateException when called from inside a task of this scheduler.
     */
    override fun advanceTimeBy(delayTimeMillis: Long) {
        require(delayTimeMillis >= 0) { "Cannot advance virtual time by a negative amount ($delayTimeMillis ms)." }
        val target = saturatedAdd(now, delayTimeMillis)
        drive {
            while (true) {
                val task = next(target, inclusive = false) ?: break
                if (task.time > now) now = task.time
                task.block.run()
            }
            now = target
        }
    }

    override fun toString(): String = "VirtualTimeScheduler(currentTime=$now)"

    private inline fun drive(body: () -> Unit) {
        check(!running) { "The virtual time is already being driven (runCurrent or advanceTimeBy inside a task)." }
        running = true
        try {
            body()
        } finally {
            running = false
        }
    }

    private fun schedule(delayMillis: Long, block: Runnable): Task = synchronized(queue) {
        val task = Task(saturatedAdd(now, maxOf(0, delayMillis)), scheduled++, block)
        queue.add(task)
        task
    }

    /** Removes and returns the first live task due at or before (or strictly before) [limit]. */
    private fun next(limit: Long, inclusive: Boolean): Task? = synchronized(queue) {
        var head = queue.peek()
        while (head != null && head.disposed) {
            queue.poll()
            head = queue.peek()
        }
        when {
            head == null -> null
            if (inclusive) head.time > limit else head.time >= limit -> null
            else -> queue.poll()
        }
    }

    private companion object {
        fun saturatedAdd(a: Long, b: Long): Long = if (b > Long.MAX_VALUE - a) Long.MAX_VALUE else a + b
    }
}
