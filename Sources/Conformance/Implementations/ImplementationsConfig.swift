import Foundation

/// The harnesses the runner can start: the entries of `Conformance/implementations.json`, and `--harness NAME=COMMAND`
/// options (Conformance/PROTOCOL.md §4).
///
/// The file:
/// ```json
/// {
///   "$schema": "schema/implementations.schema.json",
///   "implementations": [
///     {"name": "kotlin", "description": "The Android view model's reducer, on the JVM.",
///      "command": ["scripts/kotlin-harness"], "workingDirectory": "..",
///      "startupTimeout": 120, "scenarioTimeout": 10, "restartBudget": 3, "environment": {"JAVA_OPTS": "-Xmx512m"}}
///   ]
/// }
/// ```
/// - `name` (required): kebab-case (`^[a-z0-9]+(-[a-z0-9]+)*$`), unique; `swift` is reserved for the built-in
///   implementation.
/// - `command` (required): argv, at least one non-empty string; no shell is involved. A relative `command[0]`
///   containing `/` resolves against the working directory; a bare name is looked up in `PATH` when the harness
///   starts.
/// - `workingDirectory`: relative to the folder of the file (default: that folder).
/// - `startupTimeout` (default 30) and `scenarioTimeout` (default 10): seconds, more than 0.
/// - `restartBudget` (default 3): restarts allowed after faults, a whole number, 0 or more.
/// - `environment`: variables added to the runner's environment, names to strings.
/// - `levels`: the scenario levels the harness runs, a non-empty list of distinct `"reducer"` and `"runtime"`
///   (default: both). A scenario of a level left out is `not applicable` for the harness, on purpose; without it, a
///   scenario the harness does not run is `skipped`, which fails the run (harness protocol §2.5.1).
/// - `features`: the features the harness implements, a non-empty list of distinct feature names (default: every
///   feature). A scenario of a feature left out is `not applicable` for the harness, as a level left out is.
/// - `description`: a non-empty sentence for people. `$schema` is allowed and ignored; any other key is an error.
package struct ImplementationsConfig: Sendable, Equatable {
  /// The conventional location, relative to the repository root.
  package static let defaultPath = "Conformance/implementations.json"
  /// Names no harness may take: `swift`, the built-in in-process implementation.
  package static let reservedNames: Set<String> = ["swift"]

  /// The entries, in file order.
  package var implementations: [HarnessConfiguration]

  /// Creates a configuration from entries.
  package init(implementations: [HarnessConfiguration] = []) {
    self.implementations = implementations
  }

  /// The entry named `name`, if any.
  package func implementation(named name: String) -> HarnessConfiguration? {
    implementations.first { $0.name == name }
  }

  /// Adds `entry`, replacing an entry with the same name (so `--harness kotlin=…` overrides the file's `kotlin`).
  package mutating func add(_ entry: HarnessConfiguration) {
    if let index = implementations.firstIndex(where: { $0.name == entry.name }) {
      implementations[index] = entry
    } else {
      implementations.append(entry)
    }
  }

  // MARK: - Loading

  /// Reads and validates an implementations file.
  ///
  /// - Parameters:
  ///   - url: The file; relative working directories resolve against its folder.
  ///   - displayName: How the file is named in errors, e.g. `Conformance/implementations.json`.
  /// - Returns: The configuration, or every problem found, each naming the file and JSON path (for syntax errors, line
  ///   and column).
  package static func load(_ url: URL, displayName: String) -> Result<ImplementationsConfig, InputErrors> {
    switch JSONFile.read(url, displayName: displayName) {
    case .failure(let error): return .failure(InputErrors([error]))
    case .success(let value):
      return load(value, file: displayName, folder: url.deletingLastPathComponent())
    }
  }

  /// Validates a parsed implementations document.
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - file: The file name used in errors.
  ///   - folder: The folder relative working directories resolve against (the file's folder).
  /// - Returns: The configuration, or every problem found.
  package static func load(_ value: JSONValue, file: String, folder: URL) -> Result<ImplementationsConfig, InputErrors>
  {
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "an implementations file", issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    let list = reader.required("implementations", issues: &issues)
    reader.reportUnknownKeys(allowed: ["implementations"], issues: &issues)
    var entries: [HarnessConfiguration] = []
    if let list {
      let path = JSONPath.root.appending(key: "implementations")
      if case .array(let elements) = list {
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
          let entryPath = path.appending(index: index)
          guard let entry = readEntry(element, at: entryPath, folder: folder, issues: &issues) else { continue }
          if let first = seen[entry.name] {
            issues.add(
              entryPath.appending(key: "name"),
              "duplicate name '\(entry.name)' (also used by implementations[\(first)]); names must be unique")
          } else {
            seen[entry.name] = index
          }
          entries.append(entry)
        }
      } else {
        issues.add(path, "expected an array of implementations, got \(list.typeName)")
      }
    }
    guard issues.isEmpty else { return .failure(InputErrors(issues.errors(file: file))) }
    return .success(ImplementationsConfig(implementations: entries))
  }

  // MARK: - Pieces

  private static let entryKeys = [
    "name", "description", "command", "workingDirectory", "startupTimeout", "scenarioTimeout", "restartBudget",
    "environment", "levels", "features",
  ]

  private static func readEntry(_ value: JSONValue, at path: JSONPath, folder: URL, issues: inout IssueList)
    -> HarnessConfiguration?
  {
    let before = issues.items.count
    guard var reader = ObjectReader(value, at: path, what: "an implementation", issues: &issues) else { return nil }
    let name = reader.string("name", required: true, issues: &issues)
    if let name, let problem = nameProblem(name) { issues.add(path.appending(key: "name"), problem) }
    let description = reader.string("description", required: false, issues: &issues)
    if let description, description.allSatisfy(\.isWhitespace) {
      issues.add(
        path.appending(key: "description"), "the description is empty; say what the harness runs, or leave it out")
    }
    let command = readCommand(&reader, issues: &issues)
    let directory = reader.string("workingDirectory", required: false, issues: &issues)
    if let directory, directory.isEmpty {
      issues.add(path.appending(key: "workingDirectory"), "the working directory is empty; leave it out to mean '.'")
    }
    let startupTimeout = reader.seconds("startupTimeout", issues: &issues)
    let scenarioTimeout = reader.seconds("scenarioTimeout", issues: &issues)
    let restartBudget = readRestartBudget(&reader, issues: &issues)
    let environment = readEnvironment(&reader, issues: &issues)
    let levels = readLevels(&reader, issues: &issues)
    let features = readFeatures(&reader, issues: &issues)
    reader.reportUnknownKeys(allowed: entryKeys, issues: &issues)
    guard issues.items.count == before, let name, let command else { return nil }
    let base = folder.absoluteURL.path
    let workingDirectory = directory.map { $0.hasPrefix("/") ? $0 : (base as NSString).appendingPathComponent($0) }
    return HarnessConfiguration(
      name: name, command: command, workingDirectory: directoryURL(workingDirectory ?? base),
      environment: environment, description: description,
      startupTimeout: startupTimeout ?? HarnessConfiguration.defaultStartupTimeout,
      scenarioTimeout: scenarioTimeout ?? HarnessConfiguration.defaultScenarioTimeout,
      restartBudget: restartBudget ?? HarnessConfiguration.defaultRestartBudget, levels: levels, features: features)
  }

  /// The entry's `levels`: a non-empty list of distinct level names, or `nil` when absent (or invalid, reported).
  private static func readLevels(_ reader: inout ObjectReader, issues: inout IssueList) -> Set<ScenarioLevel>? {
    guard let value = reader.value("levels") else { return nil }
    let path = reader.path.appending(key: "levels")
    let expected = "a non-empty list of distinct levels, \"reducer\" or \"runtime\""
    guard case .array(let elements) = value, !elements.isEmpty else {
      issues.add(path, "expected \(expected), got \(JSONRenderer.compact(value, style: .display))")
      return nil
    }
    var levels = Set<ScenarioLevel>()
    for (index, element) in elements.enumerated() {
      guard case .string(let word) = element, let level = ScenarioLevel(rawValue: word) else {
        let hint = element.stringValue.flatMap { word in
          Suggestion.closest(to: word, among: ScenarioLevel.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" }
        }
        issues.add(
          path.appending(index: index),
          "expected \"reducer\" or \"runtime\", got \(JSONRenderer.compact(element, style: .display))\(hint ?? "")")
        return nil
      }
      guard levels.insert(level).inserted else {
        issues.add(path.appending(index: index), "'\(word)' is listed twice; list each level once")
        return nil
      }
    }
    return levels
  }

  private static func readCommand(_ reader: inout ObjectReader, issues: inout IssueList) -> [String]? {
    guard let value = reader.required("command", issues: &issues) else { return nil }
    let path = reader.path.appending(key: "command")
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of strings (the program, then its arguments), got \(value.typeName)")
      return nil
    }
    if elements.isEmpty {
      issues.add(path, "the command is empty; give at least the program to run, e.g. [\"scripts/kotlin-harness\"]")
    }
    var words: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let word) = element, !word.isEmpty, !word.unicodeScalars.contains("\0") else {
        issues.add(
          path.appending(index: index),
          "expected a non-empty string without U+0000, got \(JSONRenderer.compact(element, style: .display))")
        continue
      }
      words.append(word)
    }
    return words.count == elements.count && !words.isEmpty ? words : nil
  }

  private static func readRestartBudget(_ reader: inout ObjectReader, issues: inout IssueList) -> Int? {
    guard let value = reader.value("restartBudget") else { return nil }
    guard case .number(let number) = value, let count = number.int64Value, (0...1_000_000).contains(count) else {
      issues.add(
        reader.path.appending(key: "restartBudget"),
        "expected a whole number of restarts from 0 to 1000000, got \(JSONRenderer.compact(value, style: .display))")
      return nil
    }
    return Int(count)
  }

  private static func readEnvironment(_ reader: inout ObjectReader, issues: inout IssueList) -> [String: String] {
    guard let object = reader.object("environment", required: false, issues: &issues) else { return [:] }
    let path = reader.path.appending(key: "environment")
    var environment: [String: String] = [:]
    for (key, value) in object.members {
      if key.isEmpty || key.contains("=") || key.unicodeScalars.contains("\0") {
        issues.add(path.appending(key: key), "'\(key)' is not a variable name (it must be non-empty, without '=')")
      } else if case .string(let string) = value, !string.unicodeScalars.contains("\0") {
        environment[key] = string
      } else {
        issues.add(
          path.appending(key: key),
          "expected a string without U+0000, got \(JSONRenderer.compact(value, style: .display))")
      }
    }
    return environment
  }

  /// A directory URL for `path` with `.` and `..` resolved (lexically; symbolic links are kept), always with the same
  /// trailing-slash form so that equal folders compare equal.
  static func directoryURL(_ path: String) -> URL {
    URL(fileURLWithPath: (path as NSString).standardizingPath, isDirectory: true)
  }

  /// Why `name` cannot name a harness, or `nil` when it can.
  static func nameProblem(_ name: String) -> String? {
    if !ScenarioLoader.isKebabCase(name) {
      return "the name '\(name)' is not kebab-case (lowercase letters and digits joined by single '-')"
    }
    if reservedNames.contains(name) {
      return "the name '\(name)' is reserved for the built-in Swift implementation; choose another name"
    }
    return nil
  }
}
