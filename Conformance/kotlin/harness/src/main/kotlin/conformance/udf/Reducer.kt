package conformance.udf

/**
 * A pure function from the current state and one intent to the [Next] state and effects.
 *
 * Implementations must not read clocks, randomness or the network and must not run effects: the same
 * `(state, intent)` always gives the same [Next]. That is what lets the conformance harness replay a
 * scenario step by step and compare the result with another platform's reducer.
 *
 * ```kotlin
 * val next = CounterReducer.reduce(CounterState(count = 1), CounterIntent.Increment)
 * ```
 *
 * @param State the feature's state type, a `data class`.
 * @param Intent the feature's intent (action) type, a `sealed interface`.
 * @param Effect the feature's effect type, a `sealed interface`.
 */
public fun interface Reducer<State, in Intent, out Effect> {
    /**
     * Computes what [intent] does to [state].
     *
     * @param state the state before the intent.
     * @param intent the intent to apply.
     * @return the state after the intent and the effects it asks for, in order.
     */
    public fun reduce(state: State, intent: Intent): Next<State, Effect>
}
