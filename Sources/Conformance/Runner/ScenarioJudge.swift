/// Compares an implementation's observation of a scenario with the scenario's expectations (scenario format §4).
///
/// This is the only place where expectations are checked, for every implementation alike.
enum ScenarioJudge {
  /// Judges one observation.
  ///
  /// - Returns: The outcome and, for non-exhaustive scenarios, what was not checked (one line per step).
  static func judge(_ scenario: Scenario, observation: Observation) -> (Outcome, [String]) {
    switch observation {
    case .trace(let trace, let start):
      if scenario.level == .runtime { return RuntimeJudge.judge(scenario, trace: trace, start: start) }
      return judge(scenario, trace: trace)
    case .noTrace(let reason): return (.noTrace(reason), [])
    }
  }

  /// The expected state after each step: `state` replaces, `changes` merges (scenario format §3.3), nothing keeps.
  static func expectedStates(of scenario: Scenario) -> [JSONValue] {
    var current = expectedStartState(of: scenario)
    return scenario.steps.map { step in
      current = expectedState(after: step, from: current)
      return current
    }
  }

  /// The state expected once the runtime is created and settled (format v1.3): the initial state, with `start`'s
  /// `state` or `changes` when the scenario gives a `start`.
  static func expectedStartState(of scenario: Scenario) -> JSONValue {
    scenario.start.map { expectedState(after: $0, from: scenario.initialState) } ?? scenario.initialState
  }

  /// The state `step` expects, given the state expected before it.
  static func expectedState(after step: Step, from current: JSONValue) -> JSONValue {
    switch step.state {
    case .unchanged: return current
    case .full(let state): return state
    case .changes(let changes): return current.merging(changes)
    }
  }

  private static func judge(_ scenario: Scenario, trace: [TraceEntry]) -> (Outcome, [String]) {
    if scenario.level == .runtime { return RuntimeJudge.judge(scenario, trace: trace) }
    guard trace.count == scenario.steps.count else {
      return (
        .noTrace(
          .protocolError(message: "the trace has \(trace.count) entries for \(scenario.steps.count) steps", line: "")),
        []
      )
    }
    var failure: StepFailure?
    var notChecked: [String] = []
    let expected = expectedStates(of: scenario)
    for (index, step) in scenario.steps.enumerated() {
      let entry = trace[index]
      let check =
        scenario.exhaustive
        ? exhaustiveCheck(step, expectedState: expected[index], entry: entry, tolerances: scenario.tolerances)
        : partialCheck(step, entry: entry, tolerances: scenario.tolerances)
      if !check.unchecked.isEmpty {
        notChecked.append("step \(index + 1): \(check.unchecked.joined(separator: ", "))")
      }
      guard !check.mismatches.isEmpty else { continue }
      let mismatches = check.mismatches.map { namingUndeclaredEffect($0, effects: entry.effects, of: scenario) }
      if failure == nil {
        failure = StepFailure(
          stepIndex: index, stepCount: scenario.steps.count, action: step.send, stepDescription: step.description,
          mismatches: mismatches,
          expectedState: scenario.exhaustive ? expected[index] : nil,
          actualState: entry.state, expectedEffects: step.effects ?? [], actualEffects: entry.effects,
          laterSteps: [], givenState: scenario.exhaustive ? nil : step.state.given)
      } else {
        failure?.laterSteps.append(
          StepFailure.LaterStep(stepIndex: index, action: step.send, mismatches: mismatches))
      }
    }
    if let failure { return (.failed(failure), notChecked) }
    return (.passed, notChecked)
  }

