/// Up to N processes of one harness, so that `--jobs N` runs N batches of a harness implementation at once
/// (issue 12): each batch goes to an idle process, started on first use.
///
/// Each process is a ``ProcessImplementation`` of its own, with its own restart budget and timeouts (harness
/// protocol §3.5): one process's faults never stop the others. Only the first is started by ``start()``; the others
/// start when a batch first needs them, and check their `hello` against the manifests as the first did.
package actor ProcessPool: Implementation {
  package nonisolated let name: String
  private let members: [ProcessImplementation]
  private var idle: [Int]
  private var waiting: [CheckedContinuation<Int, Never>] = []

  /// Creates a pool of `size` processes (at least 1) of the harness `configuration`.
  package init(configuration: HarnessConfiguration, size: Int) {
    name = configuration.name
    members = (0..<max(1, size)).map { _ in ProcessImplementation(configuration: configuration) }
    idle = Array(members.indices.reversed())
  }

  /// Starts the first process and performs its `hello` handshake.
  ///
  /// - Throws: ``ImplementationStartError`` when it cannot be started.
  package func start() async throws(ImplementationStartError) -> ImplementationInfo {
    try await members[0].start()
  }

  /// Starts the first process; every process, when it starts, refuses to serve with another initial state than the
  /// manifests'.
  ///
  /// - Throws: ``ImplementationStartError`` when the first process cannot be started or its initial state differs.
  package func start(expectingInitialStatesOf manifests: [String: FeatureManifest]) async
    throws(ImplementationStartError) -> ImplementationInfo
  {
    for member in members.dropFirst() { await member.expectInitialStates(of: manifests) }
    return try await members[0].start(expectingInitialStatesOf: manifests)
  }

  /// Performs one scenario on an idle process.
  package func run(_ request: RunRequest) async -> Observation {
    let member = await acquire()
    let observation = await members[member].run(request)
    release(member)
    return observation
  }

  /// Performs a batch on an idle process (waiting for one when all are busy).
  package func run(batch requests: [RunRequest]) async -> [(observation: Observation, seconds: Double)] {
    let member = await acquire()
    let results = await members[member].run(batch: requests)
    release(member)
    return results
  }

  /// Shuts every process down.
  package func shutdown() async {
    for member in members { await member.shutdown() }
  }

  /// How many times each process was restarted after a fault, in order.
  package var restartCounts: [Int] {
    get async {
      var counts: [Int] = []
      for member in members { counts.append(await member.restartCount) }
      return counts
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
