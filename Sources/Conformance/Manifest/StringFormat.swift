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
