// MARK: - EffectTracking

/// The part of a store's machinery a ``StoreTask`` needs, without the store's generic parameters.
protocol EffectTracking: AnyObject, Sendable {
  /// Waits until no effect from `origin` (or, when `nil`, no effect at all) is running.
  ///
  /// - Parameters:
  ///   - origin: The send whose effects to wait for; `nil` waits for every effect.
  ///   - cancellingOnTaskCancellation: Whether cancelling the waiting task also cancels the effects
  ///     from `origin`. Either way, the wait ends when the waiting task is cancelled.
  func waitForEffects(origin: Int?, cancellingOnTaskCancellation: Bool) async

  /// Cancels the in-flight effects from `origin`.
  func cancelEffects(origin: Int)
}
