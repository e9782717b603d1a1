/// An `Encoder` that writes Swift's synthesized `Codable` form as a neutral ``JSONValue`` (the scenario format).
///
/// Rules, the mirror of ``BridgeDecoder``'s:
/// - an enum case (a keyed container whose only member was opened with `nestedContainer`) becomes
///   `{"type": neutralName, …fields}`, with `_N` keys named after the case's N-th declared field;
/// - `nil` optionals are written as an explicit `null` (a state is a closed object with every field present), so
///   `encodeIfPresent` never drops a key;
/// - integers are JSON integers, floating-point numbers JSON numbers.
///
/// Containers record into reference storage; ``finish(_:shape:owner:)`` turns it into a value once the type's
/// `encode(to:)` has returned.
final class BridgeEncoder: Encoder {
  /// What `encode(to:)` wrote, if anything.
  var storage: EncodedNode?
  /// The type being encoded, for messages.
  let owner: Any.Type

  init(owner: Any.Type) { self.owner = owner }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let object)? = storage { return KeyedEncodingContainer(BridgeKeyedEncoding<Key>(object: object)) }
    let object = ObjectStorage()
    object.owner = owner
    storage = .object(object)
    return KeyedEncodingContainer(BridgeKeyedEncoding<Key>(object: object))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array(let array)? = storage { return BridgeUnkeyedEncoding(array: array) }
    let array = ArrayStorage()
    storage = .array(array)
    return BridgeUnkeyedEncoding(array: array)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { BridgeSingleValueEncoding(encoder: self) }

  /// Encodes `value` and returns its neutral form.
  ///
  /// - Throws: ``BridgeError`` when an enum case has unlabelled associated values that no manifest names, or when
  ///   the value's own `encode(to:)` throws.
  static func encode<T: Encodable>(_ value: T, shape: CodingShape) throws -> JSONValue {
    if let scalar = try scalar(value) { return scalar }
    let encoder = BridgeEncoder(owner: T.self)
    try value.encode(to: encoder)
    return try finish(encoder.storage, shape: shape, owner: T.self)
  }

  /// The neutral form of a scalar, or `nil` when `value` is not one.
  ///
  /// Compares metatypes rather than casting: a failed dynamic cast costs a conformance lookup, and this runs for
  /// every nested value of every step.
  ///
  /// - Throws: ``BridgeError`` for NaN and the infinities, which JSON cannot write.
  static func scalar<T: Encodable>(_ value: T) throws -> JSONValue? {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Int.self { return .number(.integer(Int64(unsafeBitCast(value, to: Int.self)))) }
    if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self)) }
    return nil
  }

  /// A finite number as JSON.
  ///
  /// - Throws: ``BridgeError`` for NaN and ±infinity (RFC 8259 §6 has no form for them).
  static func number(_ double: Double) throws -> JSONValue {
    guard double.isFinite else {
      throw BridgeError(path: .root, message: "\(double) is not a JSON number (RFC 8259 §6 has no NaN or infinity)")
    }
    return .number(.double(double))
  }

  /// Runs `body`, putting `component` in front of the path of a ``BridgeError`` it throws.
  static func located<T>(_ component: JSONPath.Component, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as BridgeError {
      throw BridgeError(path: JSONPath([component]).appending(error.path), message: error.message)
    }
  }

  /// The error for an unlabelled associated value the bridge cannot name.
  static func unlabelled(_ owner: Any.Type, _ swiftName: String, count: Int?) -> BridgeError {
    let why =
      count.map {
        $0 > 1
          ? "the manifest declares \($0) fields, and JSON object members have no order (RFC 8259 §4)"
          : "the manifest declares no field for it"
      }
      ?? "no manifest names its field"
    return BridgeError(
      path: .root,
      message:
        "\(owner).\(swiftName) has an unlabelled associated value, but \(why); label each value with its field's name")
  }

  /// Turns recorded storage into a value, naming enum cases and positional fields after the shape.
  static func finish(_ node: EncodedNode?, shape: CodingShape, owner: Any.Type) throws -> JSONValue {
    switch node {
    case nil: return .object(JSONObject())
    case .value(let value)?: return value
    case .array(let array)?:
      let items = shape.field(key: .index(0))
      return .array(
        try array.elements.enumerated().map { index, element in
          try located(.index(index)) { try finish(element, shape: items, owner: owner) }
        })
    case .object(let object)?:
      let owner = object.owner ?? owner  // The type that wrote this object, for messages.
      if object.members.count == 1, let (swiftName, payload) = object.enumCase {
        return try finishCase(swiftName, payload: payload, shape: shape, owner: owner)
      }
      // Scalars were stored finished; only nested containers are finished here, in place.
      var members = object.takeMembers()
      for (index, nested) in object.nested {
        let key = members[index].key
        members[index].value = try located(.key(key)) { try finish(nested, shape: shape.field(key), owner: owner) }
      }
      return .object(JSONObject(unsortedMembers: members))
    }
  }

  private static func finishCase(_ swiftName: String, payload: ObjectStorage, shape: CodingShape, owner: Any.Type)
    throws -> JSONValue
  {
    var entry: UnionShape.Case?
    if case .union(let union) = shape {
      guard let known = union.bySwift(swiftName) else {
        throw BridgeError(
          path: .root,
          message: "\(owner).\(swiftName) is not a case of the manifest's \(union.name) (swift names: "
            + "\(union.cases.map(\.swift).joined(separator: ", ")))")
      }
      entry = known
    }
    var members: [(key: String, value: JSONValue)] = [("type", .string(entry?.neutral ?? swiftName))]
    members.reserveCapacity(payload.members.count + 1)
    for (position, (key, scalar)) in payload.members.enumerated() {
      var name = key
      if key.hasPrefix("_"), Int(key.dropFirst()) != nil {
        // Only a single field can be matched to an unlabelled value: a manifest's fields have no order.
        guard let entry, entry.fieldOrder.count == 1, payload.members.count == 1 else {
          throw unlabelled(owner, swiftName, count: entry?.fieldOrder.count)
        }
        name = entry.fieldOrder[0]
      }
      if let nested = payload.nested.first(where: { $0.index == position }) {
        let shape = entry?.fields[name] ?? .opaque
        members.append((name, try located(.key(name)) { try finish(nested.node, shape: shape, owner: owner) }))
      } else {
        members.append((name, scalar))
      }
    }
    return .object(JSONObject(unsortedMembers: members))
  }
}

