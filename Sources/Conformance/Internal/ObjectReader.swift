import Foundation

/// Reads the members of a closed JSON object, recording type errors and unknown keys as issues instead of throwing,
/// so one pass reports every problem in a document.
struct ObjectReader {
  let object: JSONObject
  let path: JSONPath

  /// Starts reading `value` at `path`, recording an issue and returning `nil` when it is not an object.
  init?(_ value: JSONValue, at path: JSONPath, what: String, issues: inout IssueList) {
    guard case .object(let object) = value else {
      issues.add(path, "expected \(what) (a JSON object), got \(value.typeName)")
      return nil
    }
    self.object = object
    self.path = path
  }

  /// The raw member.
  func value(_ key: String) -> JSONValue? {
    object[key]
  }

  /// A required member; a missing one is recorded.
  mutating func required(_ key: String, issues: inout IssueList) -> JSONValue? {
    guard let value = value(key) else {
      issues.add(path, "missing required key '\(key)'")
      return nil
    }
    return value
  }

  /// A string member, required or optional.
  mutating func string(_ key: String, required: Bool, issues: inout IssueList) -> String? {
    member(key, required: required, expected: "a string", issues: &issues, \.stringValue)
  }

  /// A Boolean member, optional.
  mutating func bool(_ key: String, issues: inout IssueList) -> Bool? {
    member(key, required: false, expected: "true or false", issues: &issues, \.boolValue)
  }

  /// An object member, required or optional.
  mutating func object(_ key: String, required: Bool, issues: inout IssueList) -> JSONObject? {
    member(key, required: required, expected: "an object", issues: &issues, \.objectValue)
  }

  /// A member of the type `read` takes out of a value; one of another type is recorded as `expected …, got …`.
  private mutating func member<T>(
    _ key: String, required: Bool, expected: String, issues: inout IssueList, _ read: (JSONValue) -> T?
  ) -> T? {
    guard let value = required ? self.required(key, issues: &issues) : value(key) else { return nil }
    guard let typed = read(value) else {
      issues.add(path.appending(key: key), "expected \(expected), got \(value.typeName)")
      return nil
    }
    return typed
  }

  /// A positive number member in seconds, optional.
  mutating func seconds(_ key: String, issues: inout IssueList) -> Double? {
    guard let value = value(key) else { return nil }
    guard case .number(let number) = value, number.doubleValue > 0 else {
      issues.add(
        path.appending(key: key),
        "expected a positive number of seconds, got \(JSONRenderer.compact(value, style: .display))")
      return nil
    }
    return number.doubleValue
  }

  /// Records every member whose key is not in `allowed` (nor `$schema`, always allowed), naming the allowed keys
  /// (typo protection). Keys in `reportedElsewhere` are passed over without being offered in the hint: the caller
  /// reports them with a message of their own.
  func reportUnknownKeys(allowed: [String], reportedElsewhere: [String] = [], issues: inout IssueList) {
    // Two look-ups rather than one in a joined list: this runs for every object of every document, and the join
    // would allocate each time.
    for member in object.members
    where member.key != "$schema" && !allowed.contains(where: { ScalarOrder.equal($0, member.key) })
      && !reportedElsewhere.contains(where: { ScalarOrder.equal($0, member.key) })
    {
      let key = member.key
      let suggestion = Suggestion.closest(to: key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
      issues.add(
        path.appending(key: key),
        "unknown key \(quotedName(key))\(suggestion) (allowed: \(allowed.joined(separator: ", ")))")
    }
  }
}

/// A name from user input quoted for a message: `'sumbit'`, or, past 64 scalars, its start and its length
/// (`'xxxx…' (10485760 characters)`), so a huge unknown name cannot flood the report.
///
/// A name that is not in Unicode Normalization Form C (UAX #15) is followed by its non-ASCII scalars, because names
/// match by exact scalars (scenario format §5) and such a name looks like one it does not match: U+212A KELVIN SIGN
/// is quoted `'K' (U+212A KELVIN SIGN, not NFC)`, a decomposed `é` as `'é' (U+0301 COMBINING ACUTE ACCENT, not
/// NFC)`.
package func quotedName(_ name: String) -> String {
  guard name.utf8.count > Suggestion.maximumLength else { return "'\(name)'\(nonNFCNote(name))" }
  let scalars = name.unicodeScalars
  guard scalars.count > Suggestion.maximumLength else { return "'\(name)'\(nonNFCNote(name))" }
  let head = String(String.UnicodeScalarView(scalars.prefix(Suggestion.maximumLength)))
  return "'\(head)…' (\(scalars.count) characters)"
}

/// ` (U+212A KELVIN SIGN, not NFC)` for a name whose NFC form (UAX #15) has other scalars; empty for a name in NFC
/// (every ASCII name is). It names up to eight distinct non-ASCII scalars by code point and Unicode name, first those
/// that make the name differ (a scalar NFC replaces, such as a singleton, or a combining mark), then the others.
func nonNFCNote(_ name: String) -> String {
  guard !name.utf8.allSatisfy({ $0 < 0x80 }),
    !name.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(name.unicodeScalars)
  else { return "" }
  var nonASCII: [Unicode.Scalar] = []
  for scalar in name.unicodeScalars where !scalar.isASCII && !nonASCII.contains(scalar) { nonASCII.append(scalar) }
  func changes(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.canonicalCombiningClass != .notReordered || JSONRenderer.changesUnderNFC(scalar)
  }
  nonASCII = nonASCII.filter(changes) + nonASCII.filter { !changes($0) }
  var listed = nonASCII.prefix(8).map { scalar in
    let digits = String(scalar.value, radix: 16, uppercase: true)
    let name = scalar.properties.name ?? scalar.properties.nameAlias
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + (name.map { " \($0)" } ?? "")
  }
  if nonASCII.count > 8 { listed.append("…") }
  return " (\(listed.joined(separator: ", ")), not NFC)"
}
