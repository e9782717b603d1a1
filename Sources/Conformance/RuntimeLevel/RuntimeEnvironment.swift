// MARK: - RuntimeEnvironment

/// What a runtime under test uses instead of the real world during one runtime scenario: scripted dependencies, a
/// manual clock and an executor whose work runs only when the scenario driver lets it (scenario format v1.1, harness
/// protocol §2.5).
///
/// A ``RuntimeAdapter`` receives a fresh environment for each scenario and builds the team's runtime with it: the store
/// or view model runs its effects on ``executor``, its timers on ``clock``, and its dependencies are fakes that call
/// ``call(_:arguments:)``, so the scenario's `respond` steps answer them.
///
/// ```swift
/// struct ScriptedAuthenticationClient: AuthenticationClient {
///   let environment: RuntimeEnvironment
///
///   func authenticate(email: String, password: String) async throws -> LoginResult {
///     try await environment.call(
///       "authenticate", arguments: ["email": email, "password": password], returning: LoginResult.self)
///   }
/// }
///
/// CodableRuntime("login", initialState: LoginState()) { state, environment in
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
public final class RuntimeEnvironment: @unchecked Sendable {
  /// The virtual clock: `sleep` resumes only when an `advance` step reaches the deadline. Starts at zero.
  public let clock: ManualClock
  /// The executor the runtime's tasks run on (a store passes it as `executorPreference:`; a view model's plain
  /// `Task {}` and main-actor work are routed to it while a step runs): its jobs run when the driver
  /// settles a step, one at a time, on the driver's thread.
  public let executor: ManualTaskExecutor
  /// The calls made through ``call(_:arguments:)``.
  package let dependencies: ScriptedDependencies
  /// How the typed ``call(_:arguments:returning:)`` converts values; set by the adapter before its runtime starts
  /// (``CodableRuntime`` sets its manifest's), then only read.
  var shapes: RuntimeShapes = .opaque

  /// Creates an environment for one scenario: time zero, nothing queued, no calls.
  package init() {
    clock = ManualClock()
    executor = ManualTaskExecutor()
    dependencies = ScriptedDependencies()
  }

  // MARK: - Calling scripted dependencies

  /// Calls the scripted dependency `dependency`: the call is recorded under the current step and suspends until a
  /// `respond` step answers it.
  ///
  /// The scenario names the call in the step's `expect.calls` as
  /// `{"call": "a1", "dependency": dependency, "arguments": arguments}` and answers it with
  /// `{"respond": {"call": "a1", "result": value}}` or `{"respond": {"call": "a1", "error": {"message": m}}}`.
  ///
  /// ```swift
  /// let value = try await environment.call("authenticate", arguments: ["email": "ada@example.com", "password": "pw"])
  /// ```
  ///
  /// - Parameters:
  ///   - dependency: The dependency's name as in the feature manifest's `dependencies`, e.g. `authenticate`.
  ///   - arguments: A JSON object keyed by the manifest's argument names.
  /// - Returns: The `result` value of the `respond` step that answers the call.
  /// - Throws: ``ScriptedDependencyError`` with the scenario's message when answered with an `error`.
  ///   `CancellationError` at once when the calling task is cancelled (the call is then recorded as cancelled during
  ///   the current step), and when the scenario ends first. `CancellationError` too, while the task is not
  ///   cancelled, when answered with `{"error": {"message": m, "cancellation": true}}` (the client's own cancellation;
  ///   not recorded as cancelled).
  public func call(_ dependency: String, arguments: JSONValue) async throws -> JSONValue {
    try await dependencies.call(dependency, arguments: arguments)
  }

  /// Calls the scripted dependency `dependency` with Codable values, converted through the Codable bridge as actions
  /// and states are (``CodableFeature``): the result is decoded as `Result`.
  ///
  /// ```swift
  /// let result = try await environment.call(
  ///   "authenticate", arguments: ["email": email, "password": password], returning: LoginResult.self)
  /// ```
  ///
  /// - Parameters:
  ///   - dependency: The dependency's name as in the feature manifest's `dependencies`.
  ///   - arguments: The arguments; must encode as a JSON object keyed by the manifest's argument names (a struct or a
  ///     `[String: …]` dictionary).
  ///   - returning: The Swift type of the dependency's result, e.g. `LoginResult`.
  /// - Returns: The `respond` step's `result`, decoded.
  /// - Throws: As ``call(_:arguments:)``; and ``CodecError`` when the arguments cannot be encoded or the result
  ///   cannot be decoded. The scenario step is then reported as errored, with the JSON path
  ///   (`calls[0].arguments.…`, `steps[3].respond.result.…`) and the Swift type in the message.
  public func call<Arguments: Encodable, Result: Decodable>(
    _ dependency: String, arguments: Arguments, returning: Result.Type = Result.self
  ) async throws -> Result {
    let json: JSONValue
    do {
      let prefix = JSONPath([.key("calls"), .index(dependencies.startedCount), .key("arguments")])
      json = try BridgeCoding.encode(arguments, shape: shapes.arguments(of: dependency), at: prefix)
    } catch {
      throw reported(error)
    }
    let value = try await dependencies.call(dependency, arguments: json)
    do {
      let prefix = JSONPath([.key("steps"), .index(dependencies.currentStep - 1), .key("respond"), .key("result")])
      return try BridgeCoding.decode(
        Result.self, from: value, shape: shapes.result(of: dependency, as: Result.self), at: prefix)
    } catch {
      throw reported(error)
    }
  }

  /// Hands a conversion error to the driver, which reports the step as errored, and returns it to be thrown.
  func reported(_ error: CodecError) -> CodecError {
    dependencies.reportFailure("\(error.path): \(error.message)")
    return error
  }

  // MARK: - Driving (scenario driver)

  /// The most jobs one step may run before the driver gives up on it settling: far more than any runtime needs to
  /// react to one step, few enough to fail within seconds.
  package static let jobLimit = 100_000

  /// Runs everything runnable at the current virtual time.
  ///
  /// - Returns: `false` when ``jobLimit`` jobs ran and work is still queued (a loop that never suspends).
  package func settle() -> Bool {
    executor.drain(limit: Self.jobLimit)
  }

  /// Moves virtual time forward by `milliseconds`, running each timer that falls due at its own deadline, settling
  /// after each.
  ///
  /// - Returns: `false` when a settle did not get to the end.
  package func advance(milliseconds: Int64) -> Bool {
    clock.advance(by: .milliseconds(milliseconds)) { executor.drain(limit: Self.jobLimit) }
  }

  /// Ends the scenario: every pending call and sleep ends with `CancellationError` (calls unrecorded), later ones end
  /// so at once, and everything runnable runs (up to ``jobLimit`` jobs), so that no task of the runtime is left
  /// suspended on the environment.
  package func close() {
    dependencies.close()
    clock.close()
    executor.drain(limit: Self.jobLimit)
  }
}
