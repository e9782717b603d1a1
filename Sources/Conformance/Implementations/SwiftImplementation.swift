import Foundation

/// The in-process Swift implementation: scenarios run through Swift reducers directly, with no process.
///
/// It knows no feature of its own: the features are the ``FeatureAdapter``s it is given (the `conformance`
/// executable registers the bundled login and signup features; a team's executable registers its own). Its name is
/// `swift` unless set (for example `ios`); `conformance` with no arguments runs it alone. The same features are
/// served over the harness protocol by `conformance harness`, so the out-of-process path is tested with it too.
package struct SwiftImplementation: Implementation {
  /// The name used when none is given: `swift`.
  package static let defaultName = "swift"

  /// The implementation's name on the command line and in reports, e.g. `swift` or `ios`.
  package let name: String

  /// The features this implementation can run at reducer level, by feature name, as registered.
  package let adapters: [String: any FeatureAdapter]
  /// The features this implementation can run at runtime level (their real store), by feature name, as registered.
  package let runtimes: [String: any RuntimeAdapter]
  /// Each feature's adapter bound to its manifest and checked, made at the feature's first scenario.
  private let prepared: [String: LazyValue<Prepared<any FeatureAdapter>>]
  /// Each feature's runtime adapter bound to its manifest and checked, made at the feature's first scenario.
  private let preparedRuntimes: [String: LazyValue<Prepared<any RuntimeAdapter>>]
  /// The manifests the features are bound to.
  private let manifests: [String: FeatureManifest]

  /// Creates the implementation with the given features.
  ///
  /// - Parameters:
  ///   - name: The implementation's name (default `swift`): lower-case letters, digits and `-`, as for declared
  ///     implementations (PROTOCOL.md §4).
  ///   - features: One adapter per feature, declared for the reducer level; a later adapter for the same feature
  ///     replaces an earlier one.
  ///   - runtimes: One runtime adapter per feature, declared for the runtime level (scenario format v1.1).
  package init(
    name: String = SwiftImplementation.defaultName, features: [any FeatureAdapter], runtimes: [any RuntimeAdapter] = []
  ) {
    var byName: [String: any FeatureAdapter] = [:]
    for adapter in features { byName[adapter.feature] = adapter }
    var runtimesByName: [String: any RuntimeAdapter] = [:]
    for adapter in runtimes { runtimesByName[adapter.feature] = adapter }
    self.init(name: name, adapters: byName, runtimes: runtimesByName, manifests: [:])
  }

  private init(
    name: String, adapters: [String: any FeatureAdapter], runtimes: [String: any RuntimeAdapter],
    manifests: [String: FeatureManifest]
  ) {
    self.name = name
    self.adapters = adapters
    self.runtimes = runtimes
    self.manifests = manifests
    prepared = adapters.mapValues { adapter in
      LazyValue {
        let manifest = manifests[adapter.feature]
        let bound = manifest.flatMap { (adapter as? any ManifestBindable)?.bound(to: $0) } ?? adapter
        return Prepared(bound, feature: adapter.feature, manifest: manifest, initialState: { bound.initialState })
      }
    }
    preparedRuntimes = runtimes.mapValues { adapter in
      LazyValue {
        let manifest = manifests[adapter.feature]
        let bound = manifest.flatMap { (adapter as? any RuntimeManifestBindable)?.bound(to: $0) } ?? adapter
        return Prepared(bound, feature: adapter.feature, manifest: manifest, initialState: { bound.initialState })
      }
    }
  }

  /// The implementation with each feature to be prepared for its manifest (see ``ManifestBindable``) when its first
  /// scenario runs; features without a manifest run as they are.
  ///
  /// - Parameter manifests: Feature name → manifest, as loaded from `Conformance/features`.
  package func bound(to manifests: [String: FeatureManifest]) -> SwiftImplementation {
    SwiftImplementation(name: name, adapters: adapters, runtimes: runtimes, manifests: manifests)
  }

  /// What this implementation says about itself (the same as the `hello` reply of `conformance harness`): every
  /// feature with its initial state, and `reducer` for the features it has an adapter for and `runtime` for those
  /// it has a runtime adapter for. Makes every feature's initial state.
  package var info: ImplementationInfo {
    announcement { feature in
      prepared[feature]?.value.adapter.initialState ?? preparedRuntimes[feature]?.value.adapter.initialState ?? .null
    }
  }

  /// The features, levels and reports, with each feature's initial state from `initialState`.
  private func announcement(_ initialState: (String) -> JSONValue) -> ImplementationInfo {
    var features: [String: JSONValue] = [:]
    var levels: [String: Set<ScenarioLevel>] = [:]
    var reports: [String: Set<RuntimeReport>] = [:]
    for feature in adapters.keys { levels[feature] = [.reducer] }
    for (feature, runtime) in runtimes {
      levels[feature, default: []].insert(.runtime)
      // What a runtime reports depends on its manifest (events, format v1.3): bound, which makes nothing.
      let bound = manifests[feature].flatMap { (runtime as? any RuntimeManifestBindable)?.bound(to: $0) } ?? runtime
      reports[feature] = (bound as? any RuntimeReporting)?.reports ?? []
    }
    for feature in levels.keys { features[feature] = initialState(feature) }
    return ImplementationInfo(
      name: name, language: "Swift", version: ConformanceVersion.current, features: features, levels: levels,
      reports: reports)
  }

  /// Prepares every feature and returns ``info``: what `conformance harness` announces in `hello`.
  ///
  /// - Throws: ``ImplementationStartError`` when a feature bound to its manifest has Swift types that cannot hold a
  ///   value the manifest declares (a Codable bridge's bind-time check, Conformance/README.md §15.4), naming each field.
  package func start() async throws(ImplementationStartError) -> ImplementationInfo {
    let problems = prepared.keys.sorted().flatMap { prepared[$0]?.value.bindingProblems ?? [] }
    if !problems.isEmpty { throw ImplementationStartError(message: problems.joined(separator: "\n")) }
    return info
  }

  /// Starts without making any feature: only a registered feature no manifest defines stops it here (its name is
  /// all that takes). Each feature is bound, checked (``start()``'s bind-time check, and its initial state against
  /// its manifest's) and made when its first scenario runs, so a run pays only for the features it uses; a feature
  /// that fails the check reports each of its scenarios as not run, with the reason. The announcement's initial
  /// states are therefore `null`.
  ///
  /// - Throws: ``ImplementationStartError`` naming a feature no manifest defines.
  package func start(expectingInitialStatesOf manifests: [String: FeatureManifest])
    async throws(ImplementationStartError) -> ImplementationInfo
  {
    let info = announcement { _ in .null }
    if let unknown = InitialStateCheck.unknownFeature(info, manifests: manifests) {
      throw ImplementationStartError(message: unknown)
    }
    return info
  }

  /// Runs the scenario through the feature's reducer; an unknown feature is skipped.
  package func run(_ request: RunRequest) async -> Observation {
    perform(request)
  }

  /// The synchronous core of ``run(_:)``, shared with the protocol server.
  func perform(_ request: RunRequest) -> Observation {
    if request.level == .reducer, let feature = prepared[request.feature]?.value {
      if let reason = feature.reason(implementation: name) { return .notRun(reason: reason) }
      return feature.adapter.trace(initialState: request.initialState, actions: request.actions)
    }
    if request.level == .runtime, let runtime = preparedRuntimes[request.feature]?.value {
      if let reason = runtime.reason(implementation: name) { return .notRun(reason: reason) }
      return RuntimeDriver.observe(runtime.adapter, initialState: request.initialState, steps: request.steps)
    }
    let applicability = announcement { _ in .null }.applicability(
      of: request.level, feature: request.feature, implementation: name)
    return applicability.observation
      ?? .errored(step: 0, message: "feature '\(request.feature)' has no \(request.level.rawValue) adapter")
  }

  /// Nothing to release.
  package func shutdown() async {}
}

