/// One step of a scenario: an action to send and the expected outcome.
package struct Step: Sendable {
  /// The action, e.g. `{"type": "submit"}`.
  package var send: JSONValue
  /// What the state must be after the action.
  package var state: StateExpectation
  /// The effects the reducer must return, in order; `nil` when the step gives none (exhaustive: none expected).
  package var effects: [JSONValue]?
  /// An optional note shown in failure reports.
  package var description: String?
}
