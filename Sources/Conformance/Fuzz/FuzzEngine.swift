/// Runs generated sequences on several implementations and compares their traces: the search
/// of `conformance fuzz`, and the runs its shrinker needs.
///
/// Cases go to every implementation in batches (32 by default) through ``Implementation/run(batch:)``, the
/// machinery `conformance run` uses, so a harness pipelines them; the implementations run a batch concurrently.
/// Two observations *diverge* when their traces first differ at a step by JSON equality (Conformance/README.md §5,
/// state or effects; at runtime level, §13, state, the calls started with their dependency and arguments, or the
/// calls cancelled, as a set), or when one implementation produced a trace and the other errored. A harness fault (crashed,
/// timed out, protocol error, skipped, not run) stops the search as a ``Fault``.
/// The implementations must already be started.
package struct FuzzEngine: Sendable {
  /// A divergence the search found: the case, the two implementations (indices into ``FuzzEngine/implementations``,
  /// the first implementation and the first that differs from it), and where the case came in the search.
  package struct Finding: Sendable {
    /// The case that diverged.
    package var fuzzCase: FuzzCase
    /// The implementations that diverged: the first, and the first other that differs from it.
    package var pair: (Int, Int)
    /// The sequence's number, 1-based, as the unsharded search numbers it (so the same in every shard).
    package var sequence: Int
  }

  /// A harness fault the search ran into: an implementation crashed, timed out, broke the protocol, skipped or did
  /// not run a case. Not a divergence: `conformance fuzz` shrinks a crash that the case repeats when run alone
  /// (``FuzzShrinker/Goal/crash(_:)``) and reports any other fault as it is (a timeout would cost one more per
  /// candidate, and a protocol error may outlast its case).
  package struct Fault: Sendable {
    /// The case that was running.
    package var fuzzCase: FuzzCase
    /// The implementation that faulted (an index into ``FuzzEngine/implementations``).
    package var implementation: Int
    /// What it reported.
    package var observation: Observation
    /// The sequence's number, 1-based, as the unsharded search numbers it (so the same in every shard).
    package var sequence: Int
  }

  /// What a search did, and what it found.
  package struct SearchResult: Sendable {
    /// Sequences run on every implementation (the finding's batch included): this shard's, when sharded.
    package var sequences: Int
    /// Their actions, in all.
    package var steps: Int
    /// Seconds spent.
    package var seconds: Double
    /// The first divergence, or `nil`.
    package var finding: Finding?
    /// The first harness fault, or `nil` (the search stops at it).
    package var fault: Fault?
  }

  /// The implementations, in report order (at least two).
  package var implementations: [any Implementation]
  /// The feature fuzzed.
  package var feature: String
  /// Sequences per batch.
  package var batchSize: Int

  /// Creates an engine over started implementations.
  package init(implementations: [any Implementation], feature: String, batchSize: Int = 32) {
    self.implementations = implementations
    self.feature = feature
    self.batchSize = max(1, batchSize)
  }

  /// Generates and runs sequences until one diverges or the budget is spent: `runs` sequences when given, else
  /// `seconds` of wall-clock time (checked between batches). Sequence `k` (1-based) is generated from its own seed,
  /// ``FuzzRandom/seed(ofSequence:searchSeed:)``, so it is the same whatever runs before it. With `shard`, only the
  /// shard's sequences run (``Shard/sequence(at:)``), and `runs` counts the sequences of every shard: the shards of
  /// one split, between them, run sequences 1 to `runs` once each. With `runs`, the result (timing aside) depends only
  /// on the seed and the shard. Stops at the first batch that holds a divergence, reporting its first diverging case.
  package func search(
    generator: FuzzGenerator, seed: UInt64, runs: Int?, seconds: Double?, shard: Shard? = nil
  ) async -> SearchResult {
    let budget = runs.map { shard?.sequenceCount(of: $0) ?? $0 }
    let start = ContinuousClock.now
    var result = SearchResult(sequences: 0, steps: 0, seconds: 0, finding: nil, fault: nil)
    while true {
      let elapsed = (ContinuousClock.now - start).seconds
      let remaining = budget.map { $0 - result.sequences } ?? batchSize
      if remaining <= 0 || (runs == nil && elapsed >= (seconds ?? 0)) { break }
      let positions = (result.sequences + 1)...(result.sequences + min(batchSize, remaining))
      let numbers = positions.map { shard?.sequence(at: $0) ?? $0 }
      let cases = numbers.map { number in
        var random = FuzzRandom(seed: FuzzRandom.seed(ofSequence: number, searchSeed: seed))
        return generator.next(random: &random)
      }
      let observations = await observe(cases, on: Array(implementations.indices))
      for (index, fuzzCase) in cases.enumerated() {
        result.sequences += 1
        result.steps += fuzzCase.actions.count
        if let faulty = observations.indices.first(where: { Self.isFault(observations[$0][index]) }) {
          result.fault = Fault(
            fuzzCase: fuzzCase, implementation: faulty, observation: observations[faulty][index],
            sequence: numbers[index])
          result.seconds = (ContinuousClock.now - start).seconds
          return result
        }
        if let other = observations.indices.dropFirst().first(where: {
          Self.diverges(observations[0][index], observations[$0][index])
        }) {
          result.finding = Finding(fuzzCase: fuzzCase, pair: (0, other), sequence: numbers[index])
          result.seconds = (ContinuousClock.now - start).seconds
          return result
        }
      }
    }
    result.seconds = (ContinuousClock.now - start).seconds
    return result
  }

  /// Each selected implementation's observation of each case: `result[i][j]` is implementation `which[i]`'s
  /// observation of `cases[j]`.
  package func observe(_ cases: [FuzzCase], on which: [Int]) async -> [[Observation]] {
    let requests = cases.enumerated().map { index, fuzzCase in
      fuzzCase.request(id: "fuzz-\(feature)-\(index + 1)", feature: feature)
    }
    let chosen = which.map { implementations[$0] }
    return await withTaskGroup(of: (Int, [Observation]).self) { group in
      for (position, implementation) in chosen.enumerated() {
        group.addTask { (position, await implementation.run(batch: requests).map(\.observation)) }
      }
      var collected = [[Observation]](repeating: [], count: chosen.count)
      for await (position, observations) in group { collected[position] = observations }
      return collected.map { observations in
        observations.count == cases.count
          ? observations
          : observations
            + Array(
              repeating: .notRun(reason: "the implementation returned too few observations"),
              count: max(0, cases.count - observations.count))
      }
    }
  }

  /// Whether two observations of the same case diverge: both traces and they differ at some step (state or effects,
  /// by JSON equality), or one is a trace and the other says the implementation could not perform a step
  /// (`errored`). Two `errored` observations agree; a harness fault (``isFault(_:)``) never diverges.
  package static func diverges(_ a: Observation, _ b: Observation) -> Bool {
    switch (a, b) {
    case (.trace(let left, _), .trace(let right, _)): return firstDifference(left, right) != nil
    case (.trace, .noTrace(.errored)), (.noTrace(.errored), .trace): return true
    default: return false
    }
  }

  /// Whether an observation is a harness fault rather than an answer: crashed, timed out, a protocol error, skipped
  /// or not run.
  package static func isFault(_ observation: Observation) -> Bool {
    switch observation {
    case .trace, .noTrace(.errored): return false
    case .noTrace: return true
    }
  }

  /// The 0-based index of the first step whose state, effects, calls (dependency and arguments, in start order) or
  /// cancelled calls (as a set) differ, or, where both report them, the received actions or effects in flight; or where
  /// one trace ends first; `nil` when the traces are equal. Reducer-level entries have no calls or cancellations, so
  /// only their state and effects count.
  package static func firstDifference(_ left: [TraceEntry], _ right: [TraceEntry]) -> Int? {
    for index in 0..<max(left.count, right.count) {
      guard index < left.count, index < right.count else { return index }
      let (a, b) = (left[index], right[index])
      if a.state != b.state || a.effects != b.effects || a.calls != b.calls { return index }
      if a.cancelled != b.cancelled, a.cancelled.sorted() != b.cancelled.sorted() { return index }
      // Format v1.2: compared where both implementations report them (PROTOCOL.md §2.5.6).
      if let x = a.received, let y = b.received, x != y { return index }
      if let x = a.inFlight, let y = b.inFlight, x != y { return index }
    }
    return nil
  }
}
