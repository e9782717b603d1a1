/// A `Decoder` that reads a neutral ``JSONValue`` (the scenario format) as Swift's synthesized `Codable` form.
///
/// Rules, driven by the value's ``CodingShape``:
/// - a union `{"type": t, …fields}` reads as an enum `{swiftName(t): {…fields}}`: `allKeys` is the case's Swift name
///   and its nested container holds the fields; the synthesized key `_N` of an unlabelled associated value is the
///   case's N-th declared field (or, with no manifest, the only field);
/// - objects, arrays, strings, Booleans and numbers read as they are; `null` is `nil`;
/// - an `Int` must be a whole number in range; a `Double` any number.
///
/// Errors are ``BridgeError``s at the neutral path, naming the Swift type being decoded. Where the `Decoder` API cannot
/// throw (`allKeys`), the error is kept in ``DecodingContext/pending`` and preferred over the synthesized code's own.
final class BridgeDecoder: Decoder {
  let value: JSONValue
  let shape: CodingShape
  /// The type whose `init(from:)` reads this value, for messages.
  let owner: Any.Type
  private let parent: BridgeDecoder?
  private let component: JSONPath.Component?
  let context: DecodingContext

  init(
    value: JSONValue, shape: CodingShape, owner: Any.Type, parent: BridgeDecoder?, component: JSONPath.Component?,
    context: DecodingContext
  ) {
    self.value = value
    self.shape = shape
    self.owner = owner
    self.parent = parent
    self.component = component
    self.context = context
  }

  /// The neutral path from the root value to this one (built only on demand, for errors).
  var path: JSONPath {
    var components: [JSONPath.Component] = []
    var node: BridgeDecoder? = self
    while let current = node {
      if let component = current.component { components.append(component) }
      node = current.parent
    }
    return JSONPath(components.reversed())
  }

