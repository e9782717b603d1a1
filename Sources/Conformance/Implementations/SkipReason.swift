/// The one wording of a skip decided on this side of the protocol: a scenario of a feature the implementation does
/// not declare. The runner uses it when it leaves such a scenario unsent, and the Swift implementation (in process and
/// behind `conformance harness`) when it is asked anyway, so one cause reads the same everywhere. A harness's own
/// `skipped` reply keeps the harness's reason (harness protocol §2.2).
enum SkipReason {
  /// `'NAME' does not implement feature 'F' (it declares: A, B)`, with the declared features sorted, or `none`.
  ///
  /// - Parameters:
  ///   - feature: The scenario's feature.
  ///   - implementation: The implementation's name, e.g. `swift`.
  ///   - declared: The features the implementation declares (its `hello` reply's `features`).
  static func undeclaredFeature(
    _ feature: String, implementation: String, declared: some Sequence<String>
  ) -> String {
    let known = declared.sorted().joined(separator: ", ")
    return
      "'\(implementation)' does not implement feature '\(feature)' (it declares: \(known.isEmpty ? "none" : known))"
  }

  /// `'NAME' does not declare level 'L' for feature 'F' (it declares: reducer)`: why a scenario of a declared feature
  /// is `skipped` when the user did not say the implementation leaves that level out.
  ///
  /// - Parameters:
  ///   - level: The scenario's level.
  ///   - feature: The scenario's feature.
  ///   - implementation: The implementation's name.
  ///   - declared: The levels the implementation declares for the feature.
  static func undeclaredLevel(
    _ level: ScenarioLevel, feature: String, implementation: String, declared: Set<ScenarioLevel>
  ) -> String {
    let known = declared.sorted().map(\.rawValue).joined(separator: ", ")
    return
      "'\(implementation)' does not declare level '\(level.rawValue)' for feature '\(feature)' (it declares: \(known.isEmpty ? "none" : known))"
  }

  /// `'NAME' runs only runtime-level scenarios (its levels in the implementations config)`: why a scenario is `not
  /// applicable`. The same text for every scenario of the level, so the closing lines can count them under one reason.
  ///
  /// - Parameters:
  ///   - level: The scenario's level.
  ///   - implementation: The implementation's name.
  ///   - intended: The levels the user declared the implementation runs.
  /// `'NAME' implements only login, as its declared features say`: why a scenario of a feature the user left out of
  /// the implementation's `features` is `not applicable`. The same text for every such scenario.
  ///
  /// - Parameters:
  ///   - implementation: The implementation's name.
  ///   - intended: The features the user declared the implementation implements.
  static func featureNotIntended(implementation: String, intended: Set<String>) -> String {
    let known = intended.sorted().joined(separator: ", ")
    return "'\(implementation)' implements only \(known), as its declared features say"
  }

  static func levelNotIntended(_ level: ScenarioLevel, implementation: String, intended: Set<ScenarioLevel>) -> String {
    let known = intended.sorted().map(\.rawValue).joined(separator: " and ")
    return "'\(implementation)' runs only \(known)-level scenarios, as its declared levels say"
  }
}
