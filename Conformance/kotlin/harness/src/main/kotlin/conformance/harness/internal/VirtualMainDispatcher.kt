package conformance.harness.internal

import kotlin.coroutines.CoroutineContext
import kotlinx.coroutines.CancellableContinuation
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Delay
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.DisposableHandle
import kotlinx.coroutines.InternalCoroutinesApi
import kotlinx.coroutines.MainCoroutineDispatcher
import kotlinx.coroutines.Runnable
import kotlinx.coroutines.internal.MainDispatcherFactory

/**
 * `Dispatchers.Main` while the harness runs: the running scenario's virtual-time dispatcher, else the main
 * dispatcher the classpath would have had without this library (Android's, Swing's), else none.
 *
 * kotlinx-coroutines picks the `MainDispatcherFactory` service with the highest priority once per process
 * ([VirtualMainDispatcherFactory], named in `META-INF/services`), as kotlinx-coroutines-test's
 * `TestMainDispatcherFactory` makes `Dispatchers.setMain` possible; the harness then swaps what it delegates
 * to around each scenario ([install], [restore]). So a view model launched on `Dispatchers.Main`, as
 * androidx's `viewModelScope` is, runs on the scenario's virtual time with nothing injected.
 */
@OptIn(InternalCoroutinesApi::class)
internal object VirtualMainDispatcher : MainCoroutineDispatcher(), Delay {
    @Volatile
    private var scenario: CoroutineDispatcher? = null

    /** The main dispatcher of the other factories, made when kotlinx-coroutines loaded this one. */
    @Volatile
    internal var original: MainCoroutineDispatcher? = null

    private val delegate: CoroutineDispatcher
        get() = scenario ?: original ?: throw IllegalStateException(
            "Dispatchers.Main is the scenario's virtual time while the conformance harness runs a runtime " +
                "scenario, and there is no other main dispatcher on the classpath to use outside one.",
        )

    /**
     * Makes [dispatcher] the main dispatcher until [restore]; returns what to pass to [restore], or false when
     * `Dispatchers.Main` is another library's (kotlinx-coroutines-test outranks this one: use `Dispatchers.setMain`).
     */
    fun install(dispatcher: CoroutineDispatcher): Boolean {
        if (Dispatchers.Main !== this) return false
        scenario = dispatcher
        return true
    }

    /** Puts back the main dispatcher there was before [install]. */
    fun restore() {
        scenario = null
    }

    /** The delegate's `immediate` when it has one; else this dispatcher (it always dispatches, in order). */
    override val immediate: MainCoroutineDispatcher
        get() = (delegate as? MainCoroutineDispatcher)?.immediate ?: this

    override fun isDispatchNeeded(context: CoroutineContext): Boolean = delegate.isDispatchNeeded(context)

    override fun dispatch(context: CoroutineContext, block: Runnable) = delegate.dispatch(context, block)

    override fun dispatchYield(context: CoroutineContext, block: Runnable) = delegate.dispatchYield(context, block)

    override fun scheduleResumeAfterDelay(timeMillis: Long, continuation: CancellableContinuation<Unit>) =
        delay().scheduleResumeAfterDelay(timeMillis, continuation)

    override fun invokeOnTimeout(timeMillis: Long, block: Runnable, context: CoroutineContext): DisposableHandle =
        delay().invokeOnTimeout(timeMillis, block, context)

    override fun toString(): String = "Dispatchers.Main (conformance harness: ${scenario ?: original})"

    private fun delay(): Delay = delegate as? Delay
        ?: throw IllegalStateException("Dispatchers.Main (${delegate}) cannot delay: it is not a kotlinx.coroutines.Delay.")
}

/**
 * The `kotlinx.coroutines.internal.MainDispatcherFactory` service that makes [VirtualMainDispatcher]
 * `Dispatchers.Main` (registered in `META-INF/services/kotlinx.coroutines.internal.MainDispatcherFactory`).
 * Its priority is just below kotlinx-coroutines-test's, above Android's and Swing's.
 */
@OptIn(InternalCoroutinesApi::class)
internal class VirtualMainDispatcherFactory : MainDispatcherFactory {
    override val loadPriority: Int
        get() = Int.MAX_VALUE - 1

    override fun createDispatcher(allFactories: List<MainDispatcherFactory>): MainCoroutineDispatcher {
        val other = allFactories.filter { it !== this && it !is VirtualMainDispatcherFactory }.maxByOrNull { it.loadPriority }
        VirtualMainDispatcher.original = try {
            other?.createDispatcher(allFactories)
        } catch (unavailable: Throwable) {
            // As kotlinx-coroutines does with a factory that fails: there is no other main dispatcher.
            null
        }
        return VirtualMainDispatcher
    }
}