  var codingPath: [any CodingKey] { path.components.map(NeutralKey.init) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func child(_ value: JSONValue, shape: CodingShape, owner: Any.Type, at component: JSONPath.Component)
    -> BridgeDecoder
  {
    BridgeDecoder(value: value, shape: shape, owner: owner, parent: self, component: component, context: context)
  }

  func mismatch(_ expected: Any.Type, got value: JSONValue, at component: JSONPath.Component? = nil) -> BridgeError {
    var path = self.path
    if let component { path = JSONPath(path.components + [component]) }
    let inType = owner == expected ? "" : " for \(owner)"
    return BridgeError(path: path, message: "expected \(expected)\(inType), got \(value.typeName)")
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else { throw mismatch(owner, got: value) }
    let container = BridgeKeyedDecoding<Key>(decoder: self, object: object, payload: nil)
    if let error = container.unknownKey() { throw error }
    return KeyedDecodingContainer(container)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch(owner, got: value) }
    return BridgeUnkeyedDecoding(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { BridgeSingleValueDecoding(decoder: self) }

  // MARK: - Scalars

  /// The integer types other than `Int`, compared by metatype before any (costly) dynamic cast.
  private static let integerTypes: [Any.Type] = [
    Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
  ]

  func decodeScalar<T: Decodable>(_ type: T.Type, from value: JSONValue, at component: JSONPath.Component?) throws -> T
  {
    if type == String.self {
      guard case .string(let string) = value else { throw mismatch(type, got: value, at: component) }
      return unsafeBitCast(string, to: T.self)  // T is String, checked above.
    }
    if type == Bool.self {
      guard case .bool(let bool) = value else { throw mismatch(type, got: value, at: component) }
      return unsafeBitCast(bool, to: T.self)  // T is Bool, checked above.
    }
    if type == Double.self {
      guard case .number(let number) = value else { throw mismatch(type, got: value, at: component) }
      return unsafeBitCast(number.doubleValue, to: T.self)  // T is Double, checked above.
    }
    if type == Int.self {
      guard case .number(let number) = value, let whole = number.int64Value, let int = Int(exactly: whole) else {
        throw mismatch(type, got: value, at: component)
      }
      return unsafeBitCast(int, to: T.self)  // T is Int, checked above.
    }
    if Self.integerTypes.contains(where: { $0 == type }),
      let integer = type as? any (FixedWidthInteger & Decodable).Type
    {
      guard case .number(let number) = value, let whole = number.int64Value,
        let exact = integer.init(exactly: whole) as? T
      else { throw mismatch(type, got: value, at: component) }
      return exact
    }
    if type == Float.self {
      guard case .number(let number) = value else { throw mismatch(type, got: value, at: component) }
      guard Float(number.doubleValue).isFinite else {
        let path = JSONPath(self.path.components + (component.map { [$0] } ?? []))
        throw BridgeError(path: path, message: "\(number.doubleValue) does not fit a Float")
      }
      return unsafeBitCast(Float(number.doubleValue), to: T.self)  // T is Float, checked above.
    }
    let shape = component.map { self.shape.field(key: $0) } ?? self.shape
    let decoder = component.map { child(value, shape: shape, owner: type, at: $0) } ?? self
    return try T(from: decoder)
  }
}

/// Holds an error found where the `Decoder` API cannot throw.
final class DecodingContext {
  /// The first such error, preferred over the synthesized code's own when decoding fails.
  var pending: BridgeError?
}

// MARK: - Keyed

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
  private var caseName: String?

  init(decoder: BridgeDecoder, object: JSONObject, payload: UnionShape.Case?) {
    self.decoder = decoder
    self.object = object
    self.payload = payload
    var isUnionValue = false
    if payload == nil {
      switch decoder.shape {
      case .union: isUnionValue = true
      // Without a manifest, an object with a string `type` is read as an enum value; a known object never is (a
      // state or nested object may have a field named `type`).
      case .opaque: if case .string? = object["type"] { isUnionValue = true }
      case .object, .array: break
      }
    }
    self.isUnionValue = isUnionValue
    caseName = nil
    if isUnionValue { caseName = swiftCaseName() }
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// The union this object is a value of, when it is one: declared by the shape, or (with no manifest) any object
  /// with a string `type` read as an enum.
  private var union: UnionShape? {
    if case .union(let union) = decoder.shape { return union }
    return nil
  }

  /// The Swift case name of this union value, or `nil` (with the reason kept as pending) when `type` is missing or
  /// unknown.
  private func swiftCaseName() -> String? {
    guard case .string(let type)? = object["type"] else {
      if payload == nil, decoder.context.pending == nil {
        decoder.context.pending = BridgeError(
          path: decoder.path, message: "missing key 'type' (a \(decoder.owner) is {\"type\": case, …fields})")
      }
      return nil
    }
    guard let union else { return type }
    if let entry = union.byNeutral(type) { return entry.swift }
    recordUnknownCase(type, known: union.neutralNames, kind: union.name)
    return nil
  }

  /// Keeps "unknown action 'x' of LoginAction (known: …)" as the pending error, at `….type`.
  private func recordUnknownCase(_ type: String, known: [String]?, kind: String?) {
    guard decoder.context.pending == nil else { return }
    let what = kind == "action" || kind == "effect" ? kind ?? "case" : "case"
    let list = known.map { " (known: \($0.joined(separator: ", ")))" } ?? ""
    decoder.context.pending = BridgeError(
      path: JSONPath(decoder.path.components + [.key("type")]),
      message: "unknown \(what) \(quotedName(type)) of \(decoder.owner)\(list)")
  }

  var allKeys: [Key] {
    if isUnionValue {
      guard let name = caseName else { return [] }
      guard let key = Key(stringValue: name) else {
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
      return [key]
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
  func unknownKey() -> BridgeError? {
    let isKnown: (String) -> Bool
    if let payload {
      guard case .union = decoder.shape else { return nil }
      isKnown = { $0 == "type" || payload.fields[$0] != nil }
    } else if !isUnionValue, case .object(let fields) = decoder.shape {
      isKnown = { fields[$0] != nil }
    } else {
      return nil
    }
    guard let key = object.members.first(where: { !isKnown($0.key) })?.key else { return nil }
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
    if T.self == String.self || T.self == Bool.self || T.self == Int.self || T.self == Double.self {
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

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try isPresent(key) ? decode(type, forKey: key) : nil
  }

  /// Whether the member for `key` is present and not `null`.
  ///
  /// - Throws: the ``missing(_:)`` error when it is absent and a manifest declares the object's fields without it.
  private func isPresent(_ key: Key) throws -> Bool {
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
        union?.bySwift(key.stringValue)
        ?? UnionShape.Case(neutral: key.stringValue, swift: key.stringValue, fieldOrder: [], fields: [:])
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

// MARK: - Unkeyed

/// An array read element by element.
struct BridgeUnkeyedDecoding: UnkeyedDecodingContainer {
  let decoder: BridgeDecoder
  let elements: [JSONValue]
  var currentIndex = 0

  init(decoder: BridgeDecoder, elements: [JSONValue]) {
    self.decoder = decoder
    self.elements = elements
  }

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
    let child = decoder.child(
      try next(), shape: decoder.shape.field(key: .index(currentIndex)), owner: decoder.owner,
      at: .index(currentIndex))
    currentIndex += 1
    return try child.container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let child = decoder.child(
      try next(), shape: decoder.shape.field(key: .index(currentIndex)), owner: decoder.owner,
      at: .index(currentIndex))
    currentIndex += 1
    return try child.unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let child = decoder.child(
      try next(), shape: decoder.shape.field(key: .index(currentIndex)), owner: decoder.owner,
      at: .index(currentIndex))
    currentIndex += 1
    return child
  }
}

// MARK: - Single value

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
