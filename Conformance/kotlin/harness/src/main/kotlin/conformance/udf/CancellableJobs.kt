package conformance.udf

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch

/**
 * A view model's effects in flight, by cancellation id: the Kotlin side of the Swift store's `EffectIdentifying`
 * (`cancellationID`, `cancelsInFlight`, `cancelledID`) and of TCA's `cancellable(id:cancelInFlight:)` /
 * `Effect.cancel(id:)`, so that a view model cancels its work by id without keeping a `Job` field per effect.
 *
 * - [keep] launches a job under an id beside any job already under it (TCA's default: both run).
 * - [replace] cancels every job under the id first (cancel in flight: a new search replaces the previous one, a timer
 *   must not run twice).
 * - [cancel] cancels every job under an id (the `cancel` effect); [cancelAll] cancels them all.
 *
 * ```kotlin
 * private val jobs = CancellableJobs(viewModelScope)
 *
 * private fun perform(effect: TimerEffect) = when (effect) {
 *     TimerEffect.RunTimer -> jobs.replace(TimerEffect.RunTimer.CANCELLATION_ID) { ticks().collect { onIntent(TimerIntent.Tick) } }
 *     is TimerEffect.Cancel -> jobs.cancel(effect.id)
 * }
 * ```
 *
 * A job leaves its id when it completes, however it ends. The replaced or cancelled job is cancelled synchronously,
 * before [replace] or [cancel] returns, so on a single-threaded dispatcher no code of it runs afterwards; its
 * `finally` blocks still run when it is next resumed. Jobs run in [scope], so cancelling the scope (the view model
 * cleared) cancels them all too. Safe to call from any thread.
 *
 * @param scope where the jobs are launched, usually `viewModelScope`.
 */
public class CancellableJobs(private val scope: CoroutineScope) {
    /** Live jobs by id, oldest first; guarded by its own monitor. */
    private val byId = HashMap<String, MutableList<Job>>()

    /** Every live job's effect name and id, in start order, for [inFlight]; guarded by [byId]'s monitor. */
    private val started = LinkedHashMap<Job, Pair<String, String>>()

    /**
     * Launches [block] under [id], beside any job already running under it (TCA's default).
     *
     * @param id the cancellation id, e.g. `"search"`.
     * @param effect the effect's name as the manifest spells it (its wire `type`), for [inFlight].
     * @param block the effect's work.
     * @return the job, already started.
     */
    public fun keep(id: String, effect: String, block: suspend CoroutineScope.() -> Unit): Job =
        launch(id, effect, replacing = false, block)

    /**
     * [keep] with the id as the effect's name, for a view model whose ids are its effects' names.
     *
     * @param id the cancellation id, also the name [inFlight] reports.
     * @param block the effect's work.
     * @return the job, already started.
     */
    public fun keep(id: String, block: suspend CoroutineScope.() -> Unit): Job = keep(id, id, block)

    /**
     * Cancels every job under [id], then launches [block] under it (cancel in flight, TCA's
     * `cancellable(id:cancelInFlight: true)`).
     *
     * @param id the cancellation id, e.g. `"timer"`.
     * @param effect the effect's name as the manifest spells it (its wire `type`), for [inFlight].
     * @param block the effect's work.
     * @return the job, already started.
     */
    public fun replace(id: String, effect: String, block: suspend CoroutineScope.() -> Unit): Job =
        launch(id, effect, replacing = true, block)

    /**
     * [replace] with the id as the effect's name, for a view model whose ids are its effects' names.
     *
     * @param id the cancellation id, also the name [inFlight] reports.
     * @param block the effect's work.
     * @return the job, already started.
     */
    public fun replace(id: String, block: suspend CoroutineScope.() -> Unit): Job = replace(id, id, block)

    /**
     * Cancels every job under [id] (the `cancel` effect); a no-op when none runs.
     *
     * @param id the cancellation id.
     */
    public fun cancel(id: String) {
        val jobs = synchronized(byId) { byId.remove(id).orEmpty().onEach { started.remove(it) } }
        jobs.forEach { it.cancel() }
    }

    /** Cancels every job under every id, e.g. from `onCleared`. */
    public fun cancelAll() {
        val jobs = synchronized(byId) { byId.values.flatten().also { byId.clear(); started.clear() } }
        jobs.forEach { it.cancel() }
    }

    /**
     * The number of jobs running under [id].
     *
     * @param id the cancellation id.
     * @return 0 when none runs.
     */
    public fun count(id: String): Int = synchronized(byId) { byId[id]?.size ?: 0 }

    /**
     * The effects running and not cancelled, in start order, each as its effect name and cancellation id: what a
     * runtime scenario's end-of-scenario check reports as still in flight (Conformance/README.md §14).
     */
    public fun inFlight(): List<Pair<String, String>> = synchronized(byId) { started.values.toList() }

    private fun launch(id: String, effect: String, replacing: Boolean, block: suspend CoroutineScope.() -> Unit): Job {
        val job = scope.launch(start = CoroutineStart.LAZY, block = block)
        val replaced = synchronized(byId) {
            val list = byId.getOrPut(id) { mutableListOf() }
            val old = if (replacing) list.toList().also { list.clear() } else emptyList()
            old.forEach { started.remove(it) }
            list.add(job)
            started[job] = effect to id
            old
        }
        replaced.forEach { it.cancel() }
        job.invokeOnCompletion {
            synchronized(byId) {
                started.remove(job)
                val list = byId[id] ?: return@synchronized
                list.remove(job)
                if (list.isEmpty()) byId.remove(id)
            }
        }
        job.start()
        return job
    }
}
