/// What an implementation reports after one step: the state and effects after an action (reducer level), or the
/// state, the dependency calls started and the calls cancelled during the step (runtime level).
///
/// JSON shape: `{"state": {…}, "effects": […]}` at reducer level; `{"state": {…}, "calls": […], "cancelled": […]}` at
/// runtime level (harness protocol §2.2, §2.5).
public struct TraceEntry: Sendable, Equatable {
  /// The full state after the step.
  public var state: JSONValue
  /// The effects the reducer returned for the action, in order (often empty); always empty at runtime level.
  public var effects: [JSONValue]
  /// The dependency calls started during the step, in start order (runtime level only).
  public var calls: [DependencyCall]
  /// The calls cancelled during the step, in the order they were cancelled (runtime level only).
  public var cancelled: [CallReference]

  /// Creates a reducer-level entry.
  public init(state: JSONValue, effects: [JSONValue]) {
    self.state = state
    self.effects = effects
    self.calls = []
    self.cancelled = []
  }

  /// Creates a runtime-level entry.
  public init(state: JSONValue, calls: [DependencyCall], cancelled: [CallReference]) {
    self.state = state
    self.effects = []
    self.calls = calls
    self.cancelled = cancelled
  }
}