  /// `mismatch`, with a note when the effect it is about has a `type` the feature's manifest does not declare:
  /// `effects[0]: expected {"type":"buzz"}, got {"type":"vibrate"}; 'vibrate' is not an effect the 'stepper' manifest
  /// declares (it declares 'buzz')`. A case name misspelt on one platform (a Kotlin `@SerialName`, a Swift coding key)
  /// then reads as what it is rather than as a difference in behaviour; effects are the manifest's cases (scenario
  /// format §2).
  static func namingUndeclaredEffect(_ mismatch: Mismatch, effects: [JSONValue], of scenario: Scenario) -> Mismatch {
    let components = mismatch.path.components
    guard mismatch.note == nil, !scenario.effectCases.isEmpty, components.count >= 2, components[0] == .key("effects"),
      case .index(let index) = components[1], effects.indices.contains(index),
      case .object(let effect) = effects[index], case .string(let type)? = effect["type"],
      !scenario.effectCases.contains(where: { ScalarOrder.equal($0, type) })
    else { return mismatch }
    var named = mismatch
    let declared = scenario.effectCases.map { "'\($0)'" }.joined(separator: ", ")
    named.note =
      "\(mismatch.description); '\(type)' is not an effect the '\(scenario.feature)' manifest declares (it declares "
      + "\(declared))"
    return named
  }

  // MARK: - Full judge

  static func exhaustiveCheck(
    _ step: Step, expectedState: JSONValue, entry: TraceEntry, tolerances: Tolerances = .exact
  ) -> (mismatches: [Mismatch], unchecked: [String]) {
    let state = StructuralDiff.mismatches(
      expected: expectedState, actual: entry.state, at: JSONPath([.key("state")]), tolerance: tolerances.state)
    let effects = StructuralDiff.effectMismatches(
      expected: step.effects ?? [], actual: entry.effects, tolerance: tolerances.effects)
    return (state + effects, [])
  }

  /// Non-exhaustive: only the leaves given in `state`/`changes` and the listed effects (as an ordered subsequence).
  static func partialCheck(_ step: Step, entry: TraceEntry, tolerances: Tolerances = .exact)
    -> (mismatches: [Mismatch], unchecked: [String])
  {
    let statePath = JSONPath([.key("state")])
    var mismatches: [Mismatch] = []
    var checked: [JSONPath] = []
    switch step.state {
    case .unchanged: break
    case .full(let given), .changes(let given):
      // `{}` gives nothing to check (its only "leaf" would be the whole state).
      let leaves = given.objectValue?.isEmpty == true ? [] : given.leafPaths(prefix: .root)
      for leaf in leaves {
        checked.append(leaf)
        let expected = given.value(at: leaf)
        let actual = entry.state.value(at: leaf)
        switch (expected, actual) {
        case (let e?, let a?):
          let tolerance = tolerances.state?.descend(leaf, through: entry.state)
          mismatches += StructuralDiff.mismatches(
            expected: e, actual: a, at: statePath.appending(leaf), tolerance: tolerance)
        case (let e?, nil): mismatches.append(Mismatch(path: statePath.appending(leaf), kind: .missing(expected: e)))
        default: break
        }
      }
    }
    var unchecked = entry.state.leafPaths(prefix: .root)
      .filter { leaf in !checked.contains { leaf.components.starts(with: $0.components) } }
      .map { statePath.appending($0).description }
    var matched = Set<Int>()
    if let expectedEffects = step.effects {
      var cursor = 0
      for (index, effect) in expectedEffects.enumerated() {
        let equal = { (actual: JSONValue) in
          StructuralDiff.mismatches(expected: effect, actual: actual, at: .root, tolerance: tolerances.effects).isEmpty
        }
        if let found = entry.effects[cursor...].firstIndex(where: equal) {
          matched.insert(found)
          cursor = found + 1
        } else {
          mismatches.append(
            Mismatch(path: JSONPath([.key("effects"), .index(index)]), kind: .missing(expected: effect)))
        }
      }
    }
    for index in entry.effects.indices where !matched.contains(index) {
      unchecked.append("effects[\(index)] \(JSONRenderer.compact(entry.effects[index], style: .display))")
    }
    return (mismatches, unchecked)
  }
}

extension JSONValue {
  /// The value at `path` below this one, or `nil` when a key or index along the way is missing.
  func value(at path: JSONPath) -> JSONValue? {
    var current = self
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = current[key] else { return nil }
        current = next
      case .index(let index):
        guard let elements = current.arrayValue, elements.indices.contains(index) else { return nil }
        current = elements[index]
      }
    }
    return current
  }
}
