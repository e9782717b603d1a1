package conformance.lifecycle

import java.util.concurrent.atomic.AtomicBoolean
import kotlin.coroutines.CoroutineContext
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel

/**
 * A screen's state holder that outlives configuration changes, standing in for
 * `androidx.lifecycle.ViewModel` so the Android-style code runs on a plain JVM.
 *
 * It keeps the androidx contract: [viewModelScope] is cancelled when the owner calls [clear], and
 * [onCleared] runs once, after that cancellation. Unlike androidx (whose scope uses
 * `Dispatchers.Main.immediate`), the scope's context is injected, so tests can pass a dispatcher
 * they control.
 *
 * ```kotlin
 * class CounterViewModel(dispatcher: CoroutineDispatcher) : ViewModel(dispatcher) {
 *     override fun onCleared() { /* release resources */ }
 * }
 * ```
 *
 * @param coroutineContext the context of [viewModelScope], typically a dispatcher; a [SupervisorJob]
 *   is added so one failed child does not cancel the others.
 */
public abstract class ViewModel(coroutineContext: CoroutineContext = Dispatchers.Default) {
    private val cleared = AtomicBoolean(false)

    /**
     * The scope for work that must stop when the view model is cleared (effects, collectors).
     *
     * Cancelled by [clear]; coroutines launched after that are cancelled at once.
     */
    public val viewModelScope: CoroutineScope = CoroutineScope(SupervisorJob() + coroutineContext)

    /** Whether [clear] has been called. */
    public val isCleared: Boolean
        get() = cleared.get()

    /**
     * Called once when the owner clears this view model, after [viewModelScope] was cancelled.
     *
     * Override it to release what the view model holds. The default does nothing.
     */
    protected open fun onCleared() {}

    /**
     * Clears this view model: cancels [viewModelScope], then calls [onCleared].
     *
     * The owner (in androidx, the `ViewModelStore`) calls it when the screen goes away for good.
     * Calling it again does nothing.
     */
    public fun clear() {
        if (!cleared.compareAndSet(false, true)) return
        viewModelScope.cancel()
        onCleared()
    }
}
