/// One conformance scenario: an initial state and a list of steps, each an action sent and what must follow.
///
/// Loaded from one JSON file by ``ScenarioLoader`` (scenario format v1, Conformance/README.md). A scenario is already
/// validated against its feature manifest, so its actions, states and effects are well-formed.
public struct Scenario: Sendable {
  /// The stable id, kebab-case and unique across the corpus, e.g. `login-submit-valid-credentials`.
  public var id: String
  /// The feature (manifest name), e.g. `login`.
  public var feature: String
  /// What the scenario shows, citing the rule.
  public var description: String
  /// Free-form kebab-case tags for `--tag`.
  public var tags: [String]
  /// The file it was read from, as shown in reports.
  public var file: String
  /// The state before the first step: the scenario's `initialState` or the manifest's.
  public var initialState: JSONValue
  /// Whether every state field and every effect is checked (default `true`).
  public var exhaustive: Bool
  /// The steps, at least one.
  public var steps: [Step]
}

/// One step of a scenario: an action to send and the expected outcome.
public struct Step: Sendable {
  /// The action, e.g. `{"type": "submit"}`.
  public var send: JSONValue
  /// What the state must be after the action.
  public var state: StateExpectation
  /// The effects the reducer must return, in order; `nil` when the step gives none (exhaustive: none expected).
  public var effects: [JSONValue]?
  /// An optional note shown in failure reports.
  public var description: String?
}

/// What a step says about the state (scenario format §3.2).
public enum StateExpectation: Sendable {
  /// Neither `state` nor `changes`: the state must not change (exhaustive) or is not checked (non-exhaustive).
  case unchanged
  /// `state`: the full expected state.
  case full(JSONValue)
  /// `changes`: a partial state merged onto the previous expected state (``JSONValue/merging(_:)``).
  case changes(JSONValue)
}
