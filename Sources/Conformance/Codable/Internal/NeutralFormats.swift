import Foundation

/// The one spelling of a `Date` and a `UUID` in the neutral form (format v1.2, Conformance/README.md §15): RFC 3339 UTC
/// with milliseconds, and the lower-case canonical UUID. Synthesized `Codable` would write a `Date` as seconds since
/// 2001 and a `UUID` in upper case, and Foundation on Linux parses malformed UUIDs; the bridge uses these instead.
enum NeutralFormats {
  /// `2026-12-02T13:05:00.000Z` for a date, rounded to the nearest millisecond (proleptic Gregorian calendar, UTC).
  static func text(of date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    let (year, month, day) = civil(fromDays: days)
    let seconds = dayMilliseconds / 1000
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(seconds / 3600, 2)):"
      + "\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2)).\(padded(dayMilliseconds % 1000, 3))Z"
  }

  /// The date `text` spells, or `nil` unless it is exactly in ``StringFormat/dateTime``.
  static func date(from text: String) -> Date? {
    guard StringFormat.dateTime.admits(text) else { return nil }
    let digits = Array(text.utf8).map { Int64($0) - 48 }
    func number(_ range: Range<Int>) -> Int64 { digits[range].reduce(0) { $0 * 10 + $1 } }
    let days = days(fromCivil: number(0..<4), number(5..<7), number(8..<10))
    let seconds = number(11..<13) * 3600 + number(14..<16) * 60 + number(17..<19)
    let milliseconds = (days * 86_400 + seconds) * 1000 + number(20..<23)
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The UUID `text` spells, or `nil` unless it is exactly in ``StringFormat/uuid`` (lower case, 8-4-4-4-12).
  static func uuid(from text: String) -> UUID? {
    guard StringFormat.uuid.admits(text) else { return nil }
    return UUID(uuidString: text)
  }

  /// `uuid` in lower case.
  static func text(of uuid: UUID) -> String { uuid.uuidString.lowercased() }

  // Howard Hinnant's `days_from_civil` and `civil_from_days` (proleptic Gregorian, day 0 = 1970-01-01).

  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivision(y, 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivision(z, 146_097).quotient
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = ((a % b) + b) % b
    return ((a - remainder) / b, remainder)
  }

  private static func padded(_ number: Int64, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
