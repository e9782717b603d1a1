/// One step of a runtime-level scenario as sent to an implementation (scenario format v1.1, harness protocol §2.5).
///
/// JSON shapes (protocol form, with call names already translated into ``CallReference``s):
/// `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
/// `{"respond": {"call": …, "error": {"message": s}}}`, `{"respond": {"call": …, "error": {"message": s, "cancellation":
/// true}}}`, `{"advance": milliseconds}`, `{"clear": true}`.
package enum RuntimeStep: Sendable, Equatable {
  /// Sends an action (intent) to the store or view model.
  case send(JSONValue)
  /// Completes a pending dependency call.
  case respond(CallReference, CallAnswer)
  /// Moves virtual time forward by this many milliseconds (0 … 86,400,000); timers that fall due run in order.
  case advance(milliseconds: Int64)
  /// Tears the owner down: `ViewModel.onCleared`, or the store cancelled and released.
  case clear
}

/// How a `respond` step completes a call: with a value of the dependency's result type, by throwing an ordinary
/// error whose message is given, or by throwing the platform's cancellation error although the caller was not
/// cancelled (`"cancellation": true`, a client that gave up on its own; login.md LR2).
package enum CallAnswer: Sendable, Equatable {
  /// The call returns this value (the dependency's `result` shape from the manifest).
  case result(JSONValue)
  /// The call throws an error with this message (not a cancellation).
  case error(message: String)
  /// The call throws the platform's cancellation error (Swift `CancellationError`, which carries no message; Kotlin
  /// a `CancellationException` with this message) while the calling task is not cancelled: the client's own
  /// cancellation, e.g. a `withTimeout` inside it. The call is answered, not cancelled: no step records it in
  /// `cancelled`.
  case cancellation(message: String)
}
