/// A feature that the in-process Swift implementation can run: a reducer together with the way its state, actions
/// and effects become the neutral JSON form of the scenario format (Conformance/README.md).
///
/// Two adapters ship with the library: ``CodableFeature``, for reducers whose types use Swift's synthesized
/// `Codable` (no hand-written code), and ``ReducerAdapter``, which takes a hand-written ``FeatureCodec`` (the
/// escape hatch for types that are not `Codable`). A team registers its adapters with the `conformance` command:
///
/// ```swift
/// ConformanceCommand.main(swift: [CodableFeature("counter", reducer: CounterReducer(), initialState: .init())])
/// ```
public protocol FeatureAdapter: Sendable {
  /// The feature's name, as in its manifest (`Conformance/features/<feature>.json`), e.g. `login`.
  var feature: String { get }

  /// The feature's initial state in the neutral form, reported in the `hello` reply and compared with the manifest's
  /// `initialState` before any scenario of the feature runs.
  var initialState: JSONValue { get }

  /// Runs `actions` from `initialState` through the reducer and reports the trace.
  ///
  /// - Parameters:
  ///   - initialState: The scenario's initial state, in the neutral form.
  ///   - actions: The scenario's actions, in the neutral form `{"type": name, …fields}`.
  /// - Returns: `.trace` with one entry per action, or `.errored` at the first value that cannot be converted
  ///   (step 0 for the initial state, else the 1-based step) with its JSON path in the message.
  func trace(initialState: JSONValue, actions: [JSONValue]) -> Observation
}
