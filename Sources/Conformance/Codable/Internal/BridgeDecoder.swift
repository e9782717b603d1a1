import Foundation

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
  private(set) var value: JSONValue
  private(set) var shape: CodingShape
  /// The type whose `init(from:)` reads this value, for messages.
  private(set) var owner: Any.Type
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

  /// A root decoder for `value`: `spare` when nothing kept it from its last use (a trace decodes an action per step,
  /// and this saves an allocation each), else a new one, which `spare` then holds. An `init(from:)` that keeps its
  /// decoder gets one no later call touches. `spare` only ever holds root decoders of `context`.
  static func root(
    _ value: JSONValue, shape: CodingShape, owner: Any.Type, context: DecodingContext,
    reusing spare: inout BridgeDecoder?
  ) -> BridgeDecoder {
    if isKnownUniquelyReferenced(&spare), let reused = spare {
      reused.value = value
      reused.shape = shape
      reused.owner = owner
      return reused
    }
    let decoder = BridgeDecoder(value: value, shape: shape, owner: owner, parent: nil, component: nil, context: context)
    spare = decoder
    return decoder
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

  // MARK: - Unions

  /// How a keyed container reads its object: as a struct, or as an enum value and which case.
  struct UnionCase {
    /// Whether the object is read as an enum value (`{"type": …}`).
    var isUnionValue: Bool
    /// The Swift case name; `nil` when not an enum value, or when `type` is missing or unknown.
    var swiftName: String?
    /// The manifest's case; `nil` with no manifest, and whenever ``swiftName`` is `nil`.
    var entry: UnionShape.Case?

    /// A struct, or a case's payload.
    static let notUnion = UnionCase(isUnionValue: false, swiftName: nil, entry: nil)
  }

  /// How `object`, this decoder's value, reads: an enum value when the shape says it is a union, or (with no manifest)
  /// when it has a string `type`; a known object never is (a state or nested object may have a field named `type`).
  ///
  /// A missing `type`, one that is not a string, or an unknown case is kept as pending (the `Decoder` API reads it
  /// through `allKeys`, which cannot throw), and the case name is then `nil`.
  func unionCase(of object: JSONObject) -> UnionCase {
    let union: UnionShape?
    switch shape {
    case .union(let shape): union = shape
    case .opaque:
      guard case .string? = object["type"] else { return .notUnion }
      union = nil
    case .object, .array, .named: return .notUnion
    }
    guard case .string(let type)? = object["type"] else {
      if context.pending == nil, let type = object["type"] {
        context.pending = BridgeError(
          path: JSONPath(path.components + [.key("type")]),
          message: "expected String (a case's name) for \(owner), got \(type.typeName)")
      } else if context.pending == nil {
        context.pending = BridgeError(
          path: path, message: "missing key 'type' (a \(owner) is {\"type\": case, …fields})")
      }
      return UnionCase(isUnionValue: true, swiftName: nil, entry: nil)
    }
    guard let union else { return UnionCase(isUnionValue: true, swiftName: type, entry: nil) }
    if let entry = union.byNeutral(type) { return UnionCase(isUnionValue: true, swiftName: entry.swift, entry: entry) }
    if context.pending == nil {
      // "unknown action 'x' of LoginAction (known: …)", at `….type`.
      let what = union.name == "action" || union.name == "effect" ? union.name : "case"
      context.pending = BridgeError(
        path: JSONPath(path.components + [.key("type")]),
        message:
          "unknown \(what) \(quotedName(type)) of \(owner) (known: \(union.neutralNames.joined(separator: ", ")))")
    }
    return UnionCase(isUnionValue: true, swiftName: nil, entry: nil)
  }

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
    if type == Date.self || type == UUID.self { return try decodeFormatted(type, from: value, at: component) }
    let shape = component.map { self.shape.field(key: $0) } ?? self.shape
    let decoder = component.map { child(value, shape: shape, owner: type, at: $0) } ?? self
    return try T(from: decoder)
  }

  /// A `Date` from a `date-time` string or a `UUID` from a `uuid` string, each in its one spelling (README §15); any
  /// other string (Foundation's seconds since 2001, an upper-case or malformed UUID) is an error at its path.
  private func decodeFormatted<T: Decodable>(_ type: T.Type, from value: JSONValue, at component: JSONPath.Component?)
    throws -> T
  {
    guard case .string(let text) = value else { throw mismatch(type, got: value, at: component) }
    let format: StringFormat = type == Date.self ? .dateTime : .uuid
    let decoded: Any? = type == Date.self ? NeutralFormats.date(from: text) : NeutralFormats.uuid(from: text)
    if let decoded = decoded as? T { return decoded }
    let path = JSONPath(self.path.components + (component.map { [$0] } ?? []))
    let inType = owner == type ? "" : " for \(owner)"
    throw BridgeError(
      path: path,
      message: "expected \(type) as \(format.phrase)\(inType), got \(JSONRenderer.compact(value, style: .display))")
  }
}

// MARK: - BridgeSingleValueDecoding

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
