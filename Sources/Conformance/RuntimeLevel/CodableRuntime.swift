import UnidirectionalFlow

// MARK: - CodableRuntime

/// Runs a feature's real runtime (a store, a view model) through runtime-level scenarios, with state and action types
/// that use Swift's synthesized `Codable`: the runtime counterpart of ``CodableFeature``.
///
/// A team gives the feature's name, its initial state and a closure that builds the runtime from a state and a
/// ``RuntimeEnvironment``. The closure wires the environment in: effects on ``RuntimeEnvironment/executor``, timers on
/// ``RuntimeEnvironment/clock``, and fake dependencies that call ``RuntimeEnvironment/call(_:arguments:returning:)``.
///
/// ```swift
/// struct ScriptedAuthenticationClient: AuthenticationClient {
///   let environment: RuntimeEnvironment
///   func authenticate(email: String, password: String) async throws -> LoginResult {
///     try await environment.call(
///       "authenticate", arguments: ["email": email, "password": password], returning: LoginResult.self)
///   }
/// }
///
/// let login = CodableRuntime("login", initialState: LoginState()) { state, environment in
///   Store(
///     initialState: state, reducer: LoginReducer(),
///     effectRunner: LoginEffectRunner(
///       client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock),
///     executor: environment.executor)
/// }
/// ```
///
/// `executor:` needs macOS 15, iOS 18, watchOS 11, tvOS 18 or visionOS 2 (task executors, SE-0417); below that
/// deployment target, build the store inside `if #available(macOS 15.0, iOS 18.0, *)`, as `Sources/LoginRuntime` does.
///
/// Another runtime (a TCA store, a view model) returns a ``RuntimeHandle`` instead of a ``Store``:
///
/// ```swift
/// CodableRuntime("login", initialState: LoginState()) { state, environment in
///   let model = LoginModel(state: state, environment: environment)
///   return RuntimeHandle(send: model.send, state: { model.state }, clear: model.close)
/// }
/// ```
///
/// Values convert as with ``CodableFeature``, with the feature manifest's names (Conformance/README.md, feature
/// manifests). A value that does not convert ends the scenario as errored at its step, naming the JSON path and the
/// Swift type: `steps[2].send.type: unknown case 'submitt' of LoginAction (known: …)`.
public struct CodableRuntime<State: Codable & Sendable, Action: Decodable & Sendable>: RuntimeAdapter,
  RuntimeManifestBindable, MainActorRuntimeAdapter, RuntimeReporting
{
  /// The feature's name, as in its manifest, e.g. `login`.
  public let feature: String
  private let madeState: LazyValue<State>
  /// The feature's initial state, made at the first use (as ``CodableFeature``'s).
  public var initialValue: State { madeState.value }
  private let makeRuntime: @Sendable (State, RuntimeEnvironment) -> RuntimeHandle<State, Action>
  private let shapes: RuntimeShapes
  /// Whether the runtime is built and driven on the main actor (``init(_:initialState:mainActor:)``).
  package let isMainActor: Bool
  /// What its runtimes report (hello `reports`): both for a ``Store``; for another runtime, `received` when it was
  /// created with `reportsReceived: true`.
  package let reports: Set<RuntimeReport>

  /// Creates the adapter for any runtime; ``bound(to:)`` later gives it the manifest's names.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - initialState: The feature's initial state (reported in `hello`, compared with the manifest's).
  ///   - reportsReceived: Whether the handles `runtime` builds report received actions (``RuntimeHandle``'s
  ///     `received:`); announced in `hello`, so that the report can say why `expect.received` is not checked.
  ///   - reportsInFlight: Whether the handles report the effects in flight, as a handle made with
  ///     ``RuntimeHandle/init(store:)`` does (a store behind `.task` or `.events`, format v1.3); announced in `hello`,
  ///     so that an exhaustive scenario also fails on an effect left running (Conformance/README.md §14.2).
  ///   - runtime: Builds a fresh runtime for one scenario from its initial state and environment; called once per
  ///     scenario, on the driver's thread.
  public init(
    _ feature: String, initialState: @autoclosure @escaping @Sendable () -> State, reportsReceived: Bool = false,
    reportsInFlight: Bool = false,
    runtime: @escaping @Sendable (State, RuntimeEnvironment) -> RuntimeHandle<State, Action>
  ) {
    var reports: Set<RuntimeReport> = []
    if reportsReceived { reports.insert(.received) }
    if reportsInFlight { reports.insert(.inFlight) }
    self.init(
      feature: feature, initialValue: LazyValue(initialState), makeRuntime: runtime, shapes: .opaque,
      isMainActor: false, reports: reports)
  }

  /// Creates the adapter for a runtime isolated to the main actor, such as a `@MainActor` view model whose effects are
  /// plain `Task {}`: `runtime` is called on the main actor, and returns a handle made with
  /// ``RuntimeHandle/init(mainActor:state:clear:)``.
  ///
  /// Each operation runs as a main-actor job on the driver's thread, and the tasks the view model starts are routed
  /// to ``RuntimeEnvironment/executor`` (docs/runtime-scenarios.md, "What runs where"). When the Swift runtime does not
  /// let them be routed, each runtime scenario is reported as errored at step 0 rather than run nondeterministically.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - initialState: The feature's initial state.
  ///   - runtime: Builds a fresh view model for one scenario, on the main actor.
  public init(
    _ feature: String, initialState: @autoclosure @escaping @Sendable () -> State,
    mainActor runtime: @escaping @MainActor @Sendable (State, RuntimeEnvironment) -> RuntimeHandle<State, Action>
  ) {
    let make: @Sendable (State, RuntimeEnvironment) -> RuntimeHandle<State, Action> = { state, environment in
      // Nil only when building it never finished within the job limit; a handle that does nothing then reports
      // the initial state, and the step-0 settle reports the runaway.
      return environment.runOnMainActor { runtime(state, environment) }
        ?? RuntimeHandle(send: { _ in }, state: { state }, clear: {})
    }
    self.init(
      feature: feature, initialValue: LazyValue(initialState), makeRuntime: make, shapes: .opaque, isMainActor: true,
      reports: [])
  }

  /// Creates the adapter for a ``Store``: `send` is ``Store/send(_:)``, `clear` is ``Store/cancel()``.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest.
  ///   - initialState: The feature's initial state.
  ///   - store: Builds a fresh store for one scenario; it should pass ``RuntimeEnvironment/executor`` as the store's
  ///     `executor`.
  public init<Effect: EffectIdentifying>(
    _ feature: String, initialState: @autoclosure @escaping @Sendable () -> State,
    store: @escaping @Sendable (State, RuntimeEnvironment) -> Store<State, Action, Effect>
  ) {
    self.init(
      feature: feature, initialValue: LazyValue(initialState),
      makeRuntime: { state, environment in RuntimeHandle(store: store(state, environment)) }, shapes: .opaque,
      isMainActor: false, reports: [.received, .inFlight])
  }

  private init(
    feature: String, initialValue: LazyValue<State>,
    makeRuntime: @escaping @Sendable (State, RuntimeEnvironment) -> RuntimeHandle<State, Action>,
    shapes: RuntimeShapes, isMainActor: Bool, reports: Set<RuntimeReport>
  ) {
    self.feature = feature
    self.madeState = initialValue
    self.makeRuntime = makeRuntime
    self.shapes = shapes
    self.isMainActor = isMainActor
    self.reports = reports
  }

  // MARK: - RuntimeAdapter

  /// The initial state in the neutral form, or `null` when it cannot be encoded.
  public var initialState: JSONValue {
    (try? BridgeCoding.encode(initialValue, shape: shapes.feature.state, at: .root)) ?? .null
  }

  /// Decodes `initialState` and builds a runtime with `environment`.
  ///
  /// - Throws: ``CodecError`` at a path relative to the initial state when it cannot be decoded.
  public func start(initialState: JSONValue, environment: RuntimeEnvironment) throws(CodecError) -> any FeatureRuntime {
    let state = try BridgeCoding.decode(State.self, from: initialState, shape: shapes.feature.state, at: .root)
    environment.shapes = shapes
    return CodableFeatureRuntime(
      handle: makeRuntime(state, environment), shapes: shapes.feature, environment: environment, reports: reports)
  }

  /// The adapter with the case names, field orders and dependency shapes of `manifest`; it reports events when the
  /// manifest declares them (format v1.3).
  package func bound(to manifest: FeatureManifest) -> any RuntimeAdapter {
    // A feature with events reports the events its screen got, none when the handle has no events listener.
    CodableRuntime(
      feature: feature, initialValue: madeState, makeRuntime: makeRuntime, shapes: RuntimeShapes(manifest: manifest),
      isMainActor: isMainActor, reports: manifest.events == nil ? reports : reports.union([.events]))
  }
}

