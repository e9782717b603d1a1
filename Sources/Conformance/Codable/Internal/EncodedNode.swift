/// One recorded value: finished, or a container still being filled.
enum EncodedNode {
  case value(JSONValue)
  case object(ObjectStorage)
  case array(ArrayStorage)

  /// Encodes a nested value into a node, finishing scalars at once.
  static func encoding<T: Encodable>(_ value: T) throws -> EncodedNode {
    if let scalar = try BridgeEncoder.scalar(value) { return .value(scalar) }
    let encoder = BridgeEncoder(owner: T.self)
    try value.encode(to: encoder)
    return encoder.storage ?? .object(ObjectStorage())
  }
}
