/// The name rules of feature manifest format v1 (Conformance/README.md §1.3), the same patterns as
/// `Conformance/schema/manifest.schema.json`, so the runner and the schema check agree.
enum ManifestNames {
  /// A case name, the wire discriminator: lower camel case, `^[a-z][A-Za-z0-9]*$` (`emailChanged`).
  static func isCaseName(_ name: String) -> Bool {
    matches(name, first: isLower, rest: { isLetter($0) || isDigit($0) })
  }

  /// A field name: `^[A-Za-z_][A-Za-z0-9_]*$` (`isLoading`, `user_id`).
  static func isFieldName(_ name: String) -> Bool {
    matches(
      name, first: { isLetter($0) || $0 == UInt8(ascii: "_") },
      rest: { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
  }

  /// A named union: upper camel case, `^[A-Z][A-Za-z0-9]*$` (`LoginResult`).
  static func isTypeName(_ name: String) -> Bool {
    matches(name, first: isUpper, rest: { isLetter($0) || isDigit($0) })
  }

  /// A platform key: `^[a-z][a-z0-9]*$` (`swift`, `kotlin`).
  static func isPlatformName(_ name: String) -> Bool {
    matches(name, first: isLower, rest: { isLower($0) || isDigit($0) })
  }

  /// A spec rule id: `^[A-Z]+[0-9]+(\.[a-z])?$` (`L3`, `L3.d`, and the runtime rules' `LR1`).
  static func isRuleID(_ rule: String) -> Bool {
    let bytes = Array(rule.utf8)
    guard let first = bytes.first, isUpper(first) else { return false }
    var index = 1
    while index < bytes.count, isUpper(bytes[index]) { index += 1 }
    let digits = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > digits else { return false }
    if index == bytes.count { return true }
    return index + 2 == bytes.count && bytes[index] == UInt8(ascii: ".") && isLower(bytes[index + 1])
  }

  private static func matches(_ name: String, first: (UInt8) -> Bool, rest: (UInt8) -> Bool) -> Bool {
    guard let head = name.utf8.first, first(head) else { return false }
    return name.utf8.dropFirst().allSatisfy(rest)
  }

  private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
  private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
  private static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
