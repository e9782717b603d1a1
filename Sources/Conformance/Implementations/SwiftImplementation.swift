import LoginFeature

/// The built-in, in-process Swift implementation: scenarios run through the Swift reducers directly, with no process.
///
/// Registered under the name `swift`; `conformance` with no arguments runs it alone. The same features are served
/// over the harness protocol by `conformance harness`, so the out-of-process path is tested with it too.
public struct SwiftImplementation: Implementation {
  /// The features this implementation can run, by name.
  public let adapters: [String: any FeatureAdapter]

  /// Creates the implementation with the given features (default: every feature of this package).
  ///
  /// - Parameter adapters: One adapter per feature; a later adapter for the same feature replaces an earlier one.
  public init(adapters: [any FeatureAdapter] = SwiftImplementation.bundledFeatures) {
    var byName: [String: any FeatureAdapter] = [:]
    for adapter in adapters { byName[adapter.feature] = adapter }
    self.adapters = byName
  }

  /// The features bundled with this package: the login flow.
  public static let bundledFeatures: [any FeatureAdapter] = [
    ReducerAdapter(codec: LoginCodec(), reducer: LoginReducer(), initialState: LoginState())
  ]

  /// `swift`.
  public var name: String { "swift" }

  /// What this implementation says about itself (the same as the `hello` reply of `conformance harness`).
  public var info: ImplementationInfo {
    ImplementationInfo(
      name: "swift", language: "Swift", version: ConformanceVersion.current,
      features: adapters.mapValues(\.initialState))
  }

  /// Nothing to start; returns ``info``.
  public func start() async throws(ImplementationStartError) -> ImplementationInfo { info }

  /// Runs the scenario through the feature's reducer; an unknown feature is skipped.
  public func run(_ request: RunRequest) async -> Observation {
    perform(request)
  }

  /// The synchronous core of ``run(_:)``, shared with the protocol server.
  func perform(_ request: RunRequest) -> Observation {
    guard let adapter = adapters[request.feature] else {
      return .skipped(reason: "the Swift implementation has no feature '\(request.feature)'")
    }
    return adapter.trace(initialState: request.initialState, actions: request.actions)
  }

  /// Nothing to release.
  public func shutdown() async {}
}

/// The version of this package, reported by `conformance --version` and in `hello` replies.
public enum ConformanceVersion {
  /// Semantic version of the tool, the scenario format and the protocol it speaks: `1.0.0`.
  public static let current = "1.0.0"
}
