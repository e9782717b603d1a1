import Foundation

/// A JSON value as the conformance runner sees it: the common currency of scenarios, manifests, harness messages and
/// reports.
///
/// `JSONValue` is deliberately not `ExpressibleByNilLiteral`: `nil` must always mean "absent" (a Swift optional),
/// never JSON `null`, which is written `.null`.
///
/// Equality follows scenario format §5 (JSON equality), not Swift's defaults:
/// - numbers compare by value, so `1` equals `1.0`, and 64-bit integers compare exactly (see ``JSONNumber``);
/// - strings compare by their exact Unicode scalar sequence, so NFC `"é"` (U+00E9) is **not** equal to NFD
///   `"e\u{301}"`, unlike Swift's `String ==`, which uses canonical equivalence;
/// - object key order never matters, and `null` differs from a missing key.
///
/// ```swift
/// let state: JSONValue = ["email": "", "isLoading": false, "error": .null]
/// state["isLoading"] == .bool(false)  // true
/// ```
public enum JSONValue: Sendable {
  /// JSON `null`.
  case null
  /// JSON `true` or `false`.
  case bool(Bool)
  /// A JSON number: a 64-bit integer when the literal has no fraction or exponent and fits, else a `Double`.
  case number(JSONNumber)
  /// A JSON string, kept verbatim (never normalised).
  case string(String)
  /// A JSON array.
  case array([JSONValue])
  /// A JSON object; keys are unique by Unicode scalar sequence.
  case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
  /// The member named `key` when this is an object, else `nil`.
  ///
  /// - Parameter key: An object key, matched by exact Unicode scalar sequence.
  /// - Returns: The member's value, or `nil` when this is not an object or has no such member.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The object's members when this is an object, else `nil`.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The elements when this is an array, else `nil`.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The string when this is a string, else `nil`.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The number when this is a number, else `nil`.
  public var numberValue: JSONNumber? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The Boolean when this is `true` or `false`, else `nil`.
  public var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  /// The JSON type name used in messages: `null`, `boolean`, `integer`, `number`, `string`, `array` or `object`.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number(let number): return number.isInteger ? "integer" : "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

// MARK: - Equatable

extension JSONValue: Equatable {
  /// Compares two values by scenario format §5: numbers by value, strings by Unicode scalars, objects unordered.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return ScalarOrder.equal(a, b)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    case (.object(let a), .object(let b)): return a == b
    default: return false
    }
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// Creates `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates an integer number.
  public init(integerLiteral value: Int64) { self = .number(.integer(value)) }
  /// Creates a floating-point number.
  public init(floatLiteral value: Double) { self = .number(.double(value)) }
  /// Creates a string, verbatim.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates an array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// Creates an object; a repeated key keeps the last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    // The literal's own array, sorted once in place (a repeated key keeps its last value, as assigning each in turn
    // would). Only the tuple labels differ, so the array is taken as it is rather than copied.
    self = .object(JSONObject(unsortedMembers: unsafeBitCast(elements, to: [(key: String, value: JSONValue)].self)))
  }
}

// MARK: - JSONNumber

/// A JSON number: exact when it is a 64-bit integer, a `Double` otherwise.
///
/// Two numbers are equal when they denote the same value (scenario format §5): `1`, `1.0` and `1e0` are equal;
/// integers compare exactly, so `9007199254740993` differs from `9007199254740992` even though both round to the same
/// `Double`. An integer literal outside the 64-bit signed range is kept as a `Double`.
public enum JSONNumber: Sendable, Hashable {
  /// An integer in `Int64.min ... Int64.max`, written without fraction or exponent.
  case integer(Int64)
  /// Any other finite number (IEEE 754 binary64).
  case double(Double)

  /// Whether the value is a whole number that fits `Int64` (so `2.0` counts, `2.5` does not).
  public var isInteger: Bool { int64Value != nil }

  /// The value as an `Int64` when it is a whole number in range, else `nil`.
  public var int64Value: Int64? {
    switch self {
    case .integer(let value): return value
    case .double(let value): return Int64(exactly: value)
    }
  }

  /// The value as a `Double` (rounded for integers beyond 2^53).
  public var doubleValue: Double {
    switch self {
    case .integer(let value): return Double(value)
    case .double(let value): return value
    }
  }

  /// Compares by value: integers exactly, and an integer equals a `Double` only when the `Double` is that exact
  /// whole number.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
      return Int64(exactly: b) == a
    }
  }

  /// Hashes consistently with `==`: whole numbers hash as their `Int64` value.
  public func hash(into hasher: inout Hasher) {
    if let value = int64Value { hasher.combine(value) } else { hasher.combine(doubleValue) }
  }
}

// MARK: - JSONPath

/// A location inside a JSON document, rendered the way reports show it: `state.isLoading`, `effects[0].email`,
/// `steps[2].send.type`.
///
/// Keys that are not plain identifiers are quoted (`state["first name"]`); the empty path renders as `(root)`, and a
/// path deeper than 24 levels shows its first and last 8 components around an ellipsis.
public struct JSONPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// One step into a document.
  public enum Component: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element, 0-based.
    case index(Int)
  }

  /// The steps from the document root.
  public var components: [Component]

  /// Creates a path from components.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The path to the root of a document.
  public static let root = JSONPath()

  /// This path extended by an object key.
  public func appending(key: String) -> JSONPath { JSONPath(components + [.key(key)]) }

  /// This path extended by an array index (0-based).
  public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

  /// This path followed by all of `other`'s components.
  public func appending(_ other: JSONPath) -> JSONPath { JSONPath(components + other.components) }

  /// Document order: component by component, keys by Unicode scalars, indices numerically (`effects[2]` before
  /// `effects[10]`), and a path before the paths below it.
  public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
    for (a, b) in zip(lhs.components, rhs.components) where a != b {
      switch (a, b) {
      case (.index(let x), .index(let y)): return x < y
      case (.key(let x), .key(let y)): return ScalarOrder.less(x, y)
      case (.key, .index): return true
      case (.index, .key): return false
      }
    }
    return lhs.components.count < rhs.components.count
  }

  /// The rendering used in every report, e.g. `effects[0].email`.
  public var description: String {
    if components.isEmpty { return "(root)" }
    if components.count > 24 {
      let head = JSONPath(Array(components.prefix(8))).description
      let tail = JSONPath(Array(components.suffix(8))).description
      return "\(head)…\(tail.hasPrefix("[") ? "" : ".")\(tail) (\(components.count) levels deep)"
    }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where Self.isIdentifier(key):
        text += text.isEmpty ? key : ".\(key)"
      case .key(let key):
        text += "[\(JSONRenderer.quoted(key))]"
      }
    }
    return text
  }

  /// Whether `key` can be written bare: `^[A-Za-z_][A-Za-z0-9_]*$` (Conformance/README.md §1.4); anything else,
  /// such as `$schema` or `a-b`, is quoted.
  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
    return key.utf8.allSatisfy {
      $0.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
    }
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII letter.
  var isASCIILetter: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
  }
}
