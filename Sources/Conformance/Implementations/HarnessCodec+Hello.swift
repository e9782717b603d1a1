import Foundation

// MARK: - Hello replies

extension HarnessCodec {
  /// Checks a `hello` reply: `{"protocol":1,"implementation":{"name","language","version"},"features":{…}}`.
  ///
  /// - Returns: The info, with each feature mapped to its `initialState`, or what is wrong; a `protocol` other than 1
  ///   is reported as a version mismatch before anything else is checked.
  static func decodeHello(_ line: Data) -> Result<ImplementationInfo, Violation> {
    let value: JSONValue
    switch parse(line) {
    case .failure(let violation): return .failure(violation)
    case .success(let parsed): value = parsed
    }
    if let version = value["protocol"], version != .number(.integer(Int64(protocolVersion))) {
      return .failure(
        Violation(
          message: "the harness speaks protocol version \(JSONRenderer.compact(version, style: .display)), "
            + "but this runner speaks version \(protocolVersion)"))
    }
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a hello reply", issues: &issues) else {
      return .failure(violation(issues))
    }
    _ = reader.required("protocol", issues: &issues)
    let implementation = reader.object("implementation", required: true, issues: &issues)
    let features = reader.object("features", required: true, issues: &issues)
    reader.reportUnknownKeys(allowed: ["protocol", "implementation", "features"], issues: &issues)
    let (name, language, version) = implementation.map { readImplementation($0, issues: &issues) } ?? ("", "", "")
    let initialStates = readInitialStates(features ?? JSONObject(), issues: &issues)
    guard issues.isEmpty else { return .failure(violation(issues)) }
    var info = ImplementationInfo(
      name: name, language: language, version: version, features: initialStates.states, levels: initialStates.levels,
      reports: initialStates.reports)
    info.fieldTypes = initialStates.fieldTypes
    return .success(info)
  }

  /// The hello reply's `implementation`: `{"name", "language", "version"}`, each a string.
  private static func readImplementation(_ implementation: JSONObject, issues: inout IssueList) -> (
    name: String, language: String, version: String
  ) {
    guard
      var inner = ObjectReader(
        .object(implementation), at: .root.appending(key: "implementation"), what: "", issues: &issues)
    else { return ("", "", "") }
    let name = inner.string("name", required: true, issues: &issues) ?? ""
    let language = inner.string("language", required: true, issues: &issues) ?? ""
    let version = inner.string("version", required: true, issues: &issues) ?? ""
    inner.reportUnknownKeys(allowed: ["name", "language", "version"], issues: &issues)
    return (name, language, version)
  }

  /// The hello reply's `features`: feature name → `{"initialState": {…}, "levels"?: ["reducer", "runtime"],
  /// "reports"?: ["received", "inFlight"]}`; a feature without `levels` is reducer-only (§2.5), an empty list or an
  /// unknown level is a violation; `reports` is §2.5.6.
  private static func readInitialStates(_ features: JSONObject, issues: inout IssueList) -> (
    states: [String: JSONValue], levels: [String: Set<ScenarioLevel>], reports: [String: Set<RuntimeReport>],
    fieldTypes: [String: [String: String]]
  ) {
    var initialStates: [String: JSONValue] = [:]
    var levels: [String: Set<ScenarioLevel>] = [:]
    var reports: [String: Set<RuntimeReport>] = [:]
    var fieldTypes: [String: [String: String]] = [:]
    for member in features.members {
      let path = JSONPath.root.appending(key: "features").appending(key: member.key)
      guard var feature = ObjectReader(member.value, at: path, what: "a feature", issues: &issues) else { continue }
      if let state = feature.object("initialState", required: true, issues: &issues) {
        initialStates[member.key] = .object(state)
      }
      if let value = feature.value("levels") {
        levels[member.key] = readLevels(value, at: path.appending(key: "levels"), issues: &issues)
      }
      if let value = feature.value("reports") {
        reports[member.key] = readReports(value, at: path.appending(key: "reports"), issues: &issues)
      }
      // `fields` (format v1.2): path → platform type name, each a string.
      for field in feature.object("fields", required: false, issues: &issues)?.members ?? [] {
        guard case .string(let type) = field.value else {
          issues.add(path.appending(key: "fields").appending(key: field.key), "expected a type name (a string)")
          continue
        }
        fieldTypes[member.key, default: [:]][field.key] = type
      }
      feature.reportUnknownKeys(allowed: ["initialState", "levels", "reports", "fields"], issues: &issues)
    }
    return (initialStates, levels, reports, fieldTypes)
  }

  /// A feature's `levels`: a non-empty array of distinct names, each `"reducer"` or `"runtime"`.
  private static func readLevels(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> Set<ScenarioLevel> {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of levels (\"reducer\", \"runtime\"), got \(value.typeName)")
      return []
    }
    if elements.isEmpty {
      issues.add(
        path,
        "the list of levels is empty; declare at least one of \"reducer\", \"runtime\", or leave 'levels' out for reducer only"
      )
    }
    var levels = Set<ScenarioLevel>()
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element, let level = ScenarioLevel(rawValue: name) else {
        issues.add(
          path.appending(index: index),
          "unknown level \(JSONRenderer.compact(element, style: .display)) (known: \"reducer\", \"runtime\")")
        continue
      }
      if !levels.insert(level).inserted {
        issues.add(path.appending(index: index), "duplicate level \"\(name)\"; list each level once")
      }
    }
    return levels
  }
}
