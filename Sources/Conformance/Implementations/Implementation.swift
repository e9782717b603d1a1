/// Something that can perform scenarios: the in-process Swift implementation, or a harness process speaking the
/// harness protocol (Conformance/PROTOCOL.md).
///
/// An implementation only *observes*: it runs the actions through its reducer and reports states and effects. The
/// runner alone compares observations with expectations, so every implementation is judged by one code path
/// (the "dumb harness, smart runner" design of Bowtie and the protobuf conformance runner).
package protocol Implementation: Sendable {
  /// The implementation's name as used on the command line and in reports, e.g. `swift` or `kotlin`.
  var name: String { get }

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

  /// Creates an info value.
  package init(name: String, language: String, version: String, features: [String: JSONValue]) {
    self.name = name
    self.language = language
    self.version = version
    self.features = features
  }
}

/// Why an implementation could not be started.
package struct ImplementationStartError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A sentence saying what went wrong and what to do, e.g. "the harness did not answer 'hello' within 30 s".
  package var message: String
  /// The last lines the process wrote to stderr, if any.
  package var stderrTail: String

  /// Creates an error.
  package init(message: String, stderrTail: String = "") {
    self.message = message
    self.stderrTail = stderrTail
  }

  /// The message followed by the stderr tail, when there is one.
  package var description: String {
    stderrTail.isEmpty ? message : "\(message)\n--- stderr (last lines) ---\n\(stderrTail)"
  }
}

/// One scenario as sent to an implementation (the `run` request of harness protocol §2).
package struct RunRequest: Sendable {
  /// The scenario's id.
  package var id: String
  /// The feature name, e.g. `login`.
  package var feature: String
  /// The state to start from.
  package var initialState: JSONValue
  /// The actions to send, in order (each step's `send`).
  package var actions: [JSONValue]
  /// An upper bound of the size in bytes of the trace the scenario expects, in compact JSON (``TraceSize``); 0 when
  /// unknown. A harness's reply may be 6 times as long, so a correct harness is never over the reply limit (harness
  /// protocol §3.4).
  package var expectedTraceBytes: Int

  /// Creates a request.
  package init(id: String, feature: String, initialState: JSONValue, actions: [JSONValue], expectedTraceBytes: Int = 0)
  {
    self.id = id
    self.feature = feature
    self.initialState = initialState
    self.actions = actions
    self.expectedTraceBytes = expectedTraceBytes
  }
}

/// The state and effects an implementation reports after one action.
public struct TraceEntry: Sendable, Equatable {
  /// The full state after the action.
  public var state: JSONValue
  /// The effects the reducer returned for the action, in order (often empty).
  public var effects: [JSONValue]

  /// Creates an entry.
  public init(state: JSONValue, effects: [JSONValue]) {
    self.state = state
    self.effects = effects
  }
}

/// What happened when an implementation was asked to perform a scenario: a trace to judge, or the reason there is
/// none. The runner alone judges a trace (``Outcome``); a ``NoTrace`` reason becomes the outcome unchanged.
public enum Observation: Sendable, Equatable {
  /// The implementation performed every action; one entry per action, in order.
  case trace([TraceEntry])
  /// The implementation produced no trace, and why.
  case noTrace(NoTrace)

  /// The implementation could not perform step `step` (1-based; 0 for the initial state) and said why.
  public static func errored(step: Int, message: String) -> Observation {
    .noTrace(.errored(step: step, message: message))
  }
  /// The harness process exited or closed its stdout before replying.
  public static func crashed(message: String, stderrTail: String) -> Observation {
    .noTrace(.crashed(message: message, stderrTail: stderrTail))
  }
  /// No reply within the per-scenario timeout, in seconds.
  public static func timedOut(seconds: Double, stderrTail: String) -> Observation {
    .noTrace(.timedOut(seconds: seconds, stderrTail: stderrTail))
  }
  /// The harness replied with something that breaks the protocol; `line` quotes it.
  public static func protocolError(message: String, line: String) -> Observation {
    .noTrace(.protocolError(message: message, line: line))
  }
  /// The implementation does not support the scenario.
  public static func skipped(reason: String) -> Observation { .noTrace(.skipped(reason: reason)) }
  /// The scenario was not attempted.
  public static func notRun(reason: String) -> Observation { .noTrace(.notRun(reason: reason)) }
}

/// Compares the initial states an implementation reports with the manifests' (harness protocol §2.1).
enum InitialStateCheck {
  /// The first feature whose reported initial state differs from its manifest's, described with every differing
  /// path; `nil` when all agree. Features the implementation does not report are not compared.
  static func mismatch(_ info: ImplementationInfo, manifests: [String: FeatureManifest]) -> String? {
    for (feature, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
      guard let reported = info.features[feature], reported != manifest.initialState else { continue }
      let differences = StructuralDiff.mismatches(
        expected: manifest.initialState, actual: reported, at: JSONPath([.key("initialState")]))
      return "its initial state of feature '\(feature)' differs from \(manifest.file): "
        + differences.map(\.description).joined(separator: "; ")
    }
    return nil
  }
}
