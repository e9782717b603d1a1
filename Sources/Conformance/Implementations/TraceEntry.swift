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
