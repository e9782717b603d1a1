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
