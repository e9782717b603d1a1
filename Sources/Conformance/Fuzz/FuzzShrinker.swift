/// Shrinks a diverging or crashing case to a small one that still diverges or crashes (its ``Goal``),
/// deterministically: the same case and implementations always give the same result.
///
/// Passes, repeated until none helps (or ``maximumRuns`` is spent):
/// 1. fewer steps: cut everything after the first diverging step (for a crash: keep the shortest first steps that
///    still crash), then drop steps one at a time (at runtime level with call references renumbered,
///    ``FuzzCase/removingStep(at:)``);
/// 2. the manifest's initial state instead of a bundled scenario's, else the manifest's value of each field that
///    allows;
/// 3. simpler strings, each string of the initial state and of each action in order: empty; then drop runs of scalars (halves, quarters, …,
///    single scalars); then replace each non-ASCII scalar with `a` (or with one `a` per UTF-16 unit);
/// 4. when more than 3 steps remain, start later: the first steps are folded into the initial state (the state the
///    first implementation reached after them; both agree there, as the divergence comes later, and the crashing
///    one reached it without crashing). Reducer level only: a runtime's pending calls and timers are not part of its
///    state.
///
/// Targets: at most 3 steps (or as few as the divergence or crash needs) and at most 3 non-ASCII scalars in all.
/// Only the goal's implementations run; each round of candidates goes to them as one batch, and the first candidate
/// (in the order above) that still holds is taken, so batching never changes the result. A crashing harness is
/// restarted for every candidate that crashes, so it needs a restart budget of ``maximumRuns`` (the harness
/// protocol's replies are flushed line by line, so a crash is blamed on the candidate that caused it).
package struct FuzzShrinker: Sendable {
  /// What a candidate must still do to be kept.
  package enum Goal: Sendable {
    /// The two implementations (indices into the engine's implementations) still diverge
    /// (``FuzzEngine/diverges(_:_:)``).
    case divergence(Int, Int)
    /// The implementation (an index into the engine's implementations) still crashes
    /// (``NoTrace/crashed(message:stderrTail:)``).
    case crash(Int)

    /// The implementations that run each candidate.
    package var implementations: [Int] {
      switch self {
      case .divergence(let first, let second): return [first, second]
      case .crash(let crashing): return [crashing]
      }
    }

    /// Whether the observations of one case, one per implementation in ``implementations`` order, hold the goal.
    package func holds(_ observations: [Observation]) -> Bool {
      switch self {
      case .divergence:
        return observations.count == 2 && FuzzEngine.diverges(observations[0], observations[1])
      case .crash:
        guard case .noTrace(.crashed)? = observations.first else { return false }
        return true
      }
    }
  }

  /// The result of shrinking.
  package struct Result: Sendable {
    /// The smallest diverging case found.
    package var fuzzCase: FuzzCase
    /// Candidate cases run while shrinking.
    package var runs: Int
  }

  /// The default ``maximumRuns``: 4,000.
  package static let defaultMaximumRuns = 4000

  /// The engine that runs candidates.
  package var engine: FuzzEngine
  /// What the shrunk case must still do.
  package var goal: Goal
  /// The manifest's initial state.
  package var manifestInitialState: JSONValue
  /// The most candidate runs (default 4,000).
  package var maximumRuns: Int

  /// Creates a shrinker for a divergence between `pair`.
  package init(
    engine: FuzzEngine, pair: (Int, Int), manifestInitialState: JSONValue, maximumRuns: Int = defaultMaximumRuns
  ) {
    self.init(
      engine: engine, goal: .divergence(pair.0, pair.1), manifestInitialState: manifestInitialState,
      maximumRuns: maximumRuns)
  }

  /// Creates a shrinker for a goal: a divergence or a crash.
  package init(engine: FuzzEngine, goal: Goal, manifestInitialState: JSONValue, maximumRuns: Int = defaultMaximumRuns) {
    self.engine = engine
    self.goal = goal
    self.manifestInitialState = manifestInitialState
    self.maximumRuns = maximumRuns
  }

  /// Shrinks `start`, which must hold the goal.
  package func shrink(_ start: FuzzCase) async -> Result {
    var current = start
    var runs = 0
    // 1a. Nothing after the first diverging (or crashing) step matters.
    if let cut = await firstDivergingStep(current, runs: &runs), cut + 1 < current.actions.count {
      let candidate = FuzzCase(
        initialState: current.initialState, actions: Array(current.actions.prefix(cut + 1)), level: current.level)
      if await firstDiverging([candidate], runs: &runs) != nil { current = candidate }
    }
    var changed = true
    while changed, runs < maximumRuns {
      changed = false
      // 1b. Fewer steps.
      while current.actions.count > 1, runs < maximumRuns {
        let candidates = current.actions.indices.map { current.removingStep(at: $0) }
        guard let found = await firstDiverging(candidates, runs: &runs) else { break }
        current = candidates[found]
        changed = true
      }
      // 2. The manifest's initial state, else as many of its fields as still diverge.
      if await restoreInitialState(&current, runs: &runs) { changed = true }
      // 3. Simpler strings.
      for path in Self.stringPaths(in: current) where runs < maximumRuns {
        if await simplifyString(at: path, in: &current, runs: &runs) { changed = true }
      }
      // 4. Start later, when the steps are still over the target.
      if current.level == .reducer, current.actions.count > 3, let folded = await foldPrefix(current, runs: &runs) {
        current = folded
        changed = true
      }
    }
    return Result(fuzzCase: current, runs: runs)
  }

  /// Puts back the manifest's initial state, else as many of its fields as keep the goal; whether anything stuck.
  private func restoreInitialState(_ current: inout FuzzCase, runs: inout Int) async -> Bool {
    guard current.initialState != manifestInitialState else { return false }
    let whole = FuzzCase(initialState: manifestInitialState, actions: current.actions, level: current.level)
    if await firstDiverging([whole], runs: &runs) != nil {
      current = whole
      return true
    }
    var changed = false
    for member in manifestInitialState.objectValue?.members ?? [] where current.initialState[member.key] != member.value
    {
      guard case .object(var state) = current.initialState else { break }
      state[member.key] = member.value
      let candidate = FuzzCase(initialState: .object(state), actions: current.actions, level: current.level)
      if await firstDiverging([candidate], runs: &runs) != nil {
        current = candidate
        changed = true
      }
    }
    return changed
  }

  // MARK: - Strings

  /// Tries an empty string, shorter strings and ASCII for non-ASCII at one string leaf; whether anything stuck.
  private func simplifyString(at path: StringPath, in current: inout FuzzCase, runs: inout Int) async -> Bool {
    guard var scalars = Self.string(at: path, in: current).map({ Array($0.unicodeScalars) }), !scalars.isEmpty else {
      return false
    }
    var changed = false
    if await tryString([], at: path, in: &current, runs: &runs) { return true }
    // Drop runs of scalars: halves, then quarters, … then single scalars (ddmin's complement step).
    var chunk = max(1, scalars.count / 2)
    while chunk >= 1, runs < maximumRuns {
      let starts = Array(stride(from: 0, to: scalars.count, by: chunk))
      let candidates = starts.map { start -> [Unicode.Scalar] in
        var fewer = scalars
        fewer.removeSubrange(start..<min(start + chunk, fewer.count))
        return fewer
      }
      if let found = await firstDiverging(
        candidates.map { Self.replacing(path, in: current, with: $0) }, runs: &runs)
      {
        scalars = candidates[found]
        current = Self.replacing(path, in: current, with: scalars)
        changed = true
        chunk = min(chunk, max(1, scalars.count / 2))
        if scalars.isEmpty { break }
        continue
      }
      if chunk == 1 { break }
      chunk /= 2
    }
    if await asciiForNonASCII(scalars, at: path, in: &current, runs: &runs) { changed = true }
    return changed
  }

  /// Non-ASCII to ASCII, one scalar at a time: `a`, else as many `a`s as the scalar has UTF-16 units (so a
  /// divergence about UTF-16 length survives); whether anything stuck.
  private func asciiForNonASCII(
    _ start: [Unicode.Scalar], at path: StringPath, in current: inout FuzzCase, runs: inout Int
  ) async -> Bool {
    var scalars = start
    var changed = false
    var index = 0
    while index < scalars.count, runs < maximumRuns {
      if !scalars[index].isASCII {
        let units = UTF16.width(scalars[index])
        for replacement in units > 1 ? [1, units] : [1] {
          var ascii = scalars
          ascii.replaceSubrange(index...index, with: repeatElement("a" as Unicode.Scalar, count: replacement))
          if await tryString(ascii, at: path, in: &current, runs: &runs) {
            scalars = ascii
            changed = true
            break
          }
        }
      }
      index += 1
    }
    return changed
  }

  private func tryString(_ scalars: [Unicode.Scalar], at path: StringPath, in current: inout FuzzCase, runs: inout Int)
    async -> Bool
  {
    let candidate = Self.replacing(path, in: current, with: scalars)
    guard candidate != current, await firstDiverging([candidate], runs: &runs) != nil else { return false }
    current = candidate
    return true
  }

  // MARK: - Folding

  /// The case with its first `k` steps folded into the initial state, for the largest `k` that keeps the goal
  /// (at most up to the first diverging or crashing step).
  private func foldPrefix(_ current: FuzzCase, runs: inout Int) async -> FuzzCase? {
    guard let first = await firstDivergingStep(current, runs: &runs), first > 0 else { return nil }
    // The steps before the first diverging one, on the first implementation: a reducer's trace of them is the start
    // of its trace of the whole case, and the crashing implementation gets through them.
    let before = FuzzCase(initialState: current.initialState, actions: Array(current.actions.prefix(first)))
    let observations = await engine.observe([before], on: [goal.implementations[0]])
    guard case .trace(let trace, _) = observations.first?.first, trace.count >= first else { return nil }
    let candidates = (1...first).reversed().map { k in
      FuzzCase(initialState: trace[k - 1].state, actions: Array(current.actions.dropFirst(k)))
    }
    guard let found = await firstDiverging(candidates, runs: &runs) else { return nil }
    return candidates[found]
  }

  // MARK: - Running candidates

  /// The index of the first candidate that still holds the goal, running them in batches.
  private func firstDiverging(_ candidates: [FuzzCase], runs: inout Int) async -> Int? {
    var start = 0
    while start < candidates.count, runs < maximumRuns {
      let batch = Array(candidates[start..<min(start + engine.batchSize, candidates.count)])
      runs += batch.count
      let observations = await engine.observe(batch, on: goal.implementations)
      if let hit = batch.indices.first(where: { index in goal.holds(observations.map { $0[index] }) }) {
        return start + hit
      }
      start += batch.count
    }
    return nil
  }

  /// The 0-based step where the pair's traces of `fuzzCase` first differ (0 when one has no trace); for a crash, the
  /// last step of the shortest first steps that still crash.
  private func firstDivergingStep(_ fuzzCase: FuzzCase, runs: inout Int) async -> Int? {
    guard case .divergence(let first, let second) = goal else {
      let prefixes = (1..<max(1, fuzzCase.actions.count)).map { count in
        FuzzCase(
          initialState: fuzzCase.initialState, actions: Array(fuzzCase.actions.prefix(count)), level: fuzzCase.level)
      }
      return await firstDiverging(prefixes, runs: &runs) ?? (fuzzCase.actions.count - 1)
    }
    runs += 1
    let observations = await engine.observe([fuzzCase], on: [first, second])
    switch (observations[0].first, observations[1].first) {
    case (.trace(let left, _)?, .trace(let right, _)?): return FuzzEngine.firstDifference(left, right)
    case (.noTrace(.errored(let step, _))?, _), (_, .noTrace(.errored(let step, _))?): return max(0, step - 1)
    default: return nil
    }
  }
}
