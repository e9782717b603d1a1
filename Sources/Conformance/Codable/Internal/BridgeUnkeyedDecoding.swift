/// An array read element by element.
struct BridgeUnkeyedDecoding: UnkeyedDecodingContainer {
  let decoder: BridgeDecoder
  let elements: [JSONValue]
  var currentIndex = 0

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private func next() throws -> JSONValue {
    guard currentIndex < elements.count else {
      throw BridgeError(path: decoder.path, message: "expected more than \(elements.count) elements")
    }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard case .null = try next() else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try next()
    let decoded = try decoder.decodeScalar(type, from: value, at: .index(currentIndex))
    currentIndex += 1
    return decoded
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try nextChild().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try nextChild().unkeyedContainer() }

  mutating func superDecoder() throws -> any Decoder { try nextChild() }

  /// The decoder of the next element, which it consumes.
  private mutating func nextChild() throws -> BridgeDecoder {
    let child = decoder.child(
      try next(), shape: decoder.shape.field(key: .index(currentIndex)), owner: decoder.owner,
      at: .index(currentIndex))
    currentIndex += 1
    return child
  }
}