// MARK: - Prepared

/// A feature's adapter bound to its manifest, with what stops it from running: what its Swift types cannot hold
/// (Conformance/README.md §15.4) and how its initial state differs from the manifest's (harness protocol §2.1).
private struct Prepared<Adapter: Sendable>: Sendable {
  /// The adapter to run scenarios with.
  let adapter: Adapter
  /// The feature's name.
  let feature: String
  /// One sentence per field the Swift types cannot hold.
  let bindingProblems: [String]
  /// How the initial state differs from the manifest's, or `nil`.
  let drift: String?

  /// Checks `adapter`, already bound to `manifest`; nothing to check without a manifest.
  init(_ adapter: Adapter, feature: String, manifest: FeatureManifest?, initialState: () -> JSONValue) {
    self.adapter = adapter
    self.feature = feature
    bindingProblems = manifest == nil ? [] : (adapter as? any BindingChecked)?.bindingProblems ?? []
    drift = manifest.flatMap { InitialStateCheck.drift(of: $0, reported: initialState()) }
  }

  /// Why the feature's scenarios are not run on `implementation`, or `nil` when they are.
  func reason(implementation: String) -> String? {
    let problems = bindingProblems + [drift].compactMap { $0 }
    guard !problems.isEmpty else { return nil }
    return "the implementation '\(implementation)' did not start feature '\(feature)': "
      + problems.joined(separator: "; ")
  }
}

