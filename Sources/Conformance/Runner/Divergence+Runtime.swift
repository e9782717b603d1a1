/// Divergences between runtime-level traces: the same three-way view as reducer traces, over each step's
/// `{"state", "calls", "cancelled"}` (and what every implementation reports) with calls named as the scenario names
/// them, the creation first (format v1.3).
extension Divergence {
  /// The first step where the runtime traces differ, or `nil` when they agree. The creation (format v1.3) comes
  /// first, as step 0 (``Divergence/stepIndex`` -1), compared on the `start` entries (`starts`, by implementation;
  /// one that sent none reads as the initial state with nothing done).
  static func findRuntime(
    in scenario: Scenario, traces: [(implementation: String, trace: [TraceEntry])],
    starts: [String: TraceEntry] = [:]
  ) -> Divergence? {
    // Format v1.2 and v1.3: what every implementation reports is compared.
    var reports = Set<RuntimeReport>()
    if traces.allSatisfy({ $0.trace.allSatisfy { $0.received != nil } }) { reports.insert(.received) }
    if traces.allSatisfy({ $0.trace.allSatisfy { $0.inFlight != nil } }) { reports.insert(.inFlight) }
    if traces.allSatisfy({ $0.trace.allSatisfy { $0.events != nil } }) { reports.insert(.events) }
    // Entries by step number, the creation's first.
    let named = traces.map { implementation, trace in
      let start = starts[implementation] ?? RuntimeJudge.silentStart(scenario, trace: trace)
      return (implementation, CallNames(scenario, trace: trace, start: start), [start] + trace)
    }
    let expectedStates =
      [ScenarioJudge.expectedStartState(of: scenario)] + ScenarioJudge.expectedStates(of: scenario)
    let names = named.first?.1 ?? CallNames(scenario, trace: [])
    return first(
      in: scenario, implementations: named.map(\.0), withCreation: true, tolerance: scenario.tolerances.observation
    ) { trace, number in
      let (_, callNames, entries) = named[trace]
      return entries.indices.contains(number)
        ? callNames.entryValue(entries[number], step: number, reports: reports) : .null
    } expectation: { number, path in
      let step = scenario.step(number)
      guard isChecked(path, step: step, scenario: scenario) else { return (nil, false) }
      var expected = expectedValue(
        step, expectedState: expectedStates[number], exhaustive: scenario.exhaustive, names: names)
      if case .object(var object) = expected {
        if reports.contains(.received), scenario.checksReceived {
          object["received"] = .array(step.runtime?.received ?? [])
        }
        if reports.contains(.events), scenario.checksEvents { object["events"] = .array(step.runtime?.events ?? []) }
        expected = .object(object)
      }
      return (expected.value(at: path), true)
    }
  }

  /// What the step expects, in the divergence view's shape: the merged state (or the given leaves), the calls with
  /// their names, the cancelled names sorted; omitted lists are empty (exhaustive).
  private static func expectedValue(_ step: Step, expectedState: JSONValue, exhaustive: Bool, names: CallNames)
    -> JSONValue
  {
    let state: JSONValue
    switch (exhaustive, step.state) {
    case (true, _): state = expectedState
    case (false, .full(let given)), (false, .changes(let given)): state = given
    case (false, .unchanged): state = [:]
    }
    let calls = (step.runtime?.calls ?? []).map(names.value)
    let cancelled = (step.runtime?.cancelled ?? []).sorted { ScalarOrder.less($0, $1) }.map(JSONValue.string)
    return ["state": state, "calls": .array(calls), "cancelled": .array(cancelled)]
  }

  /// Whether the step checks `path`: everything when exhaustive; otherwise the given state leaves, and `calls` or
  /// `cancelled` when the step lists them. `received` only in a file that checks received actions (§14.1), `events`
  /// only for a feature that declares them (§16.3), and `inFlight` never at a step (it is checked at the end, §14.2).
  private static func isChecked(_ path: JSONPath, step: Step, scenario: Scenario) -> Bool {
    let exhaustive = scenario.exhaustive
    guard case .key(let root)? = path.components.first else { return exhaustive }
    // Effects in flight are checked only at the end (§14.2); received actions only in a file that checks them.
    if root == "inFlight" { return false }
    if root == "received" { return step.runtime?.received != nil || (exhaustive && scenario.checksReceived) }
    if root == "events" { return step.runtime?.events != nil || (exhaustive && scenario.checksEvents) }
    if exhaustive { return true }
    switch root {
    case "calls": return step.runtime?.calls != nil
    case "cancelled": return step.runtime?.cancelled != nil
    case "state":
      let rest = JSONPath(Array(path.components.dropFirst()))
      let given: JSONValue
      switch step.state {
      case .unchanged: return false
      case .full(let state): given = state
      case .changes(let changes): given = changes
      }
      return given.leafPaths(prefix: .root).contains { leaf in
        rest.components.starts(with: leaf.components) || leaf.components.starts(with: rest.components)
      }
    default: return false
    }
  }
}
