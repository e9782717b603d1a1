/// One conformance scenario: an initial state and a list of steps, each an action sent and what must follow.
///
/// Loaded from one JSON file by ``ScenarioLoader`` (scenario format v1, Conformance/README.md). A scenario is already
/// validated against its feature manifest, so its actions, states and effects are well-formed.
package struct Scenario: Sendable {
  /// The stable id, kebab-case and unique across the corpus, e.g. `login-submit-valid-credentials`.
  package var id: String
  /// The feature (manifest name), e.g. `login`.
  package var feature: String
  /// What the scenario shows, citing the rule.
  package var description: String
  /// Free-form kebab-case tags for `--tag`.
  package var tags: [String]
  /// The file it was read from, as shown in reports.
  package var file: String
  /// The state before the first step: the scenario's `initialState` or the manifest's.
  package var initialState: JSONValue
  /// Whether every state field and every effect is checked (default `true`).
  package var exhaustive: Bool
  /// The steps, at least one.
  package var steps: [Step]
}

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

/// What a step says about the state (scenario format §3.2).
package enum StateExpectation: Sendable {
  /// Neither `state` nor `changes`: the state must not change (exhaustive) or is not checked (non-exhaustive).
  case unchanged
  /// `state`: the full expected state.
  case full(JSONValue)
  /// `changes`: a partial state merged onto the previous expected state (``JSONValue/merging(_:)``).
  case changes(JSONValue)
}
