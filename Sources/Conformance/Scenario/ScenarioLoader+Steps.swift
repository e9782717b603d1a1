// MARK: - Steps

extension ScenarioLoader {
  /// The call names a runtime scenario has declared and answered so far, as its steps are read in order (kept
  /// here, where every scenario's steps create one, rather than with the runtime steps that fill it).
  struct CallTable {
    /// Name → where `expect.calls` declares it and its dependency.
    var declared: [String: (path: JSONPath, step: Int, dependency: String)] = [:]
    /// Name → the 1-based step that answered it.
    var answered: [String: Int] = [:]
    /// Whether an `expect.calls` entry so far has no valid name (missing, not a string, or not a call name): a name
    /// that is not declared may be the one meant there, so that is not reported again (the entry's own error says
    /// what to fix).
    var hasUnnamed = false
    /// Whether the screen shows after the steps read so far (format v1.3): not when the runtime is created.
    var screen = ScreenState.notYetShown
  }

  /// The `start` (format v1.3) and the steps, then every merged expected state checked against the manifest when they
  /// are valid.
  func readCheckedSteps(
    _ value: JSONValue?, start startValue: JSONValue?, level: ScenarioLevel, initialState: JSONValue?,
    manifest: FeatureManifest?, issues: inout IssueList
  ) -> (start: Step?, steps: [Step]) {
    let issuesBefore = issues.items.count
    var calls = CallTable()
    // Read first: the calls it declares start at creation, before step 1.
    let start = startValue.flatMap {
      readStart($0, level: level, manifest: manifest, calls: &calls, issues: &issues)
    }
    let steps = value.map { readSteps($0, level: level, manifest: manifest, calls: &calls, issues: &issues) } ?? []
    // Every merged expected state must be a valid state (scenario format §3.6), checked once the steps are valid.
    if let manifest, issues.items.count == issuesBefore {
      let initial = initialState ?? manifest.initialState
      checkMergedStates(
        steps, from: start.map { ScenarioJudge.expectedState(after: $0, from: initial) } ?? initial,
        manifest: manifest, issues: &issues)
    }
    return (start, steps)
  }

  /// Checks that each step's `changes`, merged onto the previous expected state, gives a valid full state (for
  /// example, nested `changes` onto a field that was `null`).
  private func checkMergedStates(
    _ steps: [Step], from initialState: JSONValue, manifest: FeatureManifest, issues: inout IssueList
  ) {
    // Changes of scalars, arrays and null onto a valid state keep it valid (their types are checked already); only
    // a nested object merges partially and can leave a field missing. Most scenarios have none: skip the work.
    let mergesObjects = steps.contains { step in
      guard case .changes(let changes) = step.state else { return false }
      return changes.objectValue?.members.contains { $0.value.objectValue != nil } == true
    }
    guard mergesObjects else { return }
    var current = initialState
    for (index, step) in steps.enumerated() {
      switch step.state {
      case .unchanged: continue
      case .full(let state): current = state
      case .changes(let changes):
        current = current.merging(changes)
        var mergedIssues = IssueList()
        manifest.checkState(current, at: .root, partial: false, issues: &mergedIssues)
        let path = JSONPath([.key("steps"), .index(index), .key("expect"), .key("changes")])
        for issue in mergedIssues.items {
          issues.add(
            path, "merged onto the previous expected state, the state is invalid at \(issue.path): \(issue.message)")
        }
      }
    }
  }

