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
