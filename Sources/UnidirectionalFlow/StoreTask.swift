// MARK: - StoreTask

/// A handle on the effects started by one ``Store/send(_:)``, and by the actions those effects sent back,
/// transitively: TCA's `StoreTask`.
///
/// ```swift
/// let task = store.send(.submit)
/// await task.finish()  // the sign-in request has answered and its response has been applied
/// ```
///
/// The handle keeps the store's machinery alive, but not the store: releasing the store still cancels
/// the effects, and ``finish()`` then waits for their tasks to stop.
public struct StoreTask: Sendable {
  let origin: Int
  let tracker: any EffectTracking

  // MARK: - Waiting

  /// Waits until every effect this send started (transitively) has ended.
  ///
  /// Cancelled effects count as ended once their runner returns; their results are dropped. If the
  /// calling task is cancelled, the effects are cancelled too (TCA's `StoreTask.finish()`), and this
  /// method returns without waiting for them to stop.
  public func finish() async {
    await tracker.waitForEffects(origin: origin, cancellingOnTaskCancellation: true)
  }

  // MARK: - Cancelling

  /// Cancels every in-flight effect this send started (transitively); their results are dropped.
  ///
  /// Effects started by other sends are unaffected. Calling it again, or after the effects ended, does
  /// nothing.
  public func cancel() {
    tracker.cancelEffects(origin: origin)
  }
}
