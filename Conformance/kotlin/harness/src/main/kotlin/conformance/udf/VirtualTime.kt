package conformance.udf

import kotlinx.coroutines.CoroutineDispatcher

/**
 * Virtual time for a runtime under test: a dispatcher whose work runs only when the driver lets it, and a
 * clock that moves only when the driver advances it, so `delay` and `withTimeout` take no real time.
 *
 * The runtime-level conformance driver (harness protocol §2.5) injects [dispatcher] into the view model
 * or store, then after each scenario step calls [runCurrent] (an `advance` step first calls
 * [advanceTimeBy]). [VirtualTimeScheduler] is the implementation bundled with the harness library.
 *
 * The member names are those of kotlinx-coroutines-test's `TestCoroutineScheduler` on purpose, so a team
 * whose Gradle build has kotlinx-coroutines-test can satisfy this interface with it:
 *
 * ```kotlin
 * @OptIn(ExperimentalCoroutinesApi::class)
 * class TestVirtualTime(private val scheduler: TestCoroutineScheduler = TestCoroutineScheduler()) : VirtualTime {
 *     override val dispatcher: CoroutineDispatcher = StandardTestDispatcher(scheduler)
 *     override val currentTime: Long get() = scheduler.currentTime
 *     override fun runCurrent() = scheduler.runCurrent()
 *     override fun advanceTimeBy(delayTimeMillis: Long) = scheduler.advanceTimeBy(delayTimeMillis)
 * }
 * ```
 * and pass `virtualTime = ::TestVirtualTime` to `serializableRuntime`.
 *
 * Implementations are driven from one thread, one call at a time.
 */
public interface VirtualTime {
    /**
     * The dispatcher to inject into the runtime (view model scope, effects). It is also a
     * `kotlinx.coroutines.Delay`, so `delay` and `withTimeout` in coroutines it runs use virtual time.
     */
    public val dispatcher: CoroutineDispatcher

    /** The current virtual time in milliseconds since the scheduler was made (starts at 0). */
    public val currentTime: Long

    /**
     * Runs every task that is runnable at [currentTime], including the tasks they make runnable at that
     * time, in the order they were scheduled; returns when none is left. Virtual time does not move.
     */
    public fun runCurrent()

    /**
     * Moves virtual time forward by [delayTimeMillis] milliseconds, running every task due strictly before
     * the new time in deadline order (ties in scheduling order), each at its own deadline; then sets
     * [currentTime] to the old time plus [delayTimeMillis]. Tasks due at exactly the new time run at the
     * next [runCurrent] (as in kotlinx-coroutines-test), which the driver calls after every step.
     *
     * @param delayTimeMillis how far to move, in milliseconds; at least 0.
     * @throws IllegalArgumentException when [delayTimeMillis] is negative.
     */
    public fun advanceTimeBy(delayTimeMillis: Long)
}