// MARK: - BridgeCoding

/// One-call conversions through the Codable bridge, with errors as ``CodecError``s at paths under a prefix.
enum BridgeCoding {
  /// Decodes `value` as `type`.
  ///
  /// - Parameters:
  ///   - prefix: Where `value` sits, e.g. `steps[3].send`; error paths start with it.
  /// - Throws: ``CodecError`` naming the path and the Swift type.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, shape: CodingShape, at prefix: JSONPath)
    throws(CodecError) -> T
  {
    let context = DecodingContext()
    let decoder = BridgeDecoder(value: value, shape: shape, owner: type, parent: nil, component: nil, context: context)
    do {
      return try T(from: decoder)
    } catch {
      throw located(BridgeError.from(error, pending: context.pending), under: prefix)
    }
  }

  /// Encodes `value`.
  ///
  /// - Parameters:
  ///   - prefix: Where the value will sit, e.g. `state`; error paths start with it.
  /// - Throws: ``CodecError`` naming the path.
  static func encode<T: Encodable>(_ value: T, shape: CodingShape, at prefix: JSONPath) throws(CodecError)
    -> JSONValue
  {
    do {
      return try BridgeEncoder.encode(value, shape: shape)
    } catch {
      throw located(BridgeError.from(error, pending: nil), under: prefix)
    }
  }

