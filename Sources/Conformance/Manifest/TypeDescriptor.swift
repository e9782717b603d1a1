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

// MARK: - NumericRange

/// The inclusive bounds a manifest may put on an `integer` or `number` type descriptor (format §2.3):
/// `{"type": "integer", "minimum": 0, "maximum": 255}`; either bound may be left out.
///
/// A value below ``minimum`` or above ``maximum`` does not conform: in a scenario it is an invalid file, at the value's
/// JSON path (`steps[2].send.count: expected integer from 0 to 255, got 300 (above the maximum 255)`), and
/// `conformance fuzz` generates only values in range, favouring its edges. On an `integer` both bounds are whole
/// numbers in −2⁶³…2⁶³−1 and compare exactly; on a `number` they are any finite numbers and compare as binary64
/// doubles. The manifest loader checks that `minimum` is not above `maximum`.
package struct NumericRange: Sendable, Equatable {
  /// The smallest value admitted, or `nil` for no lower bound.
  package var minimum: JSONNumber?
  /// The largest value admitted, or `nil` for no upper bound.
  package var maximum: JSONNumber?

  /// How far apart an expected and an actual value of a `number` may be and still be equal (`"tolerance"`, a
  /// non-negative number, Conformance/README.md §17.4); `nil`, and always on an `integer`: they compare exactly (§5).
  package var tolerance: Double? = nil

  /// Creates a range; `nil` leaves a side open.
  package init(minimum: JSONNumber? = nil, maximum: JSONNumber? = nil, tolerance: Double? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.tolerance = tolerance
  }

  /// No bound on either side: every integer, or every number.
  package static let unbounded = NumericRange()

  /// Whether a bound is given on either side.
  package var isBounded: Bool { minimum != nil || maximum != nil }

  /// Whether `value` lies below ``minimum``.
  package func isBelow(_ value: JSONNumber) -> Bool { minimum.map { Self.less(value, $0) } ?? false }

  /// Whether `value` lies above ``maximum``.
  package func isAbove(_ value: JSONNumber) -> Bool { maximum.map { Self.less($0, value) } ?? false }

  /// Whether `value` lies within both bounds.
  package func contains(_ value: JSONNumber) -> Bool { !isBelow(value) && !isAbove(value) }

  /// The bounds in messages, after the type's name: ` from 0 to 255`, ` of at least 1`, ` of at most 255`, or `""`.
  var phrase: String {
    switch (minimum, maximum) {
    case (let low?, let high?): return " from \(Self.render(low)) to \(Self.render(high))"
    case (let low?, nil): return " of at least \(Self.render(low))"
    case (nil, let high?): return " of at most \(Self.render(high))"
    case (nil, nil): return ""
    }
  }

  /// A bound as messages show it: `255`, `0.5`.
  static func render(_ number: JSONNumber) -> String { JSONRenderer.compact(.number(number), style: .display) }

  /// `a < b`: exactly when both are whole numbers in the 64-bit range, else as doubles.
  private static func less(_ a: JSONNumber, _ b: JSONNumber) -> Bool {
    if let x = a.int64Value, let y = b.int64Value { return x < y }
    return a.doubleValue < b.doubleValue
  }
}

// MARK: - StringFormat

/// A neutral string format a manifest may put on a `string` type descriptor (format v1.2, Conformance/README.md §15):
/// `{"type": "string", "format": "date-time"}` or `{"type": "string", "format": "uuid"}`.
///
/// Each format has one spelling, so that two platforms that agree on the value also agree on the text: JSON equality
/// (§5) compares strings scalar by scalar, and a Swift `Date` written as seconds since 2001 or a `UUID` in upper case
/// would otherwise diverge from Kotlin's `Instant` and `java.util.UUID` on the same value.
package enum StringFormat: String, Sendable, CaseIterable {
  /// An instant as RFC 3339 §5.6 `date-time` in UTC with exactly three fraction digits and `Z`:
  /// `2026-12-02T13:05:00.000Z`. The month, day, hour, minute and second must be in range for the date (no leap
  /// second, `60`).
  case dateTime = "date-time"
  /// A UUID in its canonical RFC 9562 §4 form, lower case: 8-4-4-4-12 hexadecimal digits,
  /// `0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f`. Any version and variant.
  case uuid

  /// How the format reads in messages: `date-time (RFC 3339 UTC with milliseconds, e.g. "2026-12-02T13:05:00.000Z")`.
  package var phrase: String {
    switch self {
    case .dateTime: return "date-time (RFC 3339 UTC with milliseconds, e.g. \"\(Self.sampleDate)\")"
    case .uuid: return "uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. \"\(Self.sampleUUID)\")"
    }
  }

  /// A valid value, for examples in messages and for generators.
  static let sampleDate = "2026-12-02T13:05:00.000Z"
  /// A valid value, for examples in messages and for generators.
  static let sampleUUID = "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f"

  /// Whether `text` is in this format, exactly as spelled above (scalar by scalar; no other case, offset or
  /// precision).
  package func admits(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    switch self {
    case .dateTime: return Self.isDateTime(bytes)
    case .uuid: return Self.isUUID(bytes)
    }
  }

  private static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if !(isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)) {
        return false
      }
    }
    return true
  }

  /// `YYYY-MM-DDTHH:MM:SS.sssZ`, with a real calendar date (Gregorian leap years) and a time of day in range.
  private static func isDateTime(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 24 else { return false }
    let separators: [Int: UInt8] = [
      4: UInt8(ascii: "-"), 7: UInt8(ascii: "-"), 10: UInt8(ascii: "T"), 13: UInt8(ascii: ":"),
      16: UInt8(ascii: ":"), 19: UInt8(ascii: "."), 23: UInt8(ascii: "Z"),
    ]
    for (index, byte) in bytes.enumerated() {
      if let separator = separators[index] {
        guard byte == separator else { return false }
      } else if !isDigit(byte) {
        return false
      }
    }
    func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
    let year = number(0..<4)
    let month = number(5..<7)
    let day = number(8..<10)
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return false }
    return number(11..<13) < 24 && number(14..<16) < 60 && number(17..<19) < 60
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
