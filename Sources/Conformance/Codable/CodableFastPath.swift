import UnidirectionalFlow

/// Generated code that decodes actions and encodes states faster than ``CodableFeature``'s Codable bridge, which it
/// falls back to for anything it does not handle.
///
/// `conformance generate-fast-path <feature>` writes a conforming type from the feature's manifest and the case labels
/// it reads from the Swift types (README, "Make the Codable bridge fast"); pass it to
/// ``CodableFeature/init(_:reducer:initialState:fastPath:)``. Its results must equal the bridge's:
/// - ``decodeAction(_:)`` returns `nil` for every value it is not sure to decode exactly as the synthesized
///   `init(from:)` through the bridge would (an unknown `type`, a missing or extra key, a mistyped value, a
///   non-ASCII `type`, a case with an object field); the bridge then decodes it, and its error is the one reported;
/// - ``encodeState(_:)`` and ``encodeEffect(_:)`` return `nil` when a value needs the bridge's error (a NaN, an
///   integer beyond Int64) or is of a case the generator could not read; the bridge then encodes it.
///
/// It assumes synthesized `Codable` conformances, as the bridge does. ``CodableFeature`` checks once per scenario that
/// the fast path encodes the decoded initial state as the bridge does, so a fast path generated before a property
/// was added or renamed errors instead of hiding the property.
public protocol CodableFastPath<Feature>: Sendable {
  /// The reducer whose types this fast path converts.
  associatedtype Feature: Reducer

  /// The command that regenerates the fast path, which the runner shows when it finds it out of date; generated
  /// files give theirs, `nil` (the default) for others.
  static var regenerationCommand: String? { get }

  /// The action a scenario's value stands for.
  ///
  /// - Parameter value: The step's `send`, `{"type": name, …fields}` (Conformance/README.md §2.4).
  /// - Returns: The action, or `nil` to leave the value to the bridge.
  func decodeAction(_ value: JSONValue) -> Feature.Action?

  /// The state as the bridge writes it.
  ///
  /// - Parameter state: The state after a step, or a scenario's initial state.
  /// - Returns: An object with every manifest field (`nil` as an explicit `null`), or `nil` to leave it to the bridge.
  func encodeState(_ state: Feature.State) -> JSONValue?

  /// The effect as the bridge writes it.
  ///
  /// - Parameter effect: An effect the reducer returned.
  /// - Returns: `{"type": name, …fields}`, or `nil` to leave it to the bridge.
  func encodeEffect(_ effect: Feature.Effect) -> JSONValue?
}

extension CodableFastPath {
  /// `nil`: a fast path not written by `generate-fast-path` names no command.
  public static var regenerationCommand: String? { nil }
}

/// The conversions generated fast paths (``CodableFastPath``) are built from, each exactly the bridge's.
///
/// Decoding helpers throw ``Mismatch`` (which the generated code turns into `nil`, so the bridge decodes the value
/// and reports the error); encoding helpers return `nil` where the bridge would throw.
public enum GeneratedCoding {
  /// A value the generated code does not decode; the bridge decides instead.
  public struct Mismatch: Error {
    /// Creates the error.
    @inlinable public init() {}
  }

  /// The members and the `type` of a union value.
  ///
  /// Only an ASCII `type` is returned: the generated `switch` compares with Swift's `==`, which would match a
  /// non-ASCII name to a canonically equivalent ASCII one (U+212A KELVIN SIGN to `K`), and the bridge and the
  /// scenario loader compare scalars (Unicode-exact names, Conformance/README.md §2.4).
  ///
  /// - Parameter value: A value `{"type": name, …fields}`, or `nil` for a missing key.
  /// - Returns: The `type` and the object, or `nil` for anything else (the bridge then decides).
  public static func union(_ value: JSONValue?) -> (type: String, members: JSONObject)? {
    guard case .object(let object)? = value, case .string(let type)? = object["type"],
      type.utf8.allSatisfy({ $0 < 0x80 })
    else { return nil }
    return (type, object)
  }

  /// A value decoded as the bridge decodes a field of type `T` (a scalar, an optional or an array of them, or an
  /// enum with `String` raw values).
  ///
  /// - Parameter value: The member, or `nil` when the key is missing.
  /// - Returns: The value, exactly as the bridge's keyed container returns it.
  /// - Throws: ``Mismatch`` where the bridge would throw; `nil` (a missing key) throws too.
  @inlinable
  public static func decode<T: Decodable>(_ value: JSONValue?) throws(Mismatch) -> T {
    guard let value else { throw Mismatch() }
    // The common scalars and their optionals without a decoder, as the bridge's containers read them.
    if T.self == String.self { return unsafeBitCast(try string(value), to: T.self) }  // T is String.
    if T.self == Bool.self { return unsafeBitCast(try bool(value), to: T.self) }  // T is Bool.
    if T.self == Int.self { return unsafeBitCast(try int(value), to: T.self) }  // T is Int.
    if T.self == Double.self { return unsafeBitCast(try double(value), to: T.self) }  // T is Double.
    if T.self == String?.self { return unsafeBitCast(try optional(value, string), to: T.self) }  // T is String?.
    if T.self == Bool?.self { return unsafeBitCast(try optional(value, bool), to: T.self) }  // T is Bool?.
    if T.self == Int?.self { return unsafeBitCast(try optional(value, int), to: T.self) }  // T is Int?.
    if T.self == Double?.self { return unsafeBitCast(try optional(value, double), to: T.self) }  // T is Double?.
    return try decodeThroughBridge(value)
  }

  @usableFromInline
  static func string(_ value: JSONValue) throws(Mismatch) -> String {
    guard case .string(let string) = value else { throw Mismatch() }
    return string
  }