  private func readSteps(
    _ value: JSONValue, level: ScenarioLevel, manifest: FeatureManifest?, calls: inout CallTable,
    issues: inout IssueList
  ) -> [Step] {
    let path = JSONPath([.key("steps")])
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of steps, got \(value.typeName)")
      return []
    }
    if elements.isEmpty { issues.add(path, "a scenario needs at least one step") }
    var steps: [Step] = []
    steps.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let stepPath = path.appending(index: index)
      let step =
        level == .runtime
        ? readRuntimeStep(element, index: index, at: stepPath, manifest: manifest, calls: &calls, issues: &issues)
        : readStep(element, at: stepPath, manifest: manifest, issues: &issues)
      if let step { steps.append(step) }
    }
    return steps
  }

  /// The keys only a runtime-level step has.
  static let runtimeStepKeys = ["respond", "advance", "clear", "screen", "emit"]
  /// The `expect` keys only a runtime-level step has.
  static let runtimeExpectKeys = ["calls", "cancelled", "received", "events"]
  /// The keys a reducer-level step's reader passes over: its own, and the runtime-only ones reported on their own.
  static let reducerStepKeys = ["send", "expect", "description"] + runtimeStepKeys
  /// The keys a reducer-level `expect` reader passes over.
  static let reducerExpectKeys = ["state", "changes", "effects"] + runtimeExpectKeys

  private func readStep(_ value: JSONValue, at path: JSONPath, manifest: FeatureManifest?, issues: inout IssueList)
    -> Step?
  {
    guard var reader = ObjectReader(value, at: path, what: "a step", issues: &issues) else { return nil }
    for key in Self.runtimeStepKeys where reader.value(key) != nil {
      issues.add(path.appending(key: key), Self.runtimeOnly(key))
    }
    let send = reader.required("send", issues: &issues)
    let description = readStepDescription(&reader, at: path, issues: &issues)
    let expect = reader.object("expect", required: false, issues: &issues)
    reader.reportUnknownKeys(allowed: Self.reducerStepKeys, issues: &issues)
    if let send, let manifest { manifest.checkAction(send, at: path.appending(key: "send"), issues: &issues) }

    var state = StateExpectation.unchanged
    var effects: [JSONValue]?
    if let expect {
      let expectPath = path.appending(key: "expect")
      let expectReader = ObjectReader(.object(expect), at: expectPath, what: "an expectation", issues: &issues)
      for key in Self.runtimeExpectKeys where expect[key] != nil {
        issues.add(expectPath.appending(key: key), Self.runtimeOnly(key))
      }
      let effectsValue = expectReader?.value("effects")
      expectReader?.reportUnknownKeys(allowed: Self.reducerExpectKeys, issues: &issues)
      state = readState(expect, at: expectPath, manifest: manifest, issues: &issues)
      if let effectsValue {
        effects = readEffects(
          effectsValue, at: expectPath.appending(key: "effects"), manifest: manifest, issues: &issues)
      }
    }
    guard let send else { return nil }
    return Step(send: send, state: state, effects: effects, description: description)
  }

  /// `'KEY' is only valid in a runtime-level scenario ("level": "runtime")`.
  static func runtimeOnly(_ key: String) -> String {
    "'\(key)' is only valid in a runtime-level scenario (\"level\": \"runtime\")"
  }

  /// A step's optional `description`, which must not be blank.
  func readStepDescription(_ reader: inout ObjectReader, at path: JSONPath, issues: inout IssueList)
    -> String?
  {
    let description = reader.string("description", required: false, issues: &issues)
    if let description, description.allSatisfy(\.isWhitespace) {
      issues.add(path.appending(key: "description"), "a step description, when given, must not be empty")
    }
    return description
  }

  /// `expect.state` or `expect.changes` (not both), checked against the manifest.
  func readState(
    _ expect: JSONObject, at expectPath: JSONPath, manifest: FeatureManifest?, issues: inout IssueList
  ) -> StateExpectation {
    switch (expect["state"], expect["changes"]) {
    case (let full?, nil):
      manifest?.checkState(full, at: expectPath.appending(key: "state"), partial: false, issues: &issues)
      return .full(full)
    case (nil, let changes?):
      manifest?.checkState(changes, at: expectPath.appending(key: "changes"), partial: true, issues: &issues)
      return .changes(changes)
    case (.some, .some):
      issues.add(
        expectPath,
        "'state' and 'changes' cannot both be given; use 'state' for the full state or 'changes' for the fields that change"
      )
      return .unchanged
    case (nil, nil): return .unchanged
    }
  }

  private func readEffects(_ value: JSONValue, at path: JSONPath, manifest: FeatureManifest?, issues: inout IssueList)
    -> [JSONValue]
  {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of effects, got \(value.typeName)")
      return []
    }
    for (index, element) in elements.enumerated() {
      manifest?.checkEffect(element, at: path.appending(index: index), issues: &issues)
    }
    return elements
  }
}

