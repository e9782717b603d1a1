/// The JSON type of a state field, action field or effect field, as declared in a feature manifest.
///
/// Manifest format (Conformance/README.md §2.3): `{"type": T, "nullable"?: bool, "enum"?: [string], "minimum"?:
/// number, "maximum"?: number, "items"?: descriptor, "fields"?: {name: descriptor}, "ref"?: name}` with `T` one of
/// `string` (with `enum`: one of a closed, non-empty set of distinct strings; with `format`: `date-time` or `uuid`),
/// `boolean`, `integer` (no fraction, fits a 64-bit signed integer, or 32-bit with `"format": "int32"`;
/// `minimum`/`maximum` bound it), `number` (`minimum`/`maximum` bound it), `array`, `object` (closed; every field
/// required; inline `fields`, or a named object type of the manifest's `types` by `ref`, format v1.2) and `union` (a
/// named union in the manifest's `types`, discriminated by `type`). An `int32` is an ``integer(_:)`` whose range lies
/// within −2³¹…2³¹−1 (README §15).
package indirect enum TypeDescriptor: Sendable, Equatable {
  /// A JSON string.
  case string
  /// A JSON string from a closed set (`{"type": "string", "enum": [...]}`): at least one value, no two equal as
  /// Unicode scalar sequences; values compare scalar by scalar, never by canonical equivalence.
  case stringEnum([String])
  /// A JSON string in a neutral format (`{"type": "string", "format": "date-time"}`, format v1.2, README §15).
  case formatted(StringFormat)
  /// `true` or `false`.
  case boolean
  /// A whole number in the 64-bit signed range, and within the range given (``NumericRange/unbounded`` when none).
  case integer(NumericRange)
  /// Any finite JSON number within the range given (``NumericRange/unbounded`` when none).
  case number(NumericRange)
  /// An array whose elements all have one type.
  case array(TypeDescriptor)
  /// A closed object: exactly these fields, all required.
  case object([Field])
  /// A named union from the manifest's `types`.
  case union(String)
  /// A named object type from the manifest's `types` (`{"type": "object", "ref": "Location"}`, format v1.2, README
  /// §15); it may contain itself through a nullable field or an array.
  case objectRef(String)
  /// The wrapped type, or `null`.
  case nullable(TypeDescriptor)

  /// A named member of an object type, a state, or a case.
  package struct Field: Sendable, Equatable {
    /// The member's key.
    package var name: String
    /// The member's type.
    package var type: TypeDescriptor
    /// Example values a person gave for the field (manifest `examples`, optional; each checked against ``type``):
    /// `conformance fuzz` draws from them and mutates them.
    package var examples: [JSONValue] = []
  }

  /// How the type reads in messages: `string`, `string or null`, `array of integer`, `integer from 0 to 255`,
  /// `LoginResult`, `one of "unknown", "checking"`.
  package var description: String {
    switch self {
    case .string: return "string"
    case .stringEnum(let values): return "one of \(Self.quotedList(values))"
    case .formatted(let format): return format.phrase
    case .boolean: return "boolean"
    case .integer(let range): return "integer" + range.phrase
    case .number(let range): return "number" + range.phrase
    case .array(let items): return "array of \(items.description)"
    case .object: return "object"
    case .union(let name), .objectRef(let name): return name
    case .nullable(let wrapped): return "\(wrapped.description) or null"
    }
  }

  /// The values as a comma-separated list of JSON strings, e.g. `"unknown", "checking"` (control characters
  /// escaped as in every message).
  static func quotedList(_ values: [String]) -> String {
    values.map { JSONRenderer.compact(.string($0), style: .display) }.joined(separator: ", ")
  }
}
