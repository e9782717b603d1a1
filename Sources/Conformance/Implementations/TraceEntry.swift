/// The state and effects an implementation reports after one action.
public struct TraceEntry: Sendable, Equatable {
  /// The full state after the action.
  public var state: JSONValue
  /// The effects the reducer returned for the action, in order (often empty).
  public var effects: [JSONValue]

  /// Creates an entry.
  public init(state: JSONValue, effects: [JSONValue]) {
    self.state = state
    self.effects = effects
  }
}
