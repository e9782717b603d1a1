import Foundation

/// Turns a parsed scenario document into a validated ``Scenario``, checking it against scenario format v1.4 (v1, its
/// runtime level, Conformance/README.md §13, and what v1.2 to v1.4 add, §14–18) and the feature manifest.
///
/// All problems in one document are reported together, each with the file and JSON path.
package struct ScenarioLoader: Sendable {
  /// The manifests scenarios are checked against, keyed by feature name.
  package var manifests: [String: FeatureManifest]
  /// Manifests that failed to load, by feature name and file, so a scenario of that feature can point at the cause.
  package var brokenManifests: [String: String]
  /// Whether a runtime `respond` may name a call no earlier step's `expect.calls` declares (default `false`).
  ///
  /// Only `conformance record` sets it: it resolves such a name to a call the implementation starts
  /// (``ResponseResolution``), so that a file with several `respond` steps and no expectations is recorded in one
  /// pass. Every other reader keeps the rule of scenario format §13.5 and reports the name at
  /// `steps[i].respond.call`.
  package var acceptsUndeclaredResponses = false

  /// The keys a scenario may have (scenario format §3.1); `$schema` is also allowed and ignored.
  static let scenarioKeys = [
    "id", "feature", "description", "rules", "tags", "initialState", "steps", "exhaustive", "level",
    "leavesRunning", "start",
  ]

  /// Creates a loader over a set of manifests.
  ///
  /// - Parameters:
  ///   - manifests: Feature name → manifest.
  ///   - brokenManifests: Feature name → manifest file, for manifests that exist but have errors.
  package init(manifests: [String: FeatureManifest], brokenManifests: [String: String] = [:]) {
    self.manifests = manifests
    self.brokenManifests = brokenManifests
  }

  /// Reads and validates one scenario file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - displayName: How the file is named in reports.
  /// - Returns: The scenario, or every problem found in the file.
  package func load(_ url: URL, displayName: String) -> Result<Scenario, InputErrors> {
    switch JSONFile.read(url, displayName: displayName) {
    case .failure(let error): return .failure(InputErrors([error]))
    case .success(let value): return load(value, file: displayName)
    }
  }

  /// Validates a parsed scenario document.
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - file: The file name used in errors and reports.
  /// - Returns: The scenario, or every problem found.
  package func load(_ value: JSONValue, file: String) -> Result<Scenario, InputErrors> {
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a scenario", issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    // An invalid level leaves no way to read the steps: every step error would follow from it, so it is the only one
    // reported (Conformance/README.md §13.5).
    var levelIssues = IssueList()
    guard let level = readLevel(&reader, issues: &levelIssues) else {
      return .failure(InputErrors(levelIssues.errors(file: file)))
    }
    // Plain string work: building a URL for every file cost more than validating it.
    let parts = PathParts(file)
    let id = readID(&reader, parts: parts, issues: &issues)
    let feature = readFeature(&reader, parts: parts, issues: &issues)
    let description = readDescription(&reader, issues: &issues)
    let tags = readTags(&reader, issues: &issues)
    let exhaustive = reader.bool("exhaustive", issues: &issues) ?? true
    let initialStateValue = reader.value("initialState")
    let stepsValue = reader.required("steps", issues: &issues)
    let leavesRunningValue = reader.value("leavesRunning")
    let startValue = reader.value("start")
    let rulesValue = reader.value("rules")
    reader.reportUnknownKeys(allowed: Self.scenarioKeys, issues: &issues)

    let manifest = manifests[feature]
    if manifest == nil, !feature.isEmpty { reportMissingManifest(of: feature, issues: &issues) }
    let rules = readRules(rulesValue, manifest: manifest, issues: &issues)
    if let initialStateValue, let manifest {
      manifest.checkState(initialStateValue, at: JSONPath([.key("initialState")]), partial: false, issues: &issues)
    }
    let (start, steps) = readCheckedSteps(
      stepsValue, start: startValue, level: level, initialState: initialStateValue, manifest: manifest,
      issues: &issues)
    let leavesRunning =
      leavesRunningValue.map { readLeavesRunning($0, level: level, manifest: manifest, issues: &issues) } ?? []
    guard issues.isEmpty, let manifest else { return .failure(InputErrors(issues.errors(file: file))) }
    var scenario = Scenario(
      id: id, feature: feature, description: description, tags: tags, file: file,
      initialState: initialStateValue ?? manifest.initialState, exhaustive: exhaustive, steps: steps, level: level)
    scenario.leavesRunning = leavesRunning
    scenario.tolerances = manifest.tolerances
    scenario.start = start
    scenario.rules = rules
    scenario.checksEvents = level == .runtime && manifest.events != nil
    scenario.effectCases = manifest.effects.cases.map(\.name)
    return .success(scenario)
  }

  /// `level` (scenario format v1.1): `"reducer"` (also when absent) or `"runtime"`; `nil` after recording an unknown
  /// level, with the closest name when one is close (`"Runtime"`: did you mean "runtime"?).
  private func readLevel(_ reader: inout ObjectReader, issues: inout IssueList) -> ScenarioLevel? {
    guard let value = reader.value("level") else { return .reducer }
    if case .string(let name) = value, let level = ScenarioLevel(rawValue: name) { return level }
    let names = ScenarioLevel.allCases.map(\.rawValue)
    let suggestion = value.stringValue.flatMap { Suggestion.closest(to: $0, among: names) }.map {
      "; did you mean \"\($0)\"?"
    }
    issues.add(
      JSONPath([.key("level")]),
      "unknown level \(JSONRenderer.compact(value, style: .display))\(suggestion ?? "") (allowed: \"reducer\", \"runtime\"; absent means \"reducer\")"
    )
    return nil
  }

  // MARK: - Pieces

  /// `id`: non-empty, kebab-case, and the file's base name (scenario format §3.1).
  private func readID(_ reader: inout ObjectReader, parts: PathParts, issues: inout IssueList) -> String {
    let id = reader.string("id", required: true, issues: &issues) ?? ""
    if reader.object["id"]?.stringValue?.isEmpty == true {
      issues.add(JSONPath([.key("id")]), "id is empty; give the scenario a kebab-case id, also its file name")
    } else if !id.isEmpty, !Self.isKebabCase(id) {
      issues.add(
        JSONPath([.key("id")]), "id '\(id)' is not kebab-case (lowercase letters and digits joined by single '-')")
    }
    let baseName = parts.baseName
    if Self.isKebabCase(id), id != baseName {
      issues.add(
        JSONPath([.key("id")]),
        "id '\(id)' does not match the file name '\(parts.fileName)'; name the file '\(id).json' (scenario format §3.1)"
      )
    }
    return id
  }

  /// `feature`: non-empty, and the folder's name when the file is in `scenarios/<feature>/`.
  private func readFeature(_ reader: inout ObjectReader, parts: PathParts, issues: inout IssueList) -> String {
    let feature = reader.string("feature", required: true, issues: &issues) ?? ""
    if reader.object["feature"]?.stringValue?.isEmpty == true {
      issues.add(JSONPath([.key("feature")]), "feature is empty; name the feature manifest the scenario belongs to")
    }
    if !feature.isEmpty, parts.grandparent == "scenarios", parts.parent != feature {
      issues.add(
        JSONPath([.key("feature")]),
        "feature '\(feature)' does not match the folder '\(parts.parent)'; keep scenarios in scenarios/<feature>/"
      )
    }
    return feature
  }

  /// `description`: not empty or blank.
  private func readDescription(_ reader: inout ObjectReader, issues: inout IssueList) -> String {
    let description = reader.string("description", required: true, issues: &issues) ?? ""
    if reader.object["description"]?.stringValue.map({ $0.allSatisfy(\.isWhitespace) }) == true {
      issues.add(JSONPath([.key("description")]), "description is empty; say what the scenario shows and cite the rule")
    }
    return description
  }

  /// Why there is no manifest for `feature`: its manifest has errors, or no manifest declares it (with the closest
  /// name, when one is close).
  private func reportMissingManifest(of feature: String, issues: inout IssueList) {
    if let broken = brokenManifests[feature] {
      issues.add(
        JSONPath([.key("feature")]), "the manifest of feature '\(feature)' (\(broken)) has errors; fix it first")
    } else {
      let known = manifests.keys.sorted()
      let suggestion = Suggestion.closest(to: feature, among: known).map { "; did you mean '\($0)'?" } ?? ""
      issues.add(
        JSONPath([.key("feature")]),
        "unknown feature \(quotedName(feature))\(suggestion) (known features: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
          + (known.isEmpty
            ? "; no feature manifests were found: run from a folder that holds Conformance/features (or below one), or pass scenarios that live in one"
            : "")
      )
    }
  }

  private func readTags(_ reader: inout ObjectReader, issues: inout IssueList) -> [String] {
    guard let value = reader.value("tags") else { return [] }
    let path = JSONPath([.key("tags")])
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of strings, got \(value.typeName)")
      return []
    }
    var tags: [String] = []
    var seen = Set<String>()  // A set, not `tags.contains`: 100,000 tags must not take quadratic time.
    for (index, element) in elements.enumerated() {
      guard case .string(let tag) = element, Self.isKebabCase(tag) else {
        issues.add(
          path.appending(index: index),
          "expected a kebab-case tag, got \(JSONRenderer.compact(element, style: .display))")
        continue
      }
      guard seen.insert(tag).inserted else {
        issues.add(path.appending(index: index), "duplicate tag '\(tag)'")
        continue
      }
      tags.append(tag)
    }
    return tags
  }

  /// Whether `text` matches `^[a-z0-9]+(-[a-z0-9]+)*$`.
  static func isKebabCase(_ text: String) -> Bool {
    var afterDash = true  // At the start, as after a dash: a letter or digit must come next.
    for byte in text.utf8 {
      if byte == UInt8(ascii: "-") {
        if afterDash { return false }
        afterDash = true
      } else if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
        afterDash = false
      } else {
        return false
      }
    }
    return !afterDash  // Not empty, and no trailing dash.
  }
}

