import Foundation

/// A baseline (the file `known-divergences.json`): the (scenario, implementation) pairs that are expected to fail, or to diverge from
/// the other implementations, each with its reason (Conformance/README.md §12; schema
/// `Conformance/schema/known-divergences.schema.json`). Modelled on protobuf's conformance failure lists and Bowtie's
/// expected failures, with strict rules: a listed pair that passes, fails differently, or outlives its expiry date
/// fails the gate, and an entry that matches no scenario makes the file invalid.
///
/// The file:
/// ```json
/// {
///   "$schema": "schema/known-divergences.schema.json",
///   "entries": [
///     {"scenario": "login-gbt-625-7", "implementations": ["swift"], "expect": "fails",
///      "step": 1, "paths": ["effects[0]", "state.error", "state.isLoading"],
///      "reason": "Swift 6.3 follows Unicode 17.0, where U+2701 is no longer Extended_Pictographic.",
///      "spec": "login.md §3.3", "expires": "2027-06-30"}
///   ]
/// }
/// ```
/// - `scenario` (required): a scenario id, or a pattern where `*` stands for any run of characters (`login-gbt-*`).
/// - `implementations` (required): one or more implementation names, unique.
/// - `expect` (required): `fails` (each listed implementation fails the scenario's expectation) or `diverges` (the
///   listed implementations' traces differ, although none fails the expectation: a non-exhaustive scenario).
/// - `step` (required): the 1-based step where it happens; `paths` (required): the JSON paths that differ there, as
///   reports print them (`state.error`, `effects[0]`), with every call left pending at the end (`pending.a1`); order
///   does not matter.
/// - `laterPaths` (optional): the paths later steps also fail (`fails`) or differ (`diverges`) at, beyond `paths`;
///   absent means none
///   (later steps may fail only at `paths`). ``RecordedFailure`` is the one definition both the check and
///   `--update-baseline` use.
/// - `reason` and `spec` (required): why, and the spec section; non-empty.
/// - `expires` (optional): `YYYY-MM-DD`; from the day after it, the entry fails the gate.
/// `$schema` is kept (``schema``) so a rewrite writes it back; any other key is an error.
package struct Baseline: Sendable, Equatable {
  /// The file name used for the default baseline, next to the `scenarios` folder.
  package static let defaultFileName = "known-divergences.json"

  /// The file, as reports name it.
  package var file: String
  /// The entries, in file order (their index is their JSON path, `entries[i]`).
  package var entries: [Entry]
  /// The file's `$schema` reference, if it has one; a rewrite (`--update-baseline`) writes it back unchanged.
  package var schema: String?
  /// Where the entries lie in the file's text, when read from a file: a rewrite keeps the text of the entries it
  /// keeps (``BaselineLayout``).
  package var layout: BaselineLayout?
  /// The file's bytes as read, when it was read from a file: `--update-baseline` replaces the file only while it
  /// still holds exactly these.
  package var source: Data?

  /// Creates a baseline.
  package init(file: String, entries: [Entry], schema: String? = nil) {
    self.file = file
    self.entries = entries
    self.schema = schema
  }

  /// How reports name entry `index`: `Conformance/known-divergences.json: entries[3]`.
  package func name(of index: Int) -> String { "\(file): entries[\(index)]" }
}

// MARK: - Loading

extension Baseline {
  /// Reads and validates a baseline file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - displayName: How errors and reports name it.
  ///   - keepingText: Whether to keep the file's bytes and the text of each entry (``source``, ``layout``), which only
  ///     `--update-baseline` needs to rewrite the file as written by hand; a run that only applies the baseline reads
  ///     the file once and skips that scan.
  /// - Returns: The baseline, or every problem found, each naming the file and JSON path (line and column for
  ///   syntax errors).
  package static func load(_ url: URL, displayName: String, keepingText: Bool = true) -> Result<Baseline, InputErrors> {
    switch JSONFile.read(url, displayName: displayName) {
    case .failure(let error): return .failure(InputErrors([error]))
    case .success(let value):
      return load(value, file: displayName).map { baseline in
        var baseline = baseline
        if keepingText, let bytes = try? Data(contentsOf: url) {
          baseline.source = bytes
          if let text = String(data: bytes, encoding: .utf8) {
            baseline.layout = BaselineLayout(text: text, count: baseline.entries.count)
          }
        }
        return baseline
      }
    }
  }

  /// Validates a parsed baseline document (see the type's documentation for the rules).
  package static func load(_ value: JSONValue, file: String) -> Result<Baseline, InputErrors> {
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a known-divergences file", issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    let list = reader.required("entries", issues: &issues)
    var schema: String?
    if case .string(let text)? = reader.value("$schema") { schema = text }
    reader.reportUnknownKeys(allowed: ["entries"], issues: &issues)
    var entries: [Entry] = []
    var fileIndices: [Int] = []
    if let list {
      let path = JSONPath.root.appending(key: "entries")
      if case .array(let elements) = list {
        for (index, element) in elements.enumerated() {
          if let entry = readEntry(element, at: path.appending(index: index), issues: &issues) {
            entries.append(entry)
            fileIndices.append(index)
          }
        }
      } else {
        issues.add(path, "expected an array of entries, got \(list.typeName)")
      }
    }
    rejectOverlaps(Array(zip(fileIndices, entries)), issues: &issues)
    guard issues.isEmpty else { return .failure(InputErrors(issues.errors(file: file))) }
    return .success(Baseline(file: file, entries: entries, schema: schema))
  }

