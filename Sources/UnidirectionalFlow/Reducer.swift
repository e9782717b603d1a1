// MARK: - Reducer

/// A pure function that evolves a feature's state in response to an action and describes, as plain
/// values, the effects to run next.
///
/// This is the `Reducer` of Point-Free's Composable Architecture (TCA) with one difference: effects are
/// values of the feature's own `Effect` type (usually an enum), not closures. The reducer returns them and
/// never runs them; a ``Store`` hands each one to an ``EffectRunner``. Because effects are data, a
/// language-neutral scenario can assert the exact effects a step produces: (state, action) → (state,
/// effects).
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> [CounterEffect] {
///     switch action {
///     case .increment: state += 1; return []
///     case .save: return [.persist(state)]
///     }
///   }
/// }
/// ```
///
/// - Important: `reduce(into:action:)` must be pure and synchronous: no I/O, no clocks, no randomness,
///   and no calls back into the store that runs it (the store applies actions under a lock).
public protocol Reducer<State, Action, Effect>: Sendable {
  /// The feature's state: the single source of truth a ``Store`` holds.
  associatedtype State: Sendable
  /// The events the feature reacts to: user input and the results of effects.
  associatedtype Action: Sendable
  /// The work the feature asks for, as plain values (for example an enum with one case per request).
  associatedtype Effect: Sendable

  /// Applies one action to the state and returns the effects to run, in order.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effects to run, in the order given; an empty array when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> [Effect]
}
