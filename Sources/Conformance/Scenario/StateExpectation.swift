/// What a step says about the state (scenario format §3.2).
package enum StateExpectation: Sendable {
  /// Neither `state` nor `changes`: the state must not change (exhaustive) or is not checked (non-exhaustive).
  case unchanged
  /// `state`: the full expected state.
  case full(JSONValue)
  /// `changes`: a partial state merged onto the previous expected state (``JSONValue/merging(_:)``).
  case changes(JSONValue)

  /// The value the step gave, `state` or `changes`; `nil` when it gave neither.
  var given: JSONValue? {
    switch self {
    case .unchanged: return nil
    case .full(let value), .changes(let value): return value
    }
  }
}
