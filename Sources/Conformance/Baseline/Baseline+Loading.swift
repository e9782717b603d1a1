import Foundation

// MARK: - Loading

extension Baseline {
  /// Reads and validates a baseline file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - displayName: How errors and reports name it.
  /// - Returns: The baseline, or every problem found, each naming the file and JSON path (line and column for
  ///   syntax errors).
  package static func load(_ url: URL, displayName: String) -> Result<Baseline, InputErrors> {
    switch JSONFile.read(url, displayName: displayName) {
    case .failure(let error): return .failure(InputErrors([error]))
    case .success(let value):
      return load(value, file: displayName).map { baseline in
        var baseline = baseline
        if let bytes = try? Data(contentsOf: url) {
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
