/// One step of a scenario: an action to send (or, at runtime level, a call to answer, time to advance or the owner
/// to clear) and the expected outcome.
package struct Step: Sendable {
  /// The action, e.g. `{"type": "submit"}`; at runtime level, the step as written without `expect`
  /// (``RuntimeExpectation/stepValue``) for steps that send nothing.
  package var send: JSONValue
  /// What the state must be after the action.
  package var state: StateExpectation
  /// The effects the reducer must return, in order; `nil` when the step gives none (exhaustive: none expected).
  package var effects: [JSONValue]?
  /// An optional note shown in failure reports.
  package var description: String?
  /// At runtime level: what the step does and the calls it must start and cancel; `nil` at reducer level.
  package var runtime: RuntimeExpectation? = nil

  /// Creates a step.
  package init(
    send: JSONValue, state: StateExpectation, effects: [JSONValue]?, description: String? = nil,
    runtime: RuntimeExpectation? = nil
  ) {
    self.send = send
    self.state = state
    self.effects = effects
    self.description = description
    self.runtime = runtime
  }

  /// How the step reads in reports: `send submit`, `advance 1`, … at runtime level; `nil` at reducer level, whose
  /// reports show the whole action.
  package var title: String? { runtime?.title }
}
