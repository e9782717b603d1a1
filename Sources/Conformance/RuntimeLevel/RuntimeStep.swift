/// One step of a runtime-level scenario as sent to an implementation (scenario format v1.1 and v1.3, harness protocol
/// §2.5, §2.5.7).
///
/// JSON shapes (protocol form, with call names already translated into ``CallReference``s):
/// `{"send": action}`, `{"respond": {"call": {"step": s, "index": i}, "result": value}}`,
/// `{"respond": {"call": …, "error": {"message": s}}}`, `{"respond": {"call": …, "error": {"message": s, "cancellation":
/// true}}}`, `{"respond": {"call": …, "complete": true}}`, `{"advance": milliseconds}`, `{"clear": true}`,
/// `{"screen": "appear" | "disappear"}`, `{"emit": {"call": …, "value": element}}`. A reference may name step 0, the
/// calls started while the runtime was created (v1.3).
package enum RuntimeStep: Sendable, Equatable {
  /// Sends an action (intent) to the store or view model.
  case send(JSONValue)
  /// Completes a pending dependency call.
  case respond(CallReference, CallAnswer)
  /// Moves virtual time forward by this many milliseconds (0 … 86,400,000); timers that fall due run in order.
  case advance(milliseconds: Int64)
  /// Tears the owner down: `ViewModel.onCleared`, or the store cancelled and released.
  case clear
  /// The screen starts or stops observing the runtime (format v1.3, Conformance/README.md §16): a collector of the
  /// view model's state and events flows starts or is cancelled; the view's `.task {}` starts or is cancelled.
  case screen(ScreenTransition)
  /// Delivers one element to a pending stream call (a dependency that `emits`, format v1.3); the call stays pending.
  case emit(CallReference, JSONValue)
}

/// What a `screen` step does (format v1.3, Conformance/README.md §16). The screen is not showing when the runtime is
/// created.
///
/// JSON shape: the string `"appear"` or `"disappear"`.
package enum ScreenTransition: String, Sendable, Equatable, CaseIterable {
  /// The screen starts observing the runtime (Android: `collectAsStateWithLifecycle` reaching STARTED; SwiftUI: the
  /// view's `.task {}` starts) and listening to its one-off events.
  case appear
  /// That observation ends: the collection, or the view's task, is cancelled.
  case disappear
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
  /// A stream call (a dependency that `emits`, format v1.3) ends normally: its `Flow` completes, its
  /// `AsyncThrowingStream` finishes. JSON: `"complete": true`.
  case complete
}