  private static func located(_ error: BridgeError, under prefix: JSONPath) -> CodecError {
    CodecError(path: prefix.appending(error.path), message: error.message)
  }
}

// MARK: - RuntimeShapes

/// What the Codable bridge needs to convert a runtime's values: the feature's shapes (state, actions, named types) and
/// the shapes of its dependencies' arguments and results.
struct RuntimeShapes: Sendable {
  /// The state, action and named-type shapes.
  var feature: CodingShapes
  /// Each dependency's arguments object, by dependency name.
  var arguments: [String: CodingShape]
  /// Each dependency's result, by dependency name.
  var results: [String: CodingShape]

  /// No manifest: everything opaque.
  static let opaque = RuntimeShapes(feature: .opaque, arguments: [:], results: [:])

  /// The shapes a manifest declares, its `dependencies` included.
  init(manifest: FeatureManifest) {
    let feature = CodingShapes(manifest: manifest)
    var arguments: [String: CodingShape] = [:]
    var results: [String: CodingShape] = [:]
    for (name, dependency) in manifest.dependencies {
      arguments[name] = .object(CodingShape.fields(dependency.arguments, named: feature.named))
      results[name] = CodingShape(dependency.result, named: feature.named)
    }
    self.init(feature: feature, arguments: arguments, results: results)
  }

  private init(feature: CodingShapes, arguments: [String: CodingShape], results: [String: CodingShape]) {
    self.feature = feature
    self.arguments = arguments
    self.results = results
  }

  /// The shape of `dependency`'s arguments; ``CodingShape/opaque`` when unknown.
  func arguments(of dependency: String) -> CodingShape { arguments[dependency] ?? .opaque }

  /// The shape of `dependency`'s result, decoded as `type`: the manifest's, else (a dependency the manifest does not
  /// declare) the named type whose name is the Swift type's (`LoginResult`), else ``CodingShape/opaque``.
  func result(of dependency: String, as type: Any.Type) -> CodingShape {
    if let shape = results[dependency] { return shape }
    let name = String(describing: type)
    if let union = feature.named.unions[name] { return .union(union) }
    return feature.named.objects[name].map(CodingShape.named) ?? .opaque
  }
}
