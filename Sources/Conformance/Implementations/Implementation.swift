/// Something that can perform scenarios: the in-process Swift implementation, or a harness process speaking the
/// harness protocol (Conformance/PROTOCOL.md).
///
/// An implementation only *observes*: it runs the actions through its reducer and reports states and effects. The
/// runner alone compares observations with expectations, so every implementation is judged by one code path
/// (the "dumb harness, smart runner" design of Bowtie and the protobuf conformance runner).
package protocol Implementation: Sendable {
  /// The implementation's name as used on the command line and in reports, e.g. `swift` or `kotlin`.
  var name: String { get }

  /// The scenario levels the user declared this implementation runs (`levels` in the implementations config, or
  /// `--harness NAME:LEVEL=…`), or `nil` when the user declared none and every level is expected of it. Only a level
  /// left out here makes a pair `not applicable` (``ImplementationInfo/applicability(of:feature:implementation:intendedLevels:)``).
  var intendedLevels: Set<ScenarioLevel>? { get }

  /// The features the user declared this implementation implements (`features` in the implementations config), or
  /// `nil` when the user declared none. A scenario of a feature left out here is `not applicable`.
  var intendedFeatures: Set<String>? { get }

  /// Prepares the implementation (for a harness: starts the process and performs the `hello` handshake).
  ///
  /// - Returns: What the implementation says about itself.
  /// - Throws: ``ImplementationStartError`` when it cannot be started; the runner then reports every scenario of
  ///   this implementation as not run, with the reason.
  func start() async throws(ImplementationStartError) -> ImplementationInfo

  /// Performs one scenario's actions from its initial state and reports what happened.
  ///
  /// Never throws: every fault (a crash, a hang, garbage on the wire) is an ``Observation`` of its own.
  ///
  /// - Parameter request: The scenario's id, feature, initial state and actions.
  /// - Returns: The observation.
  func run(_ request: RunRequest) async -> Observation

  /// Performs several scenarios in order and reports each; an implementation may overlap them (a harness pipelines
  /// its requests). The default performs them one by one with ``run(_:)``.
  ///
  /// - Parameter requests: The scenarios, in order.
  /// - Returns: One observation per request, in the same order, each with the wall-clock seconds it took (for a
  ///   pipelining harness: from the previous reply to its own).
  func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)]

  /// Performs one scenario again after it crashed or timed out (`--retries`), on a fresh process where there is one,
  /// so that nothing the faulted process or the scenarios after it left behind decides the retry.
  ///
  /// The default performs it with ``run(batch:)``: an in-process implementation has no process to renew.
  ///
  /// - Parameter request: The scenario, as it was first sent.
  /// - Returns: The observation and the wall-clock seconds it took; never throws.
  func retry(_ request: RunRequest) async -> (observation: Observation, seconds: Double)

  /// Starts the implementation and refuses to serve when an initial state it reports differs from its feature
  /// manifest's (harness protocol §2.1): a drifted default state is a divergence no scenario with an explicit
  /// `initialState` would catch. The runner starts every implementation this way.
  ///
  /// The default calls ``start()`` and compares what it reports, once; a harness compares at every (re)start
  /// instead, including restarts the runner does not see (``ProcessImplementation``). Either way the comparison
  /// and its wording are ``InitialStateCheck``'s.
  ///
  /// - Parameter manifests: Feature name → manifest.
  /// - Returns: What the implementation says about itself.
  /// - Throws: ``ImplementationStartError`` when it cannot be started or its initial states differ (then it is shut
  ///   down).
  func start(expectingInitialStatesOf manifests: [String: FeatureManifest]) async throws(ImplementationStartError)
    -> ImplementationInfo

  /// Releases the implementation (for a harness: sends `bye`, then terminates the process if it lingers).
  func shutdown() async
}

extension Implementation {
  /// No declared levels: an implementation is expected to run every level of every feature it is given.
  package var intendedLevels: Set<ScenarioLevel>? { nil }

  /// No declared features: an implementation is expected to run every feature of the scenarios it is given.
  package var intendedFeatures: Set<String>? { nil }

  /// Calls ``start()`` and checks the initial states it reports against the manifests, shutting the
  /// implementation down when one differs.
  package func start(expectingInitialStatesOf manifests: [String: FeatureManifest])
    async
    throws(ImplementationStartError) -> ImplementationInfo
  {
    let info = try await start()
    if let mismatch = InitialStateCheck.mismatch(info, manifests: manifests) {
      await shutdown()
      throw ImplementationStartError(message: mismatch)
    }
    return info
  }

  /// Performs the scenario once more with ``run(batch:)``.
  package func retry(_ request: RunRequest) async -> (observation: Observation, seconds: Double) {
    await run(batch: [request]).first ?? (.notRun(reason: "the implementation returned no observation"), 0)
  }

  /// Performs the scenarios one by one with ``run(_:)``, timing each.
  package func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    var results: [(observation: Observation, seconds: Double)] = []
    results.reserveCapacity(requests.count)
    for request in requests {
      let start = ContinuousClock.now
      let observation = await run(request)
      results.append((observation, (ContinuousClock.now - start).seconds))
    }
    return results
  }
}

// MARK: - ImplementationInfo

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
    if let ruledOut = Applicability.ruledOut(
      level: level, feature: feature, implementation: implementation, intendedLevels: intendedLevels,
      intendedFeatures: intendedFeatures)
    {
      return ruledOut
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

  /// The `not applicable` of a pair the user's declaration alone leaves out, or `nil` when the declaration admits it
  /// (or there is none): the first test of ``ImplementationInfo/applicability(of:feature:implementation:intendedLevels:intendedFeatures:)``,
  /// which needs nothing the implementation says, so the runner can tell a pair that needs a harness before starting
  /// it (Conformance/README.md §13.7).
  ///
  /// - Parameters:
  ///   - level: The scenario's level.
  ///   - feature: The scenario's feature.
  ///   - implementation: The implementation's name as the user selected it, which the reason quotes.
  ///   - intendedLevels: The levels the user declared the implementation runs (`levels` in the implementations
  ///     config, or `--harness NAME:LEVEL=…`), or `nil` for none declared.
  ///   - intendedFeatures: The features the user declared it implements (`features`), or `nil` for none declared.
  /// - Returns: `not applicable` with the reason, the feature tested first; `nil` when the pair is not ruled out.
  package static func ruledOut(
    level: ScenarioLevel, feature: String, implementation: String, intendedLevels: Set<ScenarioLevel>?,
    intendedFeatures: Set<String>?
  ) -> Applicability? {
    if let intendedFeatures, !intendedFeatures.contains(feature) {
      return .notApplicable(SkipReason.featureNotIntended(implementation: implementation, intended: intendedFeatures))
    }
    if let intendedLevels, !intendedLevels.contains(level) {
      return .notApplicable(
        SkipReason.levelNotIntended(level, implementation: implementation, intended: intendedLevels))
    }
    return nil
  }

  /// The observation reported for a scenario that is not sent, or `nil` when it is sent.
  package var observation: Observation? {
    switch self {
    case .runs: return nil
    case .skipped(let reason): return .skipped(reason: reason)
    case .notApplicable(let reason): return .notApplicable(reason: reason)
    }
  }
}
