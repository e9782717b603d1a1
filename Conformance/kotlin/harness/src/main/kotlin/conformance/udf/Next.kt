package conformance.udf

/**
 * What a reducer returns for one intent: the next state and the effects to run, in order.
 *
 * Effects are plain values: the reducer describes them and never runs them, so a scenario can compare
 * them exactly (on the wire, a list of `{"type": <case>, …fields}` objects, possibly empty).
 *
 * ```kotlin
 * Next(state.copy(count = state.count + 1), listOf(CounterEffect.LimitReached(limit)))
 * ```
 *
 * @param State the feature's state type, a `data class`.
 * @param Effect the feature's effect type, a `sealed interface`.
 * @property state the full state after the intent.
 * @property effects the effects to run, in order; empty when the intent has none.
 */
public data class Next<out State, out Effect>(
    public val state: State,
    public val effects: List<Effect> = emptyList(),
)
