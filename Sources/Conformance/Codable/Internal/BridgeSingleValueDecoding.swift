/// A single value: a scalar, `null`, or a `RawRepresentable` enum's raw value.
struct BridgeSingleValueDecoding: SingleValueDecodingContainer {
  let decoder: BridgeDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    if case .null = decoder.value { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodeScalar(type, from: decoder.value, at: nil)
  }
}
