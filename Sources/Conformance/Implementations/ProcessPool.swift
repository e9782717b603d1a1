/// Up to N processes of one harness, so that N batches of a harness implementation run at once (`--jobs N` gives N, or
/// N - 1 beside the in-process implementation, which takes a core of its own): each batch goes to an idle process,
/// started on first use.
///
/// Each process is a ``ProcessImplementation`` of its own, with its own restart budget and timeouts (harness
/// protocol §3.5): one process's faults never stop the others. Only the first is started by ``start()``; the others
/// start when a batch first needs them, and check their `hello` against the manifests as the first did. A process
/// that cannot start (a harness that cannot run twice: a fixed port, a lock file) is left out, and its batches go
/// to the processes that did start: the run is slower, never short of results.
package actor ProcessPool: Implementation {
  package nonisolated let name: String
  /// The levels the harness's configuration declares it runs (``HarnessConfiguration/levels``).
  package nonisolated let intendedLevels: Set<ScenarioLevel>?
  /// The features the harness's configuration declares it implements (``HarnessConfiguration/features``).
  package nonisolated let intendedFeatures: Set<String>?
  private let members: [ProcessImplementation]
  private var idle: [Int]
  private var waiting: [CheckedContinuation<Int, Never>] = []
  private var started: [Bool]
  private var manifests: [String: FeatureManifest] = [:]

  /// Creates a pool of `size` processes (at least 1) of the harness `configuration`.
  package init(configuration: HarnessConfiguration, size: Int) {
    name = configuration.name
    intendedLevels = configuration.levels
    intendedFeatures = configuration.features
    members = (0..<max(1, size)).map { _ in ProcessImplementation(configuration: configuration) }
    idle = Array(members.indices.reversed())
    started = members.map { _ in false }
  }

  /// Starts the first process and performs its `hello` handshake.
  ///
  /// - Throws: ``ImplementationStartError`` when it cannot be started.
  package func start() async throws(ImplementationStartError) -> ImplementationInfo {
    let info = try await members[0].start()
    started[0] = true
    return info
  }

  /// Starts the first process; every process, when it starts, refuses to serve with another initial state than the
  /// manifests'.
  ///
  /// - Throws: ``ImplementationStartError`` when the first process cannot be started or its initial state differs.
  package func start(expectingInitialStatesOf manifests: [String: FeatureManifest])
    async
    throws(ImplementationStartError) -> ImplementationInfo
  {
    self.manifests = manifests
    let info = try await members[0].start(expectingInitialStatesOf: manifests)
    started[0] = true
    return info
  }

  /// Performs one scenario on an idle process.
  package func run(_ request: RunRequest) async -> Observation {
    let member = await acquireStarted()
    let observation = await members[member].run(request)
    release(member)
    return observation
  }

  /// Performs a batch on an idle process (waiting for one when all are busy).
  package func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    let member = await acquireStarted()
    let results = await members[member].run(batch: requests)
    release(member)
    return results
  }

  /// Performs one scenario again on an idle process, which renews itself first (``ProcessImplementation/retry(_:)``).
  package func retry(_ request: RunRequest) async -> (observation: Observation, seconds: Double) {
    let member = await acquireStarted()
    let result = await members[member].retry(request)
    release(member)
    return result
  }

  /// Shuts every process down.
  package func shutdown() async {
    for member in members { await member.shutdown() }
  }

  /// An idle process that has started, starting it first if needed; a process that cannot start is shut down and
  /// never handed out again. The first process is started before any batch runs, so one is always left.
  private func acquireStarted() async -> Int {
    while true {
      let member = await acquire()
      if started[member] { return member }
      do {
        _ = try await members[member].start(expectingInitialStatesOf: manifests)
        started[member] = true
        return member
      } catch {
        await members[member].shutdown()
        if member == 0 { return member }  // Not reached: the runner starts the first process itself.
      }
    }
  }

  private func acquire() async -> Int {
    if let member = idle.popLast() { return member }
    return await withCheckedContinuation { waiting.append($0) }
  }

  private func release(_ member: Int) {
    if waiting.isEmpty {
      idle.append(member)
    } else {
      waiting.removeFirst().resume(returning: member)
    }
  }
}
