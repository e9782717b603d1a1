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

// MARK: - TraceEntry

/// What an implementation reports after one step: the state and effects after an action (reducer level), or the
/// state, the dependency calls started and the calls cancelled during the step (runtime level).
///
/// JSON shape: `{"state": {…}, "effects": […]}` at reducer level; `{"state": {…}, "calls": […], "cancelled": […],
/// "received"?: […], "inFlight"?: […], "events"?: […]}` at runtime level (harness protocol §2.2, §2.5; `received` and
/// `inFlight` are format v1.2, `events` v1.3, each given by an implementation that reports it, §2.5.6, §2.5.7).
public struct TraceEntry: Sendable, Equatable {
  /// The full state after the step.
  public var state: JSONValue
  /// The effects the reducer returned for the action, in order (often empty); always empty at runtime level.
  public var effects: [JSONValue]
  /// The dependency calls started during the step, in start order (runtime level only).
  public var calls: [DependencyCall]
  /// The calls cancelled during the step, in the order they were cancelled (runtime level only).
  public var cancelled: [CallReference]
  /// The actions the runtime's effects sent back during the step, in the order applied (runtime level); `nil` when
  /// the implementation does not report them (a view model without actions for results).
  public var received: [JSONValue]?
  /// The effects running, not cancelled, once the step has settled, each `{"type": name, "id": cancellationID or
  /// null}` (runtime level); `nil` when the implementation does not report them.
  public var inFlight: [JSONValue]?
  /// The one-off events the screen received during the step, in order, each `{"type": name, ...fields}` of the
  /// manifest's `events` (runtime level, format v1.3); `nil` when the implementation does not report them.
  public var events: [JSONValue]?

  /// Creates a reducer-level entry.
  public init(state: JSONValue, effects: [JSONValue]) {
    self.state = state
    self.effects = effects
    self.calls = []
    self.cancelled = []
  }

  /// Creates a runtime-level entry.
  ///
  /// - Parameters:
  ///   - received: The actions effects sent back during the step; `nil` when not reported.
  ///   - inFlight: The effects in flight after the step; `nil` when not reported.
  ///   - events: The one-off events the screen received during the step; `nil` when not reported.
  public init(
    state: JSONValue, calls: [DependencyCall], cancelled: [CallReference], received: [JSONValue]? = nil,
    inFlight: [JSONValue]? = nil, events: [JSONValue]? = nil
  ) {
    self.state = state
    self.effects = []
    self.calls = calls
    self.cancelled = cancelled
    self.received = received
    self.inFlight = inFlight
    self.events = events
  }
}
