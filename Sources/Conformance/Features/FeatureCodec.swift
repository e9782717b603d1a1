import UnidirectionalFlow

/// Converts one feature's Swift state, actions and effects to and from their JSON form (the feature manifest's
/// shapes), so the in-process Swift implementation can run scenarios through the real reducer.
///
/// To put a Swift feature whose types are not `Codable` under conformance, or one whose suite needs more speed than the
/// Codable bridge gives, write a codec for it and register a ``ReducerAdapter`` of it, as a ``CodableFeature`` is
/// registered (`Sources/Examples/HandwrittenLoginCodec` is login's):
///
/// ```swift
/// ConformanceCommand.main(swift: [ReducerAdapter(codec: LoginCodec(), reducer: LoginReducer(), initialState: .init())])
/// ```
public protocol FeatureCodec: Sendable {
  /// The reducer whose types this codec converts.
  associatedtype Feature: Reducer

  /// The feature's name, as in its manifest, e.g. `login`.
  var feature: String { get }

  /// Decodes a full state.
  ///
  /// - Throws: ``CodecError`` naming the JSON path of the first problem.
  func decodeState(_ value: JSONValue) throws(CodecError) -> Feature.State

  /// Encodes a full state, every field present (optionals as explicit `null`).
  func encodeState(_ state: Feature.State) -> JSONValue

  /// Decodes an action `{"type": …, …}`.
  ///
  /// - Throws: ``CodecError`` naming the JSON path of the first problem.
  func decodeAction(_ value: JSONValue) throws(CodecError) -> Feature.Action

  /// Encodes an effect as `{"type": …, …}`.
  func encodeEffect(_ effect: Feature.Effect) -> JSONValue
}