/// One recorded value: finished, or a container still being filled.
enum EncodedNode {
  case value(JSONValue)
  case object(ObjectStorage)
  case array(ArrayStorage)
}

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

  /// The members, handed over without a copy (the storage is finished once).
  func takeMembers() -> [(key: String, value: JSONValue)] {
    defer { members = [] }
    return members
  }
}

/// An unkeyed container's elements.
final class ArrayStorage {
  var elements: [EncodedNode] = []
}

/// Encodes a nested value into a node, finishing scalars at once.
private func node<T: Encodable>(_ value: T) throws -> EncodedNode {
  if let scalar = try BridgeEncoder.scalar(value) { return .value(scalar) }
  let encoder = BridgeEncoder(owner: T.self)
  try value.encode(to: encoder)
  return encoder.storage ?? .object(ObjectStorage())
}

// MARK: - Containers

struct BridgeKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: ObjectStorage
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .value(.null)) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    do {
      object.set(key.stringValue, try node(value))
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

struct BridgeUnkeyedEncoding: UnkeyedEncodingContainer {
  let array: ArrayStorage
  var codingPath: [any CodingKey] { [] }
  var count: Int { array.elements.count }

  mutating func encodeNil() throws { array.elements.append(.value(.null)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    do {
      array.elements.append(try node(value))
    } catch let error as BridgeError {
      throw BridgeError(path: JSONPath([.index(array.elements.count)]).appending(error.path), message: error.message)
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    array.elements.append(.object(nested))
    return KeyedEncodingContainer(BridgeKeyedEncoding<NestedKey>(object: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    array.elements.append(.array(nested))
    return BridgeUnkeyedEncoding(array: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let encoder = BridgeEncoder(owner: Any.self)
    let nested = ObjectStorage()
    encoder.storage = .object(nested)
    array.elements.append(.object(nested))
    return encoder
  }
}

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
    encoder.storage = try node(value)
  }
}
