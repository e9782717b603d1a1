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
  package var levels: [String: Set<ScenarioLevel>] = [:]
  /// Per feature, the fields its platform reads into a type narrower than the manifest format's defaults, by path
  /// (hello `fields`, harness protocol §2.1: `["state.count": "Int"]`); checked against the manifest at start-up
  /// (Conformance/README.md §15.4).
  package var fieldTypes: [String: [String: String]] = [:]
  /// What its runtime reports beyond state, calls and cancellations, per feature (hello `reports`, harness protocol
  /// §2.5.6); a feature missing here reports neither received actions nor effects in flight.
  package var reports: [String: Set<RuntimeReport>] = [:]

  /// The levels declared for `feature`: its `levels`, or `[.reducer]` when none were declared.
  package func levels(of feature: String) -> Set<ScenarioLevel> { levels[feature] ?? [.reducer] }

  /// Whether the implementation runs scenarios of `level` for `feature`: it declares the feature with the level, and
  /// the user did not leave the level out (`intendedLevels`, see
  /// ``applicability(of:feature:implementation:intendedLevels:)``).
  package func supports(_ level: ScenarioLevel, of feature: String, intendedLevels: Set<ScenarioLevel>? = nil) -> Bool {
    applicability(of: level, feature: feature, implementation: name, intendedLevels: intendedLevels) == .runs
  }

  /// Whether a scenario of `level` for `feature` is sent to this implementation, and if not, how it is reported
  /// (harness protocol §2.5.1):
  /// - the user declared which levels the implementation runs (`levels` in the implementations config, or
  ///   `--harness NAME:LEVEL=…`) and the scenario's level is not among them: `not applicable`, since that was said on
  ///   purpose, even when the harness announces the level;
  /// - the feature is declared with the level: ``Applicability/runs``;
  /// - otherwise: `skipped` (a feature the implementation does not declare, or declares without the scenario's
  ///   level), which fails the run unless `--allow-skipped`. A misnamed feature or a forgotten level must never turn
  ///   a scenario into a quiet `not applicable`.
  ///
  /// - Parameters:
  ///   - level: The scenario's level.
  ///   - feature: The scenario's feature.
  ///   - implementation: The implementation's name as the user selected it (`--impl`, `--harness NAME=…`), which the
  ///     reasons quote; the hello reply's own ``name`` may differ.
  ///   - intendedLevels: The levels the user declared the implementation runs, or `nil` when the user declared none
  ///     (then every level is expected of it).
  ///   - intendedFeatures: The features the user declared the implementation implements, or `nil` when the user
  ///     declared none; a feature left out is `not applicable`, as a level left out is.
  package func applicability(
    of level: ScenarioLevel, feature: String, implementation: String, intendedLevels: Set<ScenarioLevel>? = nil,
    intendedFeatures: Set<String>? = nil
  ) -> Applicability {
    // The user's declaration comes first: a feature or level they left out is never sent, whatever the harness
    // announces.
    if let intendedFeatures, !intendedFeatures.contains(feature) {
      return .notApplicable(SkipReason.featureNotIntended(implementation: implementation, intended: intendedFeatures))
    }
    if let intendedLevels, !intendedLevels.contains(level) {
      return .notApplicable(
        SkipReason.levelNotIntended(level, implementation: implementation, intended: intendedLevels))
    }
    if features[feature] != nil, levels(of: feature).contains(level) { return .runs }
    if features[feature] != nil {
      return .skipped(
        SkipReason.undeclaredLevel(
          level, feature: feature, implementation: implementation, declared: levels(of: feature)))
    }
    return .skipped(SkipReason.undeclaredFeature(feature, implementation: implementation, declared: features.keys))
  }
}

/// Whether an implementation runs a scenario, or how the scenario is reported without being sent
/// (``ImplementationInfo/applicability(of:feature:implementation:intendedLevels:)``).
package enum Applicability: Sendable, Equatable {
  /// The implementation declares the scenario's feature at the scenario's level: the scenario is sent.
  case runs
  /// `skipped`, with the reason: the implementation does not implement the feature.
  case skipped(String)
  /// `not applicable`, with the reason: the implementation does not run scenarios of that level for the feature.
  case notApplicable(String)

  /// The observation reported for a scenario that is not sent, or `nil` when it is sent.
  package var observation: Observation? {
    switch self {
    case .runs: return nil
    case .skipped(let reason): return .skipped(reason: reason)
    case .notApplicable(let reason): return .notApplicable(reason: reason)
    }
  }
}
