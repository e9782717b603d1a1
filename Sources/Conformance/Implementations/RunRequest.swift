/// One scenario as sent to an implementation (the `run` request of harness protocol §2).
package struct RunRequest: Sendable {
  /// The scenario's id.
  package var id: String
  /// The feature name, e.g. `login`.
  package var feature: String
  /// The state to start from.
  package var initialState: JSONValue
  /// The actions to send, in order (each step's `send`).
  package var actions: [JSONValue]
  /// An upper bound of the size in bytes of the trace the scenario expects, in compact JSON (``TraceSize``); 0 when
  /// unknown. A harness's reply may be 6 times as long, so a correct harness is never over the reply limit (harness
  /// protocol §3.4).
  package var expectedTraceBytes: Int = 0
  /// The scenario's level; `.reducer` requests carry ``actions``, `.runtime` requests carry ``steps``.
  package var level: ScenarioLevel = .reducer
  /// The runtime steps, with call names translated into ``CallReference``s (empty at reducer level).
  package var steps: [RuntimeStep] = []
}

extension RunRequest {
  /// Creates a runtime-level request (scenario format v1.1): the steps, with call names already translated.
  package init(id: String, feature: String, initialState: JSONValue, steps: [RuntimeStep], expectedTraceBytes: Int = 0)
  {
    self.id = id
    self.feature = feature
    self.initialState = initialState
    self.actions = []
    self.expectedTraceBytes = expectedTraceBytes
    self.level = .runtime
    self.steps = steps
  }

  /// How many entries the reply's trace must have: one per action, or one per runtime step.
  package var stepCount: Int { level == .runtime ? steps.count : actions.count }
}
