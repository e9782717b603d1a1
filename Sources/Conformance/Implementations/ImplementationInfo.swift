/// What an implementation says about itself in the `hello` reply (harness protocol §2).
package struct ImplementationInfo: Sendable, Equatable {
  /// The implementation's own name, e.g. `kotlin`.
  package var name: String
  /// The language, e.g. `Kotlin`.
  package var language: String
  /// A free-form version string.
  package var version: String
  /// The features it implements, each with its initial state.
  package var features: [String: JSONValue]
  /// The scenario levels it supports per feature (hello `levels`, harness protocol §2.5); a feature missing here
  /// supports the reducer level only, as a v1 harness that declares no levels does.
  package var levels: [String: Set<ScenarioLevel>]

  /// Creates an info value.
  ///
  /// - Parameter levels: Feature → levels; features not listed support `.reducer` only.
  package init(
    name: String, language: String, version: String, features: [String: JSONValue],
    levels: [String: Set<ScenarioLevel>] = [:]
  ) {
    self.name = name
    self.language = language
    self.version = version
    self.features = features
    self.levels = levels
  }

  /// The levels declared for `feature`: its `levels`, or `[.reducer]` when none were declared.
  package func levels(of feature: String) -> Set<ScenarioLevel> { levels[feature] ?? [.reducer] }

  /// Whether the implementation runs scenarios of `level` for `feature` (it must also declare the feature).
  package func supports(_ level: ScenarioLevel, of feature: String) -> Bool {
    features[feature] != nil && (levels[feature]?.contains(level) ?? (level == .reducer))
  }
}
