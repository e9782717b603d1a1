// MARK: - Formatted strings (format v1.2, Conformance/README.md §15)

extension FuzzGenerator {
  /// The edges of a `date-time`: the Unix epoch, the first and last instants a four-digit year spells, a leap day,
  /// the last millisecond of a day, and the 32-bit seconds limit (2038).
  static let dateEdges = [
    "1970-01-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2024-02-29T12:00:00.000Z",
    "1999-12-31T23:59:59.999Z", "2038-01-19T03:14:07.000Z", "1969-12-31T23:59:59.999Z",
  ]

  /// The edges of a `uuid`: the nil UUID, the max UUID (RFC 9562 §5.9, §5.10) and one of each common version.
  static let uuidEdges = [
    "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "123e4567-e89b-12d3-a456-426614174000", StringFormat.sampleUUID,
  ]

  /// A string in `format`, always valid (so that a scenario holds it): an edge 30% of the time, a value generated
  /// earlier in the case 20% of the time (ids repeat in real flows: the item a screen selects is one it listed),
  /// else a random one. Recorded in `earlier`.
  func formatted(_ format: StringFormat, earlier: inout [String], random: inout FuzzRandom) -> String {
    let value: String
    if random.chance(20), let again = random.pick(earlier.filter(format.admits)) {
      value = again
    } else if random.chance(30) {
      value = random.pick(format == .dateTime ? Self.dateEdges : Self.uuidEdges) ?? ""
    } else {
      value = format == .dateTime ? Self.randomDate(random: &random) : Self.randomUUID(random: &random)
    }
    earlier.append(value)
    return value
  }

  private static func randomDate(random: inout FuzzRandom) -> String {
    let year = 1970 + random.below(131)
    let month = 1 + random.below(12)
    let day = 1 + random.below(StringFormat.daysIn(month: month, year: year))
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(random.below(24), 2)):"
      + "\(padded(random.below(60), 2)):\(padded(random.below(60), 2)).\(padded(random.below(1000), 3))Z"
  }

  private static func randomUUID(random: inout FuzzRandom) -> String {
    let digits = Array("0123456789abcdef")
    var text = ""
    for index in 0..<32 {
      if [8, 12, 16, 20].contains(index) { text.append("-") }
      text.append(digits[random.below(16)])
    }
    return text
  }
}
