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

// MARK: - EncodedNode

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

// MARK: - ArrayStorage

/// An unkeyed container's elements.
final class ArrayStorage {
  var elements: [EncodedNode] = []
}

// MARK: - ObjectStorage

/// A keyed container's members, in the order written: scalars finished at once, nested containers finished later.
final class ObjectStorage {
  /// Every member; a nested container's slot holds `null` until the object is finished.
  private(set) var members: [(key: String, value: JSONValue)] = []
  /// The nested containers, by their index in ``members``.
  private(set) var nested: [(index: Int, node: EncodedNode)] = []
  /// Set when the only member was opened with `nestedContainer(keyedBy:forKey:)`: an enum case and its payload.
  var enumCase: (String, ObjectStorage)?
  /// The type whose `encode(to:)` opened this container, for messages (`nil` for a case's payload).
  var owner: Any.Type?

  init() { members.reserveCapacity(8) }

  /// Records a member. Synthesized code writes each key once; were one written twice, the last would win when the
  /// object is finished.
  func set(_ key: String, _ value: EncodedNode) {
    if case .value(let scalar) = value {
      members.append((key, scalar))
    } else {
      nested.append((members.count, value))
      members.append((key, .null))
    }
  }

  /// Empties the storage for another value. An object's members were handed over by ``takeMembers()``; an enum
  /// case's placeholder member was not, and its buffer is kept.
  func reset() {
    members.removeAll(keepingCapacity: true)
    members.reserveCapacity(8)
    nested.removeAll(keepingCapacity: true)
    enumCase = nil
    owner = nil
  }

  /// The members, handed over without a copy (each value the storage holds is finished once).
  func takeMembers() -> [(key: String, value: JSONValue)] {
    defer { members = [] }
    return members
  }
}
