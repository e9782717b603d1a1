import Foundation

/// An object read as a struct, an enum (a union's `{type: …}`), or an enum case's payload.
struct BridgeKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: BridgeDecoder
  let object: JSONObject
  /// When this container is a union case's payload: the case (or an opaque stand-in), whose fields it reads.
  let payload: UnionShape.Case?
  /// Whether this object is read as an enum value (`{"type": …}`): the shape says it is a union, or (with no
  /// manifest) it has a string `type`.
  private let isUnionValue: Bool
  /// For an enum value: the Swift case name, resolved once (`nil` when `type` is missing or unknown).
  private let caseName: String?
  /// For an enum value: the manifest's case, resolved with ``caseName`` (`nil` with no manifest).
  private let caseEntry: UnionShape.Case?

  init(decoder: BridgeDecoder, object: JSONObject, payload: UnionShape.Case?) {
    self.decoder = decoder
    self.object = object
    self.payload = payload
    // Resolved by the decoder, outside this generic type: code here that touches a value of a type built from `Key`
    // (an array of keys, an optional key) pays a generic metadata look-up per container.
    let resolved = payload == nil ? decoder.unionCase(of: object) : .notUnion
    isUnionValue = resolved.isUnionValue
    caseName = resolved.swiftName
    caseEntry = resolved.entry
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// The union this object is a value of, when it is one: declared by the shape, or (with no manifest) any object
  /// with a string `type` read as an enum.
  private var union: UnionShape? {
    if case .union(let union) = decoder.shape { return union }
    return nil
  }

  var allKeys: [Key] {
    if isUnionValue {
      guard let name = caseName else { return [] }
      if let key = Key(stringValue: name) { return [key] }
      // The manifest (or, with none, the JSON) names a case the Swift type does not have.
      if decoder.context.pending == nil {
        let neutral = object["type"]?.stringValue ?? name
        decoder.context.pending = BridgeError(
          path: JSONPath(decoder.path.components + [.key("type")]),
          message:
            "\(decoder.owner) has no case '\(name)' for the \(union?.name == "action" ? "action" : "case") '\(neutral)'; "
            + "rename the Swift case, or give its name in the manifest (\"swift\": \"…\")")
      }
      return []
    }
    return object.keys.compactMap { Key(stringValue: $0) }
  }

  /// The neutral member name for a Swift key: labels as they are; `_0`, a case's single unlabelled value, the case's
  /// only field. Several unlabelled values cannot be matched: a manifest's fields have no order (RFC 8259 §4).
  private func member(_ key: Key) -> String {
    let name = key.stringValue
    guard let payload, name == "_0", object[name] == nil else { return name }
    if payload.fieldOrder.count == 1 { return payload.fieldOrder[0] }
    let fields = object.keys.filter { $0 != "type" }
    return payload.fieldOrder.isEmpty && fields.count == 1 ? fields[0] : name
  }

  private func shape(of name: String) -> CodingShape {
    if let payload { return payload.fields[name] ?? .opaque }
    return decoder.shape.field(name)
  }

  func contains(_ key: Key) -> Bool {
    if isUnionValue { return caseName == key.stringValue }
    return object[member(key)] != nil
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let value = object[member(key)] else { throw missing(key) }
    if case .null = value { return true }
    return false
  }

  /// A key the manifest does not declare for this object (a struct's fields, or a union case's `type` and fields),
  /// as an error; `nil` when every key is declared or no manifest describes the object. Synthesized `Decodable`
  /// ignores extra keys, but kotlinx-serialization rejects them, so without this check one input would pass on Swift
  /// and fail on Kotlin.
  ///
  /// Keys match by exact Unicode scalars, as the scenario validator and kotlinx-serialization match them (a key that
  /// is only canonically equivalent to a field is unknown).
  func unknownKey() -> BridgeError? {
    var unknown: String?
    if let payload {
      guard case .union = decoder.shape else { return nil }
      // A case has a handful of fields: a scan beats hashing every key (this runs for every action of every step).
      for member in object.members
      where !ScalarOrder.equal(member.key, "type")
        && !payload.fieldOrder.contains(where: { ScalarOrder.equal($0, member.key) })
      {
        unknown = member.key
        break
      }
    } else if !isUnionValue, case .object(let fields) = decoder.shape {
      for member in object.members {
        // `Dictionary` matches canonically equivalent keys; the found key must also be the same scalars. (Field
        // names are ASCII letters, digits and `_`, so no two of them are equivalent.)
        if let index = fields.index(forKey: member.key), ScalarOrder.equal(fields[index].key, member.key) { continue }
        unknown = member.key
        break
      }
    } else {
      return nil
    }
    guard let key = unknown else { return nil }
    let known = (payload == nil ? [] : ["type"]) + (declaredFields ?? [])
    return BridgeError(
      path: JSONPath(decoder.path.components + [.key(key)]),
      message: "unknown key \(quotedName(key)) of \(decoder.owner) (known: \(known.joined(separator: ", ")))")
  }

  /// The field names the manifest declares for this object, or `nil` when no manifest describes it.
  private var declaredFields: [String]? {
    if let payload {
      guard case .union = decoder.shape else { return nil }  // A stand-in case: no manifest.
      return payload.fieldOrder.sorted()
    }
    if case .object(let fields) = decoder.shape { return fields.keys.sorted() }
    return nil
  }

  private func missing(_ key: Key) -> BridgeError {
    let name = member(key)
    // A Swift label or property the manifest does not name: say which names it has.
    if let declared = declaredFields, !declared.contains(name), !(name.hasPrefix("_") && Int(name.dropFirst()) != nil) {
      let names = declared.isEmpty ? "no field" : declared.map { "'\($0)'" }.joined(separator: ", ")
      return BridgeError(
        path: JSONPath(decoder.path.components + [.key(name)]),
        message:
          "missing key '\(name)' for \(decoder.owner); the manifest names \(names) here, so rename the Swift label or property"
      )
    }
    if let payload, name.hasPrefix("_"), Int(name.dropFirst()) != nil {
      let count = payload.fieldOrder.isEmpty ? nil : payload.fieldOrder.count
      let error = BridgeEncoder.unlabelled(decoder.owner, payload.swift, count: count)
      return BridgeError(path: decoder.path, message: error.message)
    }
    return BridgeError(
      path: JSONPath(decoder.path.components + [.key(name)]), message: "missing key '\(name)' for \(decoder.owner)")
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let name = member(key)
    guard let value = object[name] else { throw missing(key) }
    // `Date` and `UUID` too: their own `init(from:)` would read seconds since 2001 and any UUID Foundation accepts.
    if T.self == String.self || T.self == Bool.self || T.self == Int.self || T.self == Double.self
      || T.self == Date.self || T.self == UUID.self
    {
      return try decoder.decodeScalar(type, from: value, at: .key(name))
    }
    return try T(from: decoder.child(value, shape: shape(of: name), owner: type, at: .key(name)))
  }

  // The common scalars without generic dispatch: these run for every field of every action and state.
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let (name, value) = try lookup(key)
    guard case .string(let string) = value else { throw decoder.mismatch(type, got: value, at: .key(name)) }
    return string
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let (name, value) = try lookup(key)
    guard case .bool(let bool) = value else { throw decoder.mismatch(type, got: value, at: .key(name)) }
    return bool
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let (name, value) = try lookup(key)
    guard case .number(let number) = value, let whole = number.int64Value, let int = Int(exactly: whole) else {
      throw decoder.mismatch(type, got: value, at: .key(name))
    }
    return int
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    let name = member(key)
    switch object[name] {
    case nil:
      _ = try isPresent(key)  // Throws for a name the manifest does not have.
      return nil
    case .null?: return nil
    case .string(let string)?: return string
    case let value?: throw decoder.mismatch(type, got: value, at: .key(name))
    }
  }

  // An optional is absent only where the manifest has the field; a Swift label or property the manifest does not
  // name would otherwise decode as nil without a word. (The protocol's own defaults go through `contains`.)
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  /// Whether the member for `key` is present and not `null`.
  ///
  /// - Throws: the ``missing(_:)`` error when it is absent and a manifest declares the object's fields without it.
  func isPresent(_ key: Key) throws -> Bool {
    let name = member(key)
    guard let value = object[name] else {
      if let declared = declaredFields, !declared.contains(name) { throw missing(key) }
      return false
    }
    if case .null = value { return false }
    return true
  }

  private func lookup(_ key: Key) throws -> (String, JSONValue) {
    let name = member(key)
    guard let value = object[name] else { throw missing(key) }
    return (name, value)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    // An enum's case payload: the same object, read as the case's fields.
    // At an enum value, the synthesized code asks for the case's payload by the case's name; the payload is the same
    // object's fields (a field may even share the case's name).
    if isUnionValue, let caseName, caseName == key.stringValue {
      let entry =
        caseEntry ?? UnionShape.Case(neutral: key.stringValue, swift: key.stringValue, fieldOrder: [], fields: [:])
      let container = BridgeKeyedDecoding<NestedKey>(decoder: decoder, object: object, payload: entry)
      if let error = container.unknownKey() { throw error }
      return KeyedDecodingContainer(container)
    }
    let name = member(key)
    guard let value = object[name] else { throw missing(key) }
    let child = decoder.child(value, shape: shape(of: name), owner: decoder.owner, at: .key(name))
    return try child.container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let name = member(key)
    guard let value = object[name] else { throw missing(key) }
    return try decoder.child(value, shape: shape(of: name), owner: decoder.owner, at: .key(name)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    let name = member(key)
    return decoder.child(object[name] ?? .null, shape: shape(of: name), owner: decoder.owner, at: .key(name))
  }
}
