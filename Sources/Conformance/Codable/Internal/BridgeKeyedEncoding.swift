struct BridgeKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: ObjectStorage
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .value(.null)) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    do {
      object.set(key.stringValue, try EncodedNode.encoding(value))
    } catch let error as BridgeError {
      throw BridgeError(path: JSONPath([.key(key.stringValue)]).appending(error.path), message: error.message)
    }
  }

  // The common scalars without a dynamic cast: these run for every field of every state, once per step.
  mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .value(.string(value))) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .value(.bool(value))) }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    object.set(key.stringValue, .value(.number(.integer(Int64(value)))))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    do {
      object.set(key.stringValue, .value(try BridgeEncoder.number(value)))
    } catch let error as BridgeError {
      throw BridgeError(path: JSONPath([.key(key.stringValue)]), message: error.message)
    }
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }

  // The protocol's own defaults for these drop a nil; the bridge writes an explicit null instead.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    guard let value else { return object.set(key.stringValue, .value(.null)) }
    try encode(value, forKey: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    object.set(key.stringValue, .object(nested))
    object.enumCase = (key.stringValue, nested)
    return KeyedEncodingContainer(BridgeKeyedEncoding<NestedKey>(object: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    object.set(key.stringValue, .array(nested))
    return BridgeUnkeyedEncoding(array: nested)
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

  private func superEncoder(named name: String) -> any Encoder {
    let encoder = BridgeEncoder(owner: Any.self)
    let nested = ObjectStorage()
    encoder.storage = .object(nested)
    object.set(name, .object(nested))
    return encoder
  }
}
