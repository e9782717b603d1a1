// MARK: - The entry's features

extension ImplementationsConfig {
  /// The entry's `features`: a non-empty list of distinct feature names, or `nil` when absent (or invalid, reported
  /// at `implementations[i].features[j]`). Whether each names a manifest is checked when the harness starts, as for the
  /// features its `hello` announces.
  static func readFeatures(_ reader: inout ObjectReader, issues: inout IssueList) -> Set<String>? {
    guard let value = reader.value("features") else { return nil }
    let path = reader.path.appending(key: "features")
    guard case .array(let elements) = value, !elements.isEmpty else {
      issues.add(
        path,
        "expected a non-empty list of distinct feature names, got \(JSONRenderer.compact(value, style: .display))")
      return nil
    }
    var features = Set<String>()
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element, !name.isEmpty else {
        issues.add(
          path.appending(index: index),
          "expected a feature name, got \(JSONRenderer.compact(element, style: .display))")
        return nil
      }
      guard features.insert(name).inserted else {
        issues.add(path.appending(index: index), "'\(name)' is listed twice; list each feature once")
        return nil
      }
    }
    return features
  }
}
