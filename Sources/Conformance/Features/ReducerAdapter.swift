import UnidirectionalFlow

/// Runs a scenario's actions through a Swift reducer, via its codec, and records the trace.
///
/// The reducer is called directly (never a store, never an effect runner): conformance checks the pure
/// (state, action) → (state, effects) table.
public struct ReducerAdapter<Codec: FeatureCodec>: FeatureAdapter {
  /// The codec for the reducer's types.
  public var codec: Codec
  /// The reducer under test.
  public var reducer: Codec.Feature
  /// The Swift state's initial value, encoded.
  public var initialState: JSONValue

  /// Creates an adapter.
  ///
  /// - Parameters:
  ///   - codec: Converts states, actions and effects.
  ///   - reducer: The reducer to run.
  ///   - initialState: The feature's initial state (reported in the harness `hello` reply).
  public init(codec: Codec, reducer: Codec.Feature, initialState: Codec.Feature.State) {
    self.codec = codec
    self.reducer = reducer
    self.initialState = codec.encodeState(initialState)
  }

  /// The feature's name.
  public var feature: String { codec.feature }

  /// Decodes the initial state, applies each action in order and records the state and effects after each.
  ///
  /// - Returns: `.trace` with one entry per action, or `.errored` at the first value the codec cannot decode
  ///   (step 0 for the initial state, else the 1-based step number) with the JSON path in the message.
  public func trace(initialState: JSONValue, actions: [JSONValue]) -> Observation {
    var state: Codec.Feature.State
    do {
      state = try codec.decodeState(initialState)
    } catch {
      return .errored(step: 0, message: "\(JSONPath([.key("initialState")]).appending(error.path)): \(error.message)")
    }
    var trace: [TraceEntry] = []
    trace.reserveCapacity(actions.count)
    for (index, json) in actions.enumerated() {
      let action: Codec.Feature.Action
      do {
        action = try codec.decodeAction(json)
      } catch {
        let path = JSONPath([.key("actions"), .index(index)]).appending(error.path)
        return .errored(step: index + 1, message: "\(path): \(error.message)")
      }
      let effects = reducer.reduce(into: &state, action: action)
      trace.append(TraceEntry(state: codec.encodeState(state), effects: effects.map(codec.encodeEffect)))
    }
    return .trace(trace)
  }
}
