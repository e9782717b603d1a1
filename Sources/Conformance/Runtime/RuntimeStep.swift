/// One step of a runtime-level scenario as sent to an implementation (scenario format v1.1, harness protocol §2.5).
///
/// JSON shapes (protocol form, with call names already translated into ``CallReference``s):
/// `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
/// `{"respond": {"call": …, "error": {"message": s}}}`, `{"advance": milliseconds}`, `{"clear": true}`.
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

/// How a `respond` step completes a call: with a value of the dependency's result type, or by throwing an ordinary
/// error whose message is given.
package enum CallAnswer: Sendable, Equatable {
  /// The call returns this value (the dependency's `result` shape from the manifest).
  case result(JSONValue)
  /// The call throws an error with this message (not a cancellation).
  case error(message: String)
}