// MARK: - ScenarioLoader+Rules

// MARK: - The rules a scenario cites (format v1.4)

extension ScenarioLoader {
  /// `rules` (scenario format §18): the spec rule ids the scenario tests, each declared by its feature's spec
  /// (``FeatureManifest/ruleIDs``), no duplicates; `[]` when absent.
  ///
  /// An id the spec does not declare is reported at `rules[i]` with the closest declared id, as a misspelt action
  /// is: a citation must not silently point at nothing.
  func readRules(_ value: JSONValue?, manifest: FeatureManifest?, issues: inout IssueList) -> [String] {
    guard let value else { return [] }
    let path = JSONPath([.key("rules")])
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of spec rule ids such as \"L3.a\", got \(value.typeName)")
      return []
    }
    var rules: [String] = []
    var seen = Set<String>()
    for (index, element) in elements.enumerated() {
      let at = path.appending(index: index)
      guard case .string(let rule) = element, ManifestNames.isRuleID(rule) else {
        issues.add(
          at,
          "expected a spec rule id such as \"L3\" or \"L3.a\", got \(JSONRenderer.compact(element, style: .display))")
        continue
      }
      guard seen.insert(rule).inserted else {
        issues.add(at, "duplicate rule '\(rule)'")
        continue
      }
      if let manifest, let declared = manifest.ruleIDs, !declared.contains(rule) {
        let suggestion = Suggestion.closest(to: rule, among: declared).map { "; did you mean '\($0)'?" } ?? ""
        let spec = manifest.specFile ?? manifest.spec ?? "its spec"
        issues.add(
          at,
          "unknown rule '\(rule)'\(suggestion) (\(spec) declares: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))"
        )
        continue
      }
      rules.append(rule)
    }
    return rules
  }
}

// MARK: - ScenarioLoader+Outline

// MARK: - Scenario outlines (Conformance/README.md §17)

extension ScenarioLoader {
  /// Validates a parsed scenario file into its cases: the one scenario of a plain file, or one scenario per row of a
  /// scenario outline (a file with `examples`), each validated as a plain file would be.
  ///
  /// A row's problems are reported at `examples[n]` (0-based, as every JSON path), with the path inside the row's
  /// expanded scenario leading the message: `examples[2]: steps[1].expect.changes.total: …`. A problem outside
  /// `initialState` and `steps` (the id, the feature) is the same for every row and is reported once, as in a plain
  /// file. One invalid row makes the file invalid: no row of it runs.
  ///
  /// - Parameters:
  ///   - value: The document.
  ///   - file: The file name used in errors and reports.
  /// - Returns: The cases in row order, or every problem found.
  package func loadCases(_ value: JSONValue, file: String) -> Result<[Scenario], InputErrors> {
    guard case .object(let document) = value, document["examples"] != nil else {
      return load(value, file: file).map { [$0] }
    }
    var issues = IssueList()
    guard let rows = ScenarioOutline.expand(document, issues: &issues) else {
      return .failure(InputErrors(issues.errors(file: file)))
    }
    var cases: [Scenario] = []
    var seen = Set<String>()
    for row in rows {
      switch load(row.document, file: file) {
      case .success(var scenario):
        scenario.outline = OutlineRow(outlineID: scenario.id, index: row.index, name: row.name)
        scenario.id = scenario.outline?.caseID ?? scenario.id
        cases.append(scenario)
      case .failure(let failure):
        for error in failure.errors {
          guard let path = error.path, case .key(let root)? = path.components.first,
            ScenarioOutline.expandedKeys.contains(root)
          else {
            if seen.insert(error.description).inserted { issues.add(error.path ?? .root, error.message) }
            continue
          }
          issues.add(JSONPath([.key("examples"), .index(row.index - 1)]), "\(path): \(error.message)")
        }
      }
    }
    guard issues.isEmpty else { return .failure(InputErrors(issues.errors(file: file))) }
    return .success(cases)
  }
}
