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

  /// The request that runs `scenario` as `conformance run` does: its actions at the reducer level, its runtime steps
  /// (calls named by the file resolved to their step and position) at the runtime level.
  ///
  /// - Parameters:
  ///   - scenario: The scenario to run.
  ///   - resolved: The references of `respond` names no step declares, from ``ResponseResolution`` (runtime level).
  ///   - stepCount: How many steps to send from the start (all when `nil`); ``ResponseResolution`` runs a prefix.
  ///   - measuringTrace: Whether to bound the expected trace's size (``TraceSize``): only a harness needs it (its
  ///     reply limit), so an in-process run skips the walk.
  package init(
    running scenario: Scenario, resolving resolved: [String: CallReference] = [:], stepCount: Int? = nil,
    measuringTrace: Bool = true
  ) {
    let count = min(stepCount ?? scenario.steps.count, scenario.steps.count)
    let bytes = measuringTrace ? TraceSize.upperBound(of: scenario) : 0
    guard scenario.level == .runtime else {
      self.init(
        id: scenario.id, feature: scenario.feature, initialState: scenario.initialState,
        actions: scenario.steps.prefix(count).map(\.send), expectedTraceBytes: bytes)
      return
    }
    self.init(
      id: scenario.id, feature: scenario.feature, initialState: scenario.initialState,
      steps: Array(scenario.runtimeSteps(resolving: resolved).prefix(count)), expectedTraceBytes: bytes)
  }

  /// How many entries the reply's trace must have: one per action, or one per runtime step.
  package var stepCount: Int { level == .runtime ? steps.count : actions.count }
}
