import Foundation

/// Reads feature manifests (`Conformance/features/*.json`) and checks them against manifest format v1.
///
/// Every problem is reported with the file and JSON path; a manifest with problems is not used, and scenarios of its
/// feature fail validation with a message that points at it.
package struct ManifestLoader: Sendable {
  /// Creates a loader.
  package init() {}

  /// Loads every `*.json` manifest in `folder`, sorted by file name.
  ///
  /// - Parameter folder: The features folder, e.g. `Conformance/features`.
  /// - Returns: The manifests that loaded, keyed by feature name, and the errors of those that did not.
  package func loadAll(in folder: URL, displayPath: (URL) -> String) -> (
    manifests: [String: FeatureManifest], errors: [InputError]
  ) {
    // Listed through the resolved path, so a symbolic link to the features folder is followed;
    // the files keep the path as given, which is how reports name them.
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.resolvingSymlinksInPath().path)) ?? []
    let files = names.filter { $0.hasSuffix(".json") && $0 != ".json" }.sorted()
      .map { folder.appendingPathComponent($0) }
    var manifests: [String: FeatureManifest] = [:]
    var errors: [InputError] = []
    for file in files {
      let name = displayPath(file)
      switch JSONFile.read(file, displayName: name) {
      case .failure(let error): errors.append(error)
      case .success(let value):
        switch load(value, file: name, expectedFeature: file.deletingPathExtension().lastPathComponent) {
        case .success(let manifest):
          if let spec = manifest.spec, !FileManager.default.fileExists(atPath: folder.appendingPathComponent(spec).path)
          {
            errors.append(
              InputError(
                file: name, path: JSONPath([.key("spec")]),
                message: "the spec '\(spec)' does not exist next to the manifest"))
          } else {
            var manifest = manifest
            if let spec = manifest.spec {
              // Scenarios cite the ids the spec declares (scenario format §18.1); an unreadable spec declares none.
              let specURL = folder.appendingPathComponent(spec)
              manifest.ruleIDs = SpecRules.ids(inMarkdown: (try? String(contentsOf: specURL, encoding: .utf8)) ?? "")
              manifest.specFile = displayPath(specURL)
            }
            manifests[manifest.feature] = manifest
          }
        case .failure(let failure): errors.append(contentsOf: failure.errors)
        }
      }
    }
    return (manifests, errors)
  }

  /// Builds a manifest from parsed JSON.
  ///
  /// - Parameters:
  ///   - value: The manifest document.
  ///   - file: The file name used in errors.
  ///   - expectedFeature: The file's base name, which `feature` must equal, or `nil` not to check.
  /// - Returns: The manifest, or every problem found.
  package func load(_ value: JSONValue, file: String, expectedFeature: String?) -> Result<FeatureManifest, InputErrors>
  {
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a feature manifest", issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    let feature = readFeature(&reader, expectedFeature: expectedFeature, issues: &issues)
    let title = reader.string("title", required: true, issues: &issues) ?? feature
    _ = reader.string("description", required: true, issues: &issues)
    let spec = reader.string("spec", required: true, issues: &issues)
    readPlatforms(&reader, issues: &issues)
    let (types, objectTypes, typeNames) = readTypes(&reader, issues: &issues)
    let stateFields =
      reader.required("state", issues: &issues).map {
        readFields($0, at: JSONPath([.key("state")]), typeNames: typeNames, issues: &issues)
      } ?? []
    let actions =
      reader.required("actions", issues: &issues).map {
        readCases($0, at: JSONPath([.key("actions")]), typeNames: typeNames, allowsCalls: true, issues: &issues)
      } ?? []
    let effects =
      reader.required("effects", issues: &issues).map {
        readCases(
          $0, at: JSONPath([.key("effects")]), typeNames: typeNames, allowsCancellation: true, allowsEmpty: true,
          issues: &issues)
      } ?? []
    // Format v1.3: one-off events, cases exactly like effects (Conformance/README.md §16).
    let events = reader.value("events").map {
      readCases($0, at: JSONPath([.key("events")]), typeNames: typeNames, allowsEmpty: true, issues: &issues)
    }
    let initialState = reader.required("initialState", issues: &issues) ?? .null
    let dependencies = readDependencies(&reader, typeNames: typeNames, issues: &issues)
    checkCalls(
      of: actions, declared: reader.value("dependencies")?.objectValue?.keys.sorted() ?? [], feature: feature,
      issues: &issues)
    let durations = readDurations(&reader, issues: &issues)
    reader.reportUnknownKeys(allowed: Self.topLevelKeys, issues: &issues)
    var manifest = FeatureManifest(
      feature: feature, title: title, file: file, spec: spec, stateFields: stateFields, initialState: initialState,
      actions: FeatureManifest.Union(name: "action", cases: actions),
      effects: FeatureManifest.Union(name: "effect", cases: effects), types: types, objectTypes: objectTypes,
      dependencies: dependencies, durations: durations)
    manifest.events = events.map { FeatureManifest.Union(name: "event", cases: $0) }
    manifest.checkValues(issues: &issues)
    guard issues.isEmpty else { return .failure(InputErrors(issues.errors(file: file))) }
    manifest.tolerances = Tolerances(manifest)
    return .success(manifest)
  }

  /// The keys a manifest may have (manifest format §2.1).
  private static let topLevelKeys = [
    "feature", "title", "description", "spec", "platforms", "state", "initialState", "actions", "effects", "types",
    "dependencies", "durations", "events",
  ]

  // MARK: - Pieces

  /// `feature`: kebab-case, and equal to the file's base name `expectedFeature` when given; `""` when missing.
  private func readFeature(_ reader: inout ObjectReader, expectedFeature: String?, issues: inout IssueList) -> String {
    let feature = reader.string("feature", required: true, issues: &issues) ?? ""
    if !feature.isEmpty, !ScenarioLoader.isKebabCase(feature) {
      issues.add(JSONPath([.key("feature")]), "feature '\(feature)' is not kebab-case")
    }
    if let expectedFeature, !feature.isEmpty, !ScalarOrder.equal(feature, expectedFeature) {
      issues.add(
        JSONPath([.key("feature")]), "feature '\(feature)' does not match the file name '\(expectedFeature).json'")
    }
    return feature
  }

  /// `platforms`: each platform name lower case, mapped to an object of type names (strings).
  private func readPlatforms(_ reader: inout ObjectReader, issues: inout IssueList) {
    for platform in reader.object("platforms", required: true, issues: &issues)?.members ?? [] {
      let platformPath = JSONPath([.key("platforms"), .key(platform.key)])
      if !ManifestNames.isPlatformName(platform.key) {
        issues.add(platformPath, "platform name '\(platform.key)' must be lower case letters and digits, e.g. 'swift'")
      }
      guard case .object(let names) = platform.value else {
        issues.add(platformPath, "expected an object of type names, got \(platform.value.typeName)")
        continue
      }
      for name in names.members where name.value.stringValue == nil {
        issues.add(platformPath.appending(key: name.key), "expected a type name (a string), got \(name.value.typeName)")
      }
    }
  }

  /// `dependencies` (optional): name → `{"rule"?, "description"?, "swift"?, "kotlin"?, "arguments": {fields},
  /// "result": descriptor}`, or `"emits": descriptor` instead of `result` for a stream (format v1.3); names are
  /// lower camel case, like case names.
  private func readDependencies(_ reader: inout ObjectReader, typeNames: TypeNames, issues: inout IssueList)
    -> [String: FeatureManifest.Dependency]
  {
    guard let object = reader.object("dependencies", required: false, issues: &issues) else { return [:] }
    var dependencies: [String: FeatureManifest.Dependency] = [:]
    for member in object.members {
      let path = JSONPath([.key("dependencies"), .key(member.key)])
      if !ManifestNames.isCaseName(member.key) {
        issues.add(path, "dependency name '\(member.key)' is not lower camel case (e.g. 'authenticate')")
      }
      guard var inner = ObjectReader(member.value, at: path, what: "a dependency", issues: &issues) else { continue }
      let rule = inner.string("rule", required: false, issues: &issues)
      if let rule, !ManifestNames.isRuleID(rule) {
        issues.add(path.appending(key: "rule"), "rule '\(rule)' is not a spec rule id such as 'LR1' or 'L3.d'")
      }
      _ = inner.string("description", required: false, issues: &issues)
      _ = inner.string("swift", required: false, issues: &issues)
      _ = inner.string("kotlin", required: false, issues: &issues)
      let arguments = inner.required("arguments", issues: &issues).map {
        readFields($0, at: path.appending(key: "arguments"), typeNames: typeNames, issues: &issues)
      }
      let output = readOutput(&inner, at: path, typeNames: typeNames, issues: &issues)
      inner.reportUnknownKeys(
        allowed: ["arguments", "result", "emits", "rule", "description", "swift", "kotlin"], issues: &issues)
      guard let arguments, let output else { continue }
      dependencies[member.key] = FeatureManifest.Dependency(
        name: member.key, arguments: arguments, result: output.type, isStream: output.isStream, rule: rule)
    }
    return dependencies
  }

  func readCases(
    _ value: JSONValue, at path: JSONPath, typeNames: TypeNames, allowsCancellation: Bool = false,
    allowsEmpty: Bool = false, allowsCalls: Bool = false,
    issues: inout IssueList
  ) -> [FeatureManifest.Case] {
    guard case .object(let object) = value else {
      issues.add(path, "expected an object of cases (case name → case), got \(value.typeName)")
      return []
    }
    if object.isEmpty, !allowsEmpty { issues.add(path, "a union needs at least one case") }
    for key in object.keys where !ManifestNames.isCaseName(key) {
      issues.add(path.appending(key: key), "case name '\(key)' is not lower camel case (e.g. 'emailChanged')")
    }
    return object.members.compactMap { member in
      readCase(
        member.value, named: member.key, at: path.appending(key: member.key), typeNames: typeNames,
        allowsCancellation: allowsCancellation, allowsCalls: allowsCalls, issues: &issues)
    }
  }

  /// One case of a union: its per-platform names, rule, cancellation id (effects only), the dependencies it calls
  /// (actions only) and fields; `nil` when it is not an object.
  private func readCase(
    _ value: JSONValue, named name: String, at casePath: JSONPath, typeNames: TypeNames, allowsCancellation: Bool,
    allowsCalls: Bool, issues: inout IssueList
  ) -> FeatureManifest.Case? {
    guard var reader = ObjectReader(value, at: casePath, what: "a case", issues: &issues) else { return nil }
    var names: [String: String] = [:]
    for platform in ["swift", "kotlin"] {
      if let platformName = reader.string(platform, required: false, issues: &issues) { names[platform] = platformName }
    }
    let rule = reader.string("rule", required: false, issues: &issues)
    if let rule, !ManifestNames.isRuleID(rule) {
      issues.add(casePath.appending(key: "rule"), "rule '\(rule)' is not a spec rule id such as 'L3' or 'L3.d'")
    }
    _ = reader.string("description", required: false, issues: &issues)
    let cancellation = reader.string("cancellationId", required: false, issues: &issues)
    if cancellation != nil, !allowsCancellation {
      issues.add(casePath.appending(key: "cancellationId"), "only effects have a cancellation id")
    }
    let fields =
      reader.required("fields", issues: &issues).map {
        readFields($0, at: casePath.appending(key: "fields"), typeNames: typeNames, issues: &issues)
      } ?? []
    if fields.contains(where: { ScalarOrder.equal($0.name, "type") }) {
      issues.add(
        casePath.appending(key: "fields").appending(key: "type"), "'type' is the discriminator and cannot be a field")
    }
    var calls: [String] = []
    if let value = reader.value("calls") {
      if allowsCalls {
        calls = readCallNames(value, at: casePath.appending(key: "calls"), issues: &issues)
      } else {
        issues.add(casePath.appending(key: "calls"), "only actions start dependency calls")
      }
    }
    reader.reportUnknownKeys(
      allowed: ["fields", "description", "rule", "swift", "kotlin", "cancellationId", "calls"], issues: &issues)
    return FeatureManifest.Case(
      name: name, fields: fields, rule: rule, platformNames: names, cancellationID: cancellation, calls: calls)
  }
}