  @usableFromInline
  static func bool(_ value: JSONValue) throws(Mismatch) -> Bool {
    guard case .bool(let bool) = value else { throw Mismatch() }
    return bool
  }

  /// A whole number that fits `Int`, written as an integer or not (`1.0`), as the bridge reads it.
  @usableFromInline
  static func int(_ value: JSONValue) throws(Mismatch) -> Int {
    guard case .number(let number) = value, let whole = number.int64Value, let int = Int(exactly: whole) else {
      throw Mismatch()
    }
    return int
  }

  @usableFromInline
  static func double(_ value: JSONValue) throws(Mismatch) -> Double {
    guard case .number(let number) = value else { throw Mismatch() }
    return number.doubleValue
  }

  /// `nil` for JSON `null` (`Optional`'s own `init(from:)` asks `decodeNil()` first), else the wrapped value.
  @usableFromInline
  static func optional<Wrapped>(_ value: JSONValue, _ wrapped: (JSONValue) throws(Mismatch) -> Wrapped)
    throws(Mismatch) -> Wrapped?
  {
    if case .null = value { return nil }
    return try wrapped(value)
  }

  /// Any other `Decodable` through a bridge decoder (an enum with raw values, a fixed-width integer, a `Float`, an
  /// array): slower, and the same by construction.
  @usableFromInline
  static func decodeThroughBridge<T: Decodable>(_ value: JSONValue) throws(Mismatch) -> T {
    var spare: BridgeDecoder?
    let decoder = BridgeDecoder.root(value, shape: .opaque, owner: T.self, context: DecodingContext(), reusing: &spare)
    do {
      return try T(from: decoder)
    } catch {
      throw Mismatch()
    }
  }

  /// A union field whose Swift type is optional: `nil` for JSON `null`, else what `decodeCase` makes of the value.
  ///
  /// - Parameters:
  ///   - value: The member, or `nil` when the key is missing.
  ///   - decodeCase: The generated decoder of the union.
  /// - Returns: The value, or `nil` for `null`.
  /// - Throws: ``Mismatch`` for a missing key, or what `decodeCase` throws.
  @inlinable
  public static func nullable<T>(
    _ value: JSONValue?, _ decodeCase: (JSONValue?) throws(Mismatch) -> T
  ) throws(Mismatch) -> T? {
    guard let value else { throw Mismatch() }
    if case .null = value { return nil }
    return try decodeCase(value)
  }

  /// A union field whose Swift type is not optional, though the manifest may allow `null`: Swift overload resolution
  /// picks this one where the generated call needs a `T`, the one above where it takes a `T?`.
  ///
  /// - Parameters:
  ///   - value: The member, or `nil` when the key is missing.
  ///   - decodeCase: The generated decoder of the union.
  /// - Returns: The value.
  /// - Throws: ``Mismatch`` for a missing key or `null` (which the bridge then reports), or what `decodeCase` throws.
  @inlinable
  public static func nullable<T>(
    _ value: JSONValue?, _ decodeCase: (JSONValue?) throws(Mismatch) -> T
  ) throws(Mismatch) -> T {
    guard let value else { throw Mismatch() }
    if case .null = value { throw Mismatch() }
    return try decodeCase(value)
  }

  /// A value encoded as the bridge encodes a field of type `T`.
  ///
  /// - Parameter value: A scalar, an optional or array of them, or an enum with `String` raw values.
  /// - Returns: The JSON value, or `nil` where the bridge throws: NaN and ±infinity (RFC 8259 §6 has no form for
  ///   them), an unsigned integer beyond Int64.
  @inlinable
  public static func encode<T: Encodable>(_ value: T) -> JSONValue? {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Int.self { return .number(.integer(Int64(unsafeBitCast(value, to: Int.self)))) }
    if T.self == Double.self {
      let double = unsafeBitCast(value, to: Double.self)
      return double.isFinite ? .number(.double(double)) : nil  // The bridge throws for NaN and ±infinity.
    }
    return encodeThroughBridge(value)
  }

  /// An optional encoded as the bridge encodes it.
  ///
  /// - Parameter value: The optional.
  /// - Returns: `null` for `nil` (always written, never left out), else what the non-optional `encode` gives.
  @inlinable
  public static func encode<T: Encodable>(_ value: T?) -> JSONValue? {
    guard let value else { return .null }
    return encode(value)
  }

  /// A union field as the bridge encodes it; a value that is not optional is taken too, so generated code compiles
  /// whichever the Swift type is.
  ///
  /// - Parameters:
  ///   - value: The field's value.
  ///   - encodeCase: The generated encoder of the union.
  /// - Returns: `null` for `nil`, else what `encodeCase` makes of it (`nil` when it declines).
  @inlinable
  public static func encodeNullable<T>(_ value: T?, _ encodeCase: (T) -> JSONValue?) -> JSONValue? {
    guard let value else { return .null }
    return encodeCase(value)
  }

  /// Any other `Encodable` through a bridge encoder; `nil` where the bridge throws.
  @usableFromInline
  static func encodeThroughBridge<T: Encodable>(_ value: T) -> JSONValue? {
    try? BridgeEncoder.encode(value, shape: .opaque)
  }

  /// An object from members the generator wrote in the order of their keys' UTF-8 bytes (``JSONObject``'s order).
  ///
  /// - Parameter members: Key and value pairs with distinct keys: taken as they are after one pass that checks the
  ///   order, else sorted (a hand-edited file).
  /// - Returns: The object.
  public static func object(sorted members: [(key: String, value: JSONValue)]) -> JSONValue {
    var index = 1
    while index < members.count {
      guard ScalarOrder.less(members[index - 1].key, members[index].key) else {
        return .object(JSONObject(unsortedMembers: members))
      }
      index += 1
    }
    return .object(JSONObject(sortedUniqueMembers: members))
  }
}