// MARK: - InitialStateCheck

/// Compares what an implementation announces with the manifests (harness protocol §2.1): every feature it announces
/// must have a manifest, and each initial state must be the manifest's.
enum InitialStateCheck {
  /// Why the announcement cannot be trusted, or `nil` when it can:
  /// - a feature no manifest defines, with the nearest manifest's name: a misnamed feature (`carts` for `cart`) would
  ///   otherwise leave every scenario of the real one unchecked on this implementation;
  /// - the first feature whose reported initial state differs from its manifest's, with every differing path.
  /// With no manifests at all nothing is compared: every scenario is then invalid and the run fails anyway. Features
  /// the implementation does not announce are not compared.
  static func mismatch(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    if let unknown = unknownFeature(info, manifests: manifests) { return unknown }
    for (feature, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
      guard let reported = info.features[feature], let drift = drift(of: manifest, reported: reported) else { continue }
      return drift
    }
    return narrowFields(info, manifests: manifests)
  }

  /// The first feature `info` announces that no manifest defines, said with the nearest manifest's name or where its
  /// manifest goes; `nil` when each has one, or when there are no manifests at all.
  static func unknownFeature(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    if !manifests.isEmpty, let unknown = info.features.keys.sorted().first(where: { manifests[$0] == nil }) {
      let known = manifests.keys.sorted()
      // No near name: most likely a folder that holds some of the features the implementation serves (the bundled
      // tool run on a team's folder), so say where the missing manifest goes.
      let folder = manifests.values.map(\.file).sorted().first.map { ($0 as NSString).deletingLastPathComponent }
      let hint =
        Suggestion.closest(to: unknown, among: known).map { "; did you mean '\($0)'?" }
        ?? "; add its manifest (\(folder.map { $0.isEmpty ? "" : $0 + "/" } ?? "")\(unknown).json) beside the others, "
        + "or run an implementation that serves only the features this folder defines"
      return "it announces feature '\(unknown)', which no manifest defines (manifests: "
        + known.joined(separator: ", ") + ")\(hint)"
    }
    return nil
  }

  /// How `reported`, an implementation's initial state of `manifest`'s feature, differs from the manifest's, with
  /// every differing path; `nil` when it does not.
  static func drift(of manifest: FeatureManifest, reported: JSONValue) -> String? {
    guard reported != manifest.initialState else { return nil }
    let differences = StructuralDiff.mismatches(
      expected: manifest.initialState, actual: reported, at: JSONPath([.key("initialState")]))
    return "its initial state of feature '\(manifest.feature)' differs from \(manifest.file): "
      + differences.map(\.description).joined(separator: "; ")
  }

  /// The fields whose announced platform type cannot hold every value the manifest declares there (format v1.2,
  /// Conformance/README.md §15.4), one per line, or `nil`: an `Int` for a 64-bit integer, a `UUID` for a plain string.
  static func narrowFields(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    var problems: [String] = []
    for (feature, fields) in info.fieldTypes.sorted(by: { $0.key < $1.key }) {
      guard let manifest = manifests[feature] else { continue }
      for (path, platform) in fields.sorted(by: { $0.key < $1.key }) {
        guard let declared = manifest.descriptor(at: path), !FieldFit.holds(platform, declared) else { continue }
        problems.append(
          "feature '\(feature)': \(path) is \(platform), which cannot hold every value of the manifest's "
            + "\(declared.description) (Conformance/README.md §15.4); use a wider type, or narrow the manifest's type")
      }
    }
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }
}
