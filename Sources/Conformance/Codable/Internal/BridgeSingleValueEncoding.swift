struct BridgeSingleValueEncoding: SingleValueEncodingContainer {
  let encoder: BridgeEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.storage = .value(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    if let scalar = try BridgeEncoder.scalar(value) {
      encoder.storage = .value(scalar)
      return
    }
    if let integer = value as? any FixedWidthInteger {
      guard let exact = Int64(exactly: integer) else {
        throw BridgeError(
          path: .root, message: "\(integer) does not fit a JSON integer of the scenario format (64-bit signed)")
      }
      encoder.storage = .value(.number(.integer(exact)))
      return
    }
    if let float = value as? Float {
      // The shortest decimal that reads back as this Float (0.1, not 0.10000000149011612), as kotlinx writes it.
      encoder.storage = .value(try BridgeEncoder.number(Double("\(float)") ?? Double(float)))
      return
    }
    encoder.storage = try EncodedNode.encoding(value)
  }
}
