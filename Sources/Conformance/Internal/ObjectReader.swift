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
    guard let value = required ? self.required(key, issues: &issues) : value(key) else { return nil }
    guard case .string(let string) = value else {
      issues.add(path.appending(key: key), "expected a string, got \(value.typeName)")
      return nil
    }
    return string
  }

  /// A Boolean member, optional.
  mutating func bool(_ key: String, issues: inout IssueList) -> Bool? {
    guard let value = value(key) else { return nil }
    guard case .bool(let bool) = value else {
      issues.add(path.appending(key: key), "expected true or false, got \(value.typeName)")
      return nil
    }
    return bool
  }

  /// An object member, required or optional.
  mutating func object(_ key: String, required: Bool, issues: inout IssueList) -> JSONObject? {
    guard let value = required ? self.required(key, issues: &issues) : value(key) else { return nil }
    guard case .object(let object) = value else {
      issues.add(path.appending(key: key), "expected an object, got \(value.typeName)")
      return nil
    }
    return object
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
  /// (typo protection).
  func reportUnknownKeys(allowed: [String], issues: inout IssueList) {
    for member in object.members
    where member.key != "$schema" && !allowed.contains(where: { ScalarOrder.equal($0, member.key) }) {
      let key = member.key
      let suggestion = Suggestion.closest(to: key, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
      issues.add(
        path.appending(key: key),
        "unknown key \(quotedName(key))\(suggestion) (allowed: \(allowed.joined(separator: ", ")))")
    }
  }
}

/// Picks the closest known name for a misspelt one, for "did you mean …?" hints.
/// A name from user input quoted for a message: `'sumbit'`, or, past 64 scalars, its start and its length
/// (`'xxxx…' (10485760 characters)`), so a huge unknown name cannot flood the report.
package func quotedName(_ name: String) -> String {
  guard name.utf8.count > Suggestion.maximumLength else { return "'\(name)'" }
  let scalars = name.unicodeScalars
  guard scalars.count > Suggestion.maximumLength else { return "'\(name)'" }
  let head = String(String.UnicodeScalarView(scalars.prefix(Suggestion.maximumLength)))
  return "'\(head)…' (\(scalars.count) characters)"
}

package enum Suggestion {
  /// The candidate nearest to `word` by edit distance (with transpositions) (case-insensitive), if the distance is at most a third
  /// of the word's length (at least 1); `nil` when nothing is that close. Names of ``maximumLength`` scalars or more
  /// get no suggestion, and a candidate whose length alone differs by more than the allowed distance is not scored,
  /// so a 10 MiB unknown name costs a length check, not a 10 MiB × n table.
  ///
  /// - Parameters:
  ///   - word: What the user wrote, e.g. `--fitler`.
  ///   - candidates: The valid names.
  /// - Returns: The suggestion, or `nil`.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let length = word.unicodeScalars.count
    guard length < maximumLength else { return nil }
    let allowed = max(1, length / 3)
    let scored = candidates.filter { abs($0.unicodeScalars.count - length) <= allowed }.map {
      ($0, distance(Array(word.lowercased().unicodeScalars), Array($0.lowercased().unicodeScalars)))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed else {
      return nil
    }
    return best.0
  }

  /// Names this long or longer get no suggestion: 64 scalars.
  package static let maximumLength = 64

  /// Optimal string alignment distance: Levenshtein plus adjacent transpositions, so 'emial' is 1 from 'email'.
  private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
