import Dispatch
import Foundation

/// An implementation in another process that speaks harness protocol v1 over its stdin and stdout
/// (Conformance/PROTOCOL.md): the Kotlin harness, or any `--harness NAME=COMMAND`.
///
/// One long-lived process serves every scenario (never one per scenario). Faults are observations, never errors:
/// - the process exits (or closes stdout) before replying → ``Observation/crashed(message:stderrTail:)``;
/// - no reply within ``HarnessConfiguration/scenarioTimeout`` → the whole process group is killed (`SIGTERM`, then
///   `SIGKILL` after 0.5 s) → ``Observation/timedOut(seconds:stderrTail:)``;
/// - a line that is not JSON, a wrong `seq`, a trace of the wrong length or shape, a line over 64 MiB →
///   ``Observation/protocolError(message:line:)``, and the process is killed, since the stream can no longer be
///   trusted.
///
/// After a fault the harness is restarted (spawned again and greeted with `hello`) before the next scenario. Once
/// ``HarnessConfiguration/restartBudget`` restarts are used up, or when a restart fails, every further scenario is
/// ``Observation/notRun(reason:)`` without spawning anything. Stderr is drained continuously and its last 20 lines
/// (of the last 64 KiB) accompany crash and timeout observations; output on stderr is never a fault by itself.
///
/// ```swift
/// let kotlin = ProcessImplementation(configuration: entry)
/// let info = try await kotlin.start()        // spawn + hello
/// let observation = await kotlin.run(request) // one run request, one reply
/// await kotlin.shutdown()                     // bye, then SIGTERM/SIGKILL if it lingers
/// ```
///
/// Calls are serialized: requests go to the harness strictly one at a time, in call order.
package actor ProcessImplementation: Implementation {
  /// How long a process gets to exit after `SIGTERM` before `SIGKILL`, on faults: 0.5 s.
  static let terminationGrace = 0.5
  /// The most `run` requests written ahead of their replies: 64, well below the lines a ``LineChannel`` queues (256),
  /// so a fast harness's replies are never dropped while the runner is busy.
  static let pipelineWindow = 64
  /// How long a process gets to exit after `bye` before it is terminated: 2 s.
  static let byeGrace = 2.0

  /// The name from the configuration, e.g. `kotlin`.
  package nonisolated let name: String
  /// The levels the configuration declares the harness runs (``HarnessConfiguration/levels``).
  package nonisolated var intendedLevels: Set<ScenarioLevel>? { configuration.levels }
  /// The features the configuration declares the harness implements (``HarnessConfiguration/features``).
  package nonisolated var intendedFeatures: Set<String>? { configuration.features }
  /// How the harness is started and supervised.
  package nonisolated let configuration: HarnessConfiguration

  var phase = Phase.idle
  private(set) var info: ImplementationInfo?
  private var startError: ImplementationStartError?
  private var restarts = 0
  private var expectedManifests: [String: FeatureManifest] = [:]
  var sequence = 0
  private var busy = false
  private var queue: [CheckedContinuation<Void, Never>] = []

  enum Phase {
    /// Not started yet.
    case idle
    /// Serving.
    case running(HarnessProcess)
    /// The last scenario faulted (described here); restart before the next one.
    case faulted(String)
    /// No further scenario will run, for this reason.
    case stopped(String)
  }

  /// Creates an implementation; nothing is started until ``start()`` or the first ``run(_:)``.
  package init(configuration: HarnessConfiguration) {
    self.name = configuration.name
    self.configuration = configuration
  }

  /// How many times the harness was restarted after faults so far.
  package var restartCount: Int { restarts }

  /// The id (and process group id) of the running harness process, if one is running.
  var processID: Int32? {
    if case .running(let process) = phase { return process.pid }
    return nil
  }

  // MARK: - Implementation

  /// Starts the harness process and performs the `hello` handshake (harness protocol §2); returns the cached info when
  /// it is already running.
  ///
  /// - Returns: The implementation's name, language, version and features (feature name → initial state).
  /// - Throws: ``ImplementationStartError`` when the command cannot be found or run, the process exits before
  ///   answering (with its stderr tail), no answer comes within ``HarnessConfiguration/startupTimeout``, the answer
  ///   is malformed or names another protocol version (quoting the line), or the implementation was shut down.
  package func start() async throws(ImplementationStartError) -> ImplementationInfo {
    await acquire()
    defer { release() }
    switch await readyProcess() {
    case .success:
      if let info { return info }
      throw ImplementationStartError(message: "the harness '\(name)' did not describe itself")
    case .failure(let reason):
      throw startError ?? ImplementationStartError(message: reason.text)
    }
  }

  /// Sends one `run` request and maps the reply (see the type's discussion for faults); starts or restarts the
  /// harness first when needed.
  ///
  /// - Parameter request: The scenario id, feature, initial state and actions.
  /// - Returns: The observation; never throws.
  package func run(_ request: RunRequest) async -> Observation {
    await acquire()
    defer { release() }
    switch await readyProcess() {
    case .failure(let reason): return .notRun(reason: reason.text)
    case .success(let process): return await perform(request, on: process)
    }
  }

  /// Remembers the manifests' initial states: every (re)start whose `hello` reports a different one fails, so a
  /// restarted harness cannot drift unnoticed (harness protocol §2.1, §3.2).
  package func expectInitialStates(of manifests: [String: FeatureManifest]) async {
    expectedManifests = manifests
  }

  /// Remembers the manifests' initial states (``expectInitialStates(of:)``) and starts: the launch compares them,
  /// at this start and at every restart, so the runner does not compare again.
  package func start(expectingInitialStatesOf manifests: [String: FeatureManifest])
    async
    throws(ImplementationStartError) -> ImplementationInfo
  {
    expectedManifests = manifests
    return try await start()
  }

  /// Sends `bye`, waits up to 2 s for the process to exit, then terminates its process group; later calls to
  /// ``run(_:)`` return ``Observation/notRun(reason:)``.
  package func shutdown() async {
    await acquire()
    defer { release() }
    if case .running(let process) = phase { await stop(process) }
    phase = .stopped("the harness '\(name)' was shut down")
  }

  /// Performs one scenario again on a fresh process (`--retries`): a running process, which has served other
  /// scenarios since the fault, is stopped as at shutdown and a new one started and greeted, without using the
  /// restart budget (no fault asked for it); a faulted one is restarted as before any scenario, using the budget.
  ///
  /// - Parameter request: The scenario, as first sent.
  /// - Returns: The observation and the seconds from its request to its reply; `not run` when the harness is stopped
  ///   or cannot start again.
  package func retry(_ request: RunRequest) async -> (observation: Observation, seconds: Double) {
    await acquire()
    defer { release() }
    if case .running(let process) = phase {
      await stop(process)
      phase = .idle
    }
    let start = ContinuousClock.now
    switch await readyProcess() {
    case .failure(let reason): return (.notRun(reason: reason.text), 0)
    case .success(let process):
      let observation = await perform(request, on: process)
      return (observation, (ContinuousClock.now - start).seconds)
    }
  }

  /// Says `bye`, waits up to 2 s for the process to exit, then terminates its process group.
  private func stop(_ process: HarnessProcess) async {
    _ = await process.write(HarnessCodec.byeLine, until: .now() + Self.byeGrace)
    process.closeInput()
    if await process.exitStatus(until: .now() + Self.byeGrace) == nil {
      _ = await process.terminate(grace: Self.terminationGrace)
    }
    process.killGroup()
  }

  // MARK: - Scenarios

  /// Performs scenarios in order, pipelining their requests: each `run` line is written as soon as the pipe takes
  /// it, and the replies are read in order, each within ``HarnessConfiguration/scenarioTimeout`` of the previous
  /// reply. The harness still handles one request at a time (harness protocol §1); only the waiting overlaps, which
  /// removes a round trip of latency per scenario.
  ///
  /// A fault ends the pipeline at the scenario whose reply was due (it gets the fault's observation); the requests
  /// after it were never answered, so they are sent again after the restart, with new `seq` numbers. A reply that
  /// carries an earlier request's `seq` is that earlier scenario's protocol error ("answered twice"), not the fault
  /// of the scenario whose reply was due, which is sent again; so is a line already waiting after the batch's last
  /// reply (harness protocol §3.4).
  ///
  /// - Parameter requests: The scenarios, in order.
  /// - Returns: One observation per request, in order, each with the seconds from the previous reply (or from the
  ///   first write) to its own; never throws.
  package func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    await acquire()
    defer { release() }
    var results: [(observation: Observation, seconds: Double)] = []
    results.reserveCapacity(requests.count)
    var answered = AnsweredRequests()
    while results.count < requests.count {
      switch await readyProcess() {
      case .failure(let reason): results.append((.notRun(reason: reason.text), 0))
      case .success(let process):
        // At most `pipelineWindow` requests are outstanding, well under what the reply queue holds.
        let window = requests[results.count...].prefix(Self.pipelineWindow)
        await performPipelined(Array(window), on: process, into: &results, answered: &answered)
        if results.count == requests.count { await checkForExtraLine(on: process, in: &results, answered: answered) }
      }
    }
    return results
  }

  // MARK: - Starting and restarting

  /// The running process, starting or restarting it when needed; or why no scenario can run.
  private func readyProcess() async -> Result<HarnessProcess, StopReason> {
    switch phase {
    case .running(let process):
      return .success(process)
    case .stopped(let reason):
      return .failure(StopReason(reason))
    case .idle:
      return await launchOrStop { "the harness '\(name)' could not be started: \($0.description)" }
    case .faulted(let fault):
      guard restarts < configuration.restartBudget else {
        let reason = budgetExhausted(lastFault: fault)
        phase = .stopped(reason)
        return .failure(StopReason(reason))
      }
      restarts += 1
      return await launchOrStop {
        "the harness '\(name)' could not be restarted after a fault (\(fault)): \($0.description)"
      }
    }
  }

  private func launchOrStop(reason: (ImplementationStartError) -> String) async -> Result<HarnessProcess, StopReason> {
    var launched = await HarnessLauncher(configuration: configuration).launch()
    if case .success(let (process, info)) = launched,
      let mismatch = InitialStateCheck.mismatch(info, manifests: expectedManifests)
    {
      _ = await process.terminate(grace: Self.terminationGrace)
      launched = .failure(ImplementationStartError(message: "the harness '\(name)' answered 'hello', but \(mismatch)"))
    }
    switch launched {
    case .success(let (process, info)):
      self.info = info
      phase = .running(process)
      return .success(process)
    case .failure(let error):
      startError = error
      let text = reason(error)
      phase = .stopped(text)
      return .failure(StopReason(text))
    }
  }

  private func budgetExhausted(lastFault: String) -> String {
    let budget = configuration.restartBudget
    let times = budget == 1 ? "1 time" : "\(budget) times"
    return "the harness '\(name)' was restarted \(times), the restart budget; it is not restarted again after its "
      + "last fault (\(lastFault)); fix the harness or raise 'restartBudget'"
  }

  /// Why scenarios are not run.
  private struct StopReason: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }

  // MARK: - Serializing calls

  /// Waits until no other call is talking to the harness (actor methods can interleave at every `await`).
  private func acquire() async {
    guard busy else {
      busy = true
      return
    }
    await withCheckedContinuation { queue.append($0) }
  }

  /// Lets the next waiting call proceed.
  private func release() {
    if queue.isEmpty {
      busy = false
    } else {
      queue.removeFirst().resume()
    }
  }

  /// `30 s`, `0.5 s`.
  static func format(seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
