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

  /// The features this implementation can run at reducer level, by feature name.
  package let adapters: [String: any FeatureAdapter]
  /// The features this implementation can run at runtime level (their real store), by feature name.
  package let runtimes: [String: any RuntimeAdapter]

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
    self.init(name: name, adapters: byName, runtimes: runtimesByName)
  }

  private init(name: String, adapters: [String: any FeatureAdapter], runtimes: [String: any RuntimeAdapter]) {
    self.name = name
    self.adapters = adapters
    self.runtimes = runtimes
  }

  /// The implementation with each feature prepared for its manifest (see ``ManifestBindable``); features
  /// without a manifest stay as they are.
  ///
  /// - Parameter manifests: Feature name → manifest, as loaded from `Conformance/features`.
  package func bound(to manifests: [String: FeatureManifest]) -> SwiftImplementation {
    var bound = adapters
    for (feature, adapter) in adapters {
      if let manifest = manifests[feature], let bindable = adapter as? any ManifestBindable {
        bound[feature] = bindable.bound(to: manifest)
      }
    }
    var boundRuntimes = runtimes
    for (feature, adapter) in runtimes {
      if let manifest = manifests[feature], let bindable = adapter as? any RuntimeManifestBindable {
        boundRuntimes[feature] = bindable.bound(to: manifest)
      }
    }
    return SwiftImplementation(name: name, adapters: bound, runtimes: boundRuntimes)
  }

  /// What this implementation says about itself (the same as the `hello` reply of `conformance harness`): every
  /// feature with its initial state, and `reducer` for the features it has an adapter for and `runtime` for those
  /// it has a runtime adapter for.
  package var info: ImplementationInfo {
    var features = adapters.mapValues(\.initialState)
    var levels: [String: Set<ScenarioLevel>] = adapters.mapValues { _ in [.reducer] }
    var reports: [String: Set<RuntimeReport>] = [:]
    for (feature, runtime) in runtimes {
      if features[feature] == nil { features[feature] = runtime.initialState }
      levels[feature, default: []].insert(.runtime)
      reports[feature] = (runtime as? any RuntimeReporting)?.reports ?? []
    }
    return ImplementationInfo(
      name: name, language: "Swift", version: ConformanceVersion.current, features: features, levels: levels,
      reports: reports)
  }

  /// Nothing to start; returns ``info``.
  ///
  /// - Throws: ``ImplementationStartError`` when a feature bound to its manifest has Swift types that cannot hold a
  ///   value the manifest declares (a Codable bridge's bind-time check, Conformance/README.md §15.4), naming each field.
  package func start() async throws(ImplementationStartError) -> ImplementationInfo {
    let problems = adapters.keys.sorted().flatMap { (adapters[$0] as? any BindingChecked)?.bindingProblems ?? [] }
    if !problems.isEmpty { throw ImplementationStartError(message: problems.joined(separator: "\n")) }
    return info
  }

  /// Runs the scenario through the feature's reducer; an unknown feature is skipped.
  package func run(_ request: RunRequest) async -> Observation {
    perform(request)
  }

  /// The synchronous core of ``run(_:)``, shared with the protocol server.
  func perform(_ request: RunRequest) -> Observation {
    if request.level == .reducer, let adapter = adapters[request.feature] {
      return adapter.trace(initialState: request.initialState, actions: request.actions)
    }
    if request.level == .runtime, let runtime = runtimes[request.feature] {
      return RuntimeDriver.observe(runtime, initialState: request.initialState, steps: request.steps)
    }
    return info.applicability(of: request.level, feature: request.feature, implementation: name).observation
      ?? .errored(step: 0, message: "feature '\(request.feature)' has no \(request.level.rawValue) adapter")
  }

  /// Nothing to release.
  package func shutdown() async {}
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
    for (feature, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
      guard let reported = info.features[feature], reported != manifest.initialState else { continue }
      let differences = StructuralDiff.mismatches(
        expected: manifest.initialState, actual: reported, at: JSONPath([.key("initialState")]))
      return "its initial state of feature '\(feature)' differs from \(manifest.file): "
        + differences.map(\.description).joined(separator: "; ")
    }
    return narrowFields(info, manifests: manifests)
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
