// MARK: - What the runtime calls and waits for (format v1.1)

/// The manifest keys that describe a feature's runtime beyond its types: an action's `calls` (README §2.2) and the
/// top-level `durations` (README §2.8). `conformance fuzz` aims its runtime steps with them.
extension ManifestLoader {
  /// An action's `calls` (format §2.2): a non-empty array of dependency names, each a string; whether each names a
  /// declared dependency is checked once every dependency is read (``checkCalls(of:declared:feature:issues:)``).
  func readCallNames(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> [String] {
    guard case .array(let items) = value, !items.isEmpty else {
      issues.add(
        path,
        "expected a non-empty array of dependency names, got \(JSONRenderer.compact(value, style: .display))")
      return []
    }
    var names: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let name) = item else {
        issues.add(path.appending(index: index), "expected a dependency name (a string), got \(item.typeName)")
        continue
      }
      names.append(name)
    }
    return names
  }

  /// Checks that every name in an action's `calls` is one of the `declared` dependency names (every key of
  /// `dependencies`, also of entries with problems of their own, which are reported there), at
  /// `actions.NAME.calls[i]`.
  func checkCalls(
    of actions: [FeatureManifest.Case], declared known: [String], feature: String, issues: inout IssueList
  ) {
    for action in actions {
      for (index, name) in action.calls.enumerated() where !known.contains(name) {
        let suggestion = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
        let declared =
          known.isEmpty
          ? "the \(feature) manifest declares no dependencies"
          : "the \(feature) manifest declares: \(known.joined(separator: ", "))"
        issues.add(
          JSONPath([.key("actions"), .key(action.name), .key("calls"), .index(index)]),
          "unknown dependency \(quotedName(name))\(suggestion) (\(declared))")
      }
    }
  }

  /// A dependency's output: `result` (the value a call returns) or, for a stream (format v1.3), `emits` (the type of
  /// each element); exactly one of the two, else an error at `dependencies.NAME`.
  func readOutput(_ reader: inout ObjectReader, at path: JSONPath, typeNames: TypeNames, issues: inout IssueList)
    -> (type: TypeDescriptor, isStream: Bool)?
  {
    let result = reader.value("result")
    let emits = reader.value("emits")
    switch (result, emits) {
    case (let result?, nil):
      return readDescriptor(result, at: path.appending(key: "result"), typeNames: typeNames, issues: &issues)
        .map { ($0, false) }
    case (nil, let emits?):
      return readDescriptor(emits, at: path.appending(key: "emits"), typeNames: typeNames, issues: &issues)
        .map { ($0, true) }
    case (.some, .some):
      issues.add(
        path,
        "a dependency has 'result' and 'emits'; give 'result' for a call that returns once or 'emits' for a stream")
    case (nil, nil):
      issues.add(
        path,
        "missing 'result' (the value a call returns) or 'emits' (the elements of a stream); give exactly one")
    }
    return nil
  }

  /// `durations` (optional, format §2.8): name (lower camel case) → whole milliseconds from 1 to 86,400,000, the
  /// longest `advance` (README §13.2).
  func readDurations(_ reader: inout ObjectReader, issues: inout IssueList) -> [String: Int64] {
    guard let object = reader.object("durations", required: false, issues: &issues) else { return [:] }
    var durations: [String: Int64] = [:]
    for member in object.members {
      let path = JSONPath([.key("durations"), .key(member.key)])
      if !ManifestNames.isCaseName(member.key) {
        issues.add(path, "duration name '\(member.key)' is not lower camel case (e.g. 'timeout')")
      }
      guard case .number(let number) = member.value, let milliseconds = number.int64Value,
        (1...ScenarioLoader.maximumAdvance).contains(milliseconds)
      else {
        issues.add(
          path,
          "expected a whole number of milliseconds from 1 to 86400000 (one day), got \(JSONRenderer.compact(member.value, style: .display))"
        )
        continue
      }
      durations[member.key] = milliseconds
    }
    return durations
  }
}