  /// Two entries with the same scenario id (or pattern), expectation and a shared implementation: only the first
  /// would ever be judged, so the second could go stale unseen.
  private static func rejectOverlaps(_ entries: [(index: Int, entry: Entry)], issues: inout IssueList) {
    var seen: [String: Int] = [:]
    for (index, entry) in entries {
      for implementation in entry.implementations {
        let key = "\(entry.expect.rawValue)\u{0}\(entry.scenario)\u{0}\(implementation)"
        if let first = seen[key] {
          issues.add(
            JSONPath([.key("entries"), .index(index)]),
            "repeats entries[\(first)] ('\(entry.scenario)' \(entry.expect.rawValue) on '\(implementation)'); keep one entry per pair"
          )
          break
        }
        seen[key] = index
      }
    }
  }

  static let entryKeys = [
    "scenario", "implementations", "expect", "step", "paths", "laterPaths", "reason", "spec", "expires",
  ]

  private static func readEntry(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> Entry? {
    let before = issues.items.count
    guard var reader = ObjectReader(value, at: path, what: "an entry", issues: &issues) else { return nil }
    let scenario = nonEmpty("scenario", &reader, issues: &issues)
    let implementations = strings("implementations", &reader, issues: &issues)
    let expectText = reader.string("expect", required: true, issues: &issues)
    let expect = expectText.flatMap(Expectation.init(rawValue:))
    if let expectText, expect == nil {
      issues.add(path.appending(key: "expect"), "expected 'fails' or 'diverges', got '\(expectText)'")
    }
    var step: Int?
    if let value = reader.required("step", issues: &issues) {
      if case .number(let number) = value, let int = number.int64Value, (0...Int64(Int32.max)).contains(int) {
        step = Int(int)
      } else {
        issues.add(
          path.appending(key: "step"),
          "expected a step number (0 for the creation, or 1 or more), got \(JSONRenderer.compact(value, style: .display))"
        )
      }
    }
    if expect == .diverges, let implementations, implementations.count < 2 {
      issues.add(
        path.appending(key: "implementations"),
        "a 'diverges' entry names the implementations whose traces differ: at least two, got \(implementations.count)")
    }
    let paths = strings("paths", &reader, issues: &issues)
    let laterPaths = reader.value("laterPaths") == nil ? [] : strings("laterPaths", &reader, issues: &issues)
    let reason = nonEmpty("reason", &reader, issues: &issues)
    let spec = nonEmpty("spec", &reader, issues: &issues)
    let expires = reader.string("expires", required: false, issues: &issues)
    if let expires, !isValidDate(expires) {
      issues.add(path.appending(key: "expires"), "expected a date 'YYYY-MM-DD', got '\(expires)'")
    }
    reader.reportUnknownKeys(allowed: entryKeys, issues: &issues)
    guard issues.items.count == before, let scenario, let implementations, let expect, let step, let paths,
      let laterPaths, let reason, let spec
    else { return nil }
    return Entry(
      scenario: scenario, implementations: implementations, expect: expect, step: step, paths: paths,
      laterPaths: laterPaths, reason: reason, spec: spec, expires: expires)
  }

  private static func nonEmpty(_ key: String, _ reader: inout ObjectReader, issues: inout IssueList) -> String? {
    guard let text = reader.string(key, required: true, issues: &issues) else { return nil }
    if text.allSatisfy(\.isWhitespace) {
      issues.add(reader.path.appending(key: key), "'\(key)' is empty")
      return nil
    }
    return text
  }

  /// A required array of unique, non-empty strings with at least one element.
  private static func strings(_ key: String, _ reader: inout ObjectReader, issues: inout IssueList) -> [String]? {
    guard let value = reader.required(key, issues: &issues) else { return nil }
    let path = reader.path.appending(key: key)
    guard case .array(let elements) = value, !elements.isEmpty else {
      issues.add(path, "expected a non-empty array of strings, got \(JSONRenderer.compact(value, style: .display))")
      return nil
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element, !text.isEmpty else {
        issues.add(path.appending(index: index), "expected a non-empty string, got \(element.typeName)")
        return nil
      }
      if result.contains(text) {
        issues.add(path.appending(index: index), "'\(text)' is listed twice")
        return nil
      }
      result.append(text)
    }
    return result
  }

  /// Whether `text` is a real calendar date `YYYY-MM-DD` (ISO 8601 calendar date, Gregorian).
  package static func isValidDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
    else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }

  /// Today's date in UTC, `YYYY-MM-DD`.
  package static func today(_ now: Date = Date()) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    let pad = { (value: Int?, width: Int) -> String in
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
  }
}
