/// Where two or more implementations' traces of the same scenario first differ: the parity finding.
///
/// Computed from raw observations, even where the scenario's expectation is partial, so two implementations that both
/// pass a non-exhaustive scenario but disagree on an unchecked field still diverge.
package struct Divergence: Sendable {
  /// One differing location, with the expected value and each implementation's value (`nil`: absent).
  package struct Row: Sendable {
    /// The location, e.g. `state.error` or `effects[0]`.
    package var path: JSONPath
    /// What the scenario expects there, or `nil` when it expects nothing there (see ``isSpecified``).
    package var expected: JSONValue?
    /// Whether the step checks this location at all: `false` for the state or effects of a non-exhaustive step that
    /// lists none. When `true` and ``expected`` is `nil`, the scenario expects the location to be absent.
    package var isSpecified: Bool
    /// Each implementation's value there, in implementation order; `nil` when it has none.
    package var values: [(implementation: String, value: JSONValue?)]
  }

  /// The 0-based index of the first step where the traces differ; -1 for the creation (format v1.3).
  package var stepIndex: Int
  /// The action that step sent.
  package var action: JSONValue
  /// The differing locations, in path order.
  package var rows: [Row]
  /// How a runtime-level step reads (``Step/title``); `nil` at reducer level.
  package var title: String? = nil
  /// The paths at which the traces also differ in later steps, beyond those of the first differing step, sorted: a
  /// baseline entry records them, so a divergence that spreads to new places later is not hidden by one recorded at
  /// its first step.
  package var laterPaths: [String] = []
  /// The implementations whose traces were compared, in implementation order.
  package var implementations: [String] { rows.first?.values.map(\.implementation) ?? [] }

  /// The paths, beyond `first`, at which `differing` finds the traces differ at any step after `index`, sorted as a
  /// baseline entry's paths are.
  static func laterPaths(after index: Int, steps: Int, first: [JSONPath], differing: (Int) -> [JSONPath]) -> [String] {
    var seen = Set(first.map(\.description))
    var later: [String] = []
    for step in (index + 1)..<max(index + 1, steps) {
      for path in differing(step) where seen.insert(path.description).inserted { later.append(path.description) }
    }
    return RecordedFailure.sorted(Set(later))
  }

  /// The JSON paths at which any implementation's value in `observed` (after the first) differs from `reference`, each once, in the order
  /// first found. Numbers where `tolerance` reaches a tolerance differ only beyond it (README §17.4).
  static func differingPaths(
    _ observed: [(String, JSONValue)], from reference: JSONValue, tolerance: ToleranceNode? = nil
  ) -> [JSONPath] {
    var paths: [JSONPath] = []
    var seen = Set<JSONPath>()
    for (_, other) in observed.dropFirst() {
      for path in observationPaths(reference, other, tolerance: tolerance) where seen.insert(path).inserted {
        paths.append(path)
      }
    }
    return paths
  }

  /// Where two observations differ. A top-level list (`effects`, `calls`, `cancelled`) of another length differs as
  /// a whole, in one row, since its items shift; everything else, the state's own arrays included, item by item.
  private static func observationPaths(_ reference: JSONValue, _ other: JSONValue, tolerance: ToleranceNode?)
    -> [JSONPath]
  {
    var shifted = Set<String>()
    for (key, value) in reference.objectValue?.members ?? [] {
      if let items = value.arrayValue, let others = other[key]?.arrayValue, items.count != others.count {
        shifted.insert(key)
      }
    }
    var paths: [JSONPath] = []
    for mismatch in StructuralDiff.mismatches(expected: reference, actual: other, at: .root, tolerance: tolerance) {
      guard case .key(let key)? = mismatch.path.components.first, shifted.contains(key) else {
        paths.append(mismatch.path)
        continue
      }
      let whole = JSONPath([.key(key)])
      if paths.last != whole { paths.append(whole) }
    }
    return paths
  }

  /// Finds the first differing step among the traces, or `nil` when fewer than two traces exist or all agree.
  ///
  /// - Parameters:
  ///   - scenario: The scenario, for the actions and the expected values.
  ///   - traces: Each implementation's trace, in implementation order; only implementations that produced a trace.
  ///   - starts: At runtime level, each implementation's entry for the creation (format v1.3), by name.
  static func find(
    in scenario: Scenario, traces: [(implementation: String, trace: [TraceEntry])],
    starts: [String: TraceEntry] = [:]
  ) -> Divergence? {
    guard traces.count >= 2 else { return nil }
    if scenario.level == .runtime { return findRuntime(in: scenario, traces: traces, starts: starts) }
    // Traces equal entry by entry (by value, as the walk compares) cannot differ at any step: most scenarios of a
    // parity run end here, without building each step's observations or the expected states.
    if traces.dropFirst().allSatisfy({ $0.trace == traces[0].trace }) { return nil }
    let expectedStates = ScenarioJudge.expectedStates(of: scenario)
    return first(
      in: scenario, implementations: traces.map(\.implementation), tolerance: scenario.tolerances.observation
    ) { trace, index in
      observation(traces[trace].trace, at: index)
    } expectation: { index, path in
      expectation(
        at: path, step: scenario.steps[index], expectedState: expectedStates[index], exhaustive: scenario.exhaustive)
    }
  }

  /// The first step at which the implementations' observations differ, or `nil` when they agree at every step: the
  /// one walk of ``find(in:traces:starts:)`` at both levels.
  ///
  /// - Parameters:
  ///   - withCreation: Whether the walk starts with the runtime's creation (format v1.3): then step number 0 is the
  ///     creation and number `n` is step `n`; otherwise number `n` is the 0-based index of a step.
  ///   - observe: The observation of the implementation at an index of `implementations`, at a step number
  ///     (`null` past the end of its trace).
  ///   - tolerance: Where numbers compare within a tolerance (README §17.4); `nil` compares exactly, as at the
  ///     runtime level.
  ///   - expectation: What the step at an index expects at a path, and whether it checks that path at all.
  static func first(
    in scenario: Scenario, implementations: [String], withCreation: Bool = false, tolerance: ToleranceNode? = nil,
    observe: (Int, Int) -> JSONValue, expectation: (Int, JSONPath) -> (JSONValue?, Bool)
  ) -> Divergence? {
    func observed(_ number: Int) -> [(String, JSONValue)] {
      implementations.indices.map { (implementations[$0], observe($0, number)) }
    }
    let offset = withCreation ? 1 : 0
    let count = scenario.steps.count + offset
    for number in 0..<count {
      let values = observed(number)
      guard let reference = values.first?.1 else { return nil }
      let paths = differingPaths(values, from: reference, tolerance: tolerance)
      guard !paths.isEmpty else { continue }
      let step = withCreation ? scenario.step(number) : scenario.steps[number]
      let rows = paths.sorted().map { path in
        let (expected, isSpecified) = expectation(number, path)
        return Row(
          path: path, expected: expected, isSpecified: isSpecified, values: values.map { ($0.0, $0.1.value(at: path)) })
      }
      var divergence = Divergence(stepIndex: number - offset, action: step.send, rows: rows, title: step.title)
      divergence.laterPaths = laterPaths(after: number, steps: count, first: paths) { later in
        let values = observed(later)
        return values.first.map { differingPaths(values, from: $0.1, tolerance: tolerance) } ?? []
      }
      return divergence
    }
    return nil
  }

  /// What the step expects at `path` (rooted at `state` or `effects`), and whether it checks that location at all.
  ///
  /// Exhaustive steps check everything: the merged expected state and the exact effect list. Non-exhaustive steps
  /// check only the leaves their own `state`/`changes` give (scenario format §4.2), never the merged state carried
  /// over from earlier steps; their effects are checked as a subsequence, which has no per-index expectation.
  private static func expectation(at path: JSONPath, step: Step, expectedState: JSONValue, exhaustive: Bool)
    -> (JSONValue?, Bool)
  {
    guard case .key(let root)? = path.components.first else { return (nil, false) }
    let rest = JSONPath(Array(path.components.dropFirst()))
    if exhaustive {
      let value = root == "state" ? expectedState : JSONValue.array(step.effects ?? [])
      return (value.value(at: rest), true)
    }
    guard root == "state" else { return (nil, false) }
    let given: JSONValue
    switch step.state {
    case .unchanged: return (nil, false)
    case .full(let state): given = state
    case .changes(let changes): given = changes
    }
    let covered = given.leafPaths(prefix: .root).contains { leaf in
      rest.components.starts(with: leaf.components) || leaf.components.starts(with: rest.components)
    }
    return covered ? (given.value(at: rest), true) : (nil, false)
  }

  private static func observation(_ trace: [TraceEntry], at index: Int) -> JSONValue {
    guard trace.indices.contains(index) else { return .null }
    return ["state": trace[index].state, "effects": .array(trace[index].effects)]
  }

}
