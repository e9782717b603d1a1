// MARK: - EffectRunner

/// Performs effects, the plain values a ``Reducer`` returns, and turns their outcomes into actions.
///
/// This is where a feature's side effects live: network calls, storage, clocks. A ``Store`` runs each
/// effect once, on its own task, through ``StreamingEffectRunner/run(_:send:)``, whose default calls
/// ``run(_:)`` and sends the returned actions back into the reducer, in order, as one batch. It plays the
/// role of the closure inside TCA's `Effect.run { send in … }` for effects that answer once, with the
/// dependencies it uses injected into the runner instead of resolved from a global. An effect that sends
/// many actions over time (a timer) needs a ``StreamingEffectRunner`` instead.
///
/// ```swift
/// struct CounterEffectRunner: EffectRunner {
///   let storage: any CounterStorage
///   func run(_ effect: CounterEffect) async throws -> [CounterAction] {
///     switch effect {
///     case .persist(let value):
///       try await storage.save(value)
///       return [.saved]
///     }
///   }
/// }
/// ```
///
/// - Important: Map failures a user should see into actions (as `LoginEffectRunner` maps a failed
///   sign-in to `.loginResponse(.failure(message:))`). An error thrown out of ``run(_:)`` ends the effect
///   without sending anything, which is right for `CancellationError` and wrong for everything else
///   (TCA reports such errors as "An 'Effect.run' … threw an unhandled error").
public protocol EffectRunner<Effect, Action>: StreamingEffectRunner {
  // Restated so that a conforming type's `Effect` and `Action` are still inferred from `run(_:)` alone.
  /// The effect values this runner performs.
  associatedtype Effect
  /// The actions this runner produces.
  associatedtype Action

  /// Performs one effect and returns the actions to send back to the store.
  ///
  /// Runs on a task of its own; the store cancels that task when the effect is cancelled (by id, by
  /// ``Store/cancel()`` or by releasing the store), so long waits should honour cancellation
  /// (`Task.sleep`, `withTaskCancellationHandler`). Whatever a cancelled effect returns is dropped.
  ///
  /// - Parameter effect: The effect to perform. Never a cancel command (see ``EffectIdentifying``).
  /// - Returns: Zero or more actions, sent to the store in order, one at a time.
  /// - Throws: Any error, typically `CancellationError`; the store then sends nothing for this effect.
  func run(_ effect: Effect) async throws -> [Action]
}

// MARK: - StreamingEffectRunner

extension EffectRunner {
  /// Runs ``run(_:)`` and sends the actions it returns, in order, as one batch: no other action is applied between
  /// them. Sends nothing when ``run(_:)`` throws, or when the effect was cancelled before it returned.
  ///
  /// - Parameters:
  ///   - effect: The effect to perform.
  ///   - send: Applies the returned actions in the store.
  /// - Throws: Whatever ``run(_:)`` throws.
  public func run(_ effect: Effect, send: Send<Action>) async throws {
    send(contentsOf: try await run(effect))
  }
}
