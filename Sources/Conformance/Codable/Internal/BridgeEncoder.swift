import Foundation

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
  private(set) var owner: Any.Type
  /// The top-level object storage of the last value, emptied for the next one (see ``encode(_:shape:reusing:)``).
  private var spareObject: ObjectStorage?

  init(owner: Any.Type) { self.owner = owner }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let object)? = storage { return KeyedEncodingContainer(BridgeKeyedEncoding<Key>(object: object)) }
    let object = spareObject ?? ObjectStorage()
    spareObject = nil
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
  /// - Throws: ``BridgeError`` when a number is NaN or infinite, when an enum case has unlabelled associated values
  ///   that no manifest names or is not a case of the manifest's union, or when the value's own `encode(to:)`
  ///   throws.
  static func encode<T: Encodable>(_ value: T, shape: CodingShape) throws -> JSONValue {
    var encoder: BridgeEncoder?
    return try encode(value, shape: shape, reusing: &encoder)
  }

  /// Encodes `value` like ``encode(_:shape:)``, with `spare` (and its top-level object storage) when nothing kept
  /// them from the last call, else with new ones, which `spare` then holds. A trace encodes a state per step: this
  /// saves two of the allocations of each. An `encode(to:)` that keeps its encoder (or a container) gets one no
  /// later call touches.
  ///
  /// - Throws: as ``encode(_:shape:)``.
  static func encode<T: Encodable>(_ value: T, shape: CodingShape, reusing spare: inout BridgeEncoder?) throws
    -> JSONValue
  {
    if let scalar = try scalar(value) { return scalar }
    let encoder: BridgeEncoder
    if isKnownUniquelyReferenced(&spare), let reused = spare {
      encoder = reused
      encoder.owner = T.self
      encoder.storage = nil
    } else {
      encoder = BridgeEncoder(owner: T.self)
      spare = encoder
    }
    try value.encode(to: encoder)
    let result = try finish(encoder.storage, shape: shape, owner: T.self)
    encoder.recycle()
    return result
  }

  /// Empties ``storage``, keeping its top-level object for the next value when nothing else refers to it.
  private func recycle() {
    guard case .object(var object)? = storage else {
      storage = nil
      return
    }
    storage = nil
    if isKnownUniquelyReferenced(&object) {
      object.reset()
      spareObject = object
    }
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
    // One spelling per value (README §15), not synthesized `Codable`'s seconds since 2001 or upper-case UUID.
    if T.self == Date.self { return .string(NeutralFormats.text(of: unsafeBitCast(value, to: Date.self))) }
    if T.self == UUID.self { return .string(NeutralFormats.text(of: unsafeBitCast(value, to: UUID.self))) }
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
    var members: [(key: String, value: JSONValue)] = []
    members.reserveCapacity(payload.members.count + 1)  // Before the first member: no second allocation.
    members.append(("type", .string(entry?.neutral ?? swiftName)))
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

// MARK: - BridgeSingleValueEncoding

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