// MARK: - PathParts

/// The last components of a `/`-separated path, taken with string operations only (no `URL`): the file name, its
/// base name without the extension, and the names of its folder and that folder's parent.
///
/// Matches `URL(fileURLWithPath:)`'s `lastPathComponent` and `deletingPathExtension()` for the paths the runner sees
/// (relative or absolute, no trailing `/`): `a/scenarios/login/x.json` gives `x.json`, `x`, `login`, `scenarios`.
/// Every `/` byte separates, as in POSIX paths, also where a `/` and a neighbouring combining mark, joiner or prepended
/// character form one extended grapheme cluster (UAX #29), which a split by `Character` would not cut.
struct PathParts {
  /// The last component, e.g. `x.json`.
  let fileName: Substring
  /// The file name without its last extension, e.g. `x` (a leading dot is not an extension: `.json` stays).
  let baseName: Substring
  /// The folder's name, or empty.
  let parent: Substring
  /// The folder's folder's name, or empty.
  let grandparent: Substring

  init(_ path: String) {
    // Scans back from the end for the last three components: no array, and no work on the rest of a long path.
    let slash = UInt8(ascii: "/")
    let utf8 = path.utf8
    var index = utf8.endIndex
    var found = (fileName: Substring(), parent: Substring(), grandparent: Substring())
    var count = 0
    while count < 3 {
      while index > utf8.startIndex, utf8[utf8.index(before: index)] == slash { index = utf8.index(before: index) }
      guard index > utf8.startIndex else { break }
      let end = index
      while index > utf8.startIndex, utf8[utf8.index(before: index)] != slash { index = utf8.index(before: index) }
      let component = path[index..<end]  // `/` is ASCII, so both ends are character boundaries.
      switch count {
      case 0: found.fileName = component
      case 1: found.parent = component
      default: found.grandparent = component
      }
      count += 1
    }
    fileName = found.fileName
    parent = found.parent
    grandparent = found.grandparent
    if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
      baseName = fileName[..<dot]
    } else {
      baseName = fileName
    }
  }
}
