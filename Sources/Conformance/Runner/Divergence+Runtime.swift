/// Divergences between runtime-level traces: the same three-way view as reducer traces, over each step's
/// `{"state", "calls", "cancelled"}` with calls named as the scenario names them.
extension Divergence {
  /// The first step where the runtime traces differ, or `nil` when they agree.
  static func findRuntime(in scenario: Scenario, traces: [(implementation: String, trace: [TraceEntry])])
    -> Divergence?
  {
    let expectedStates = ScenarioJudge.expectedStates(of: scenario)
    // Format v1.2: received actions and effects in flight are compared when every implementation reports them.
    var reports = Set<RuntimeReport>()
    if traces.allSatisfy({ $0.trace.allSatisfy { $0.received != nil } }) { reports.insert(.received) }
    if traces.allSatisfy({ $0.trace.allSatisfy { $0.inFlight != nil } }) { reports.insert(.inFlight) }
    let named = traces.map { CallNames(scenario, trace: $0.trace) }
    let exhaustive = scenario.exhaustive
    return first(in: scenario, implementations: traces.map(\.implementation)) { trace, index in
      let entries = traces[trace].trace
      return entries.indices.contains(index)
        ? named[trace].entryValue(entries[index], step: index + 1, reports: reports) : .null
    } expectation: { index, path in
      let step = scenario.steps[index]
      guard isChecked(path, step: step, exhaustive: exhaustive, checksReceived: scenario.checksReceived) else {
        return (nil, false)
      }
      var expected = expectedValue(
        step, expectedState: expectedStates[index], exhaustive: exhaustive,
        names: named.first ?? CallNames(scenario, trace: []))
      if reports.contains(.received), scenario.checksReceived, case .object(var object) = expected {
        object["received"] = .array(step.runtime?.received ?? [])
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
  /// `cancelled` when the step lists them. `received` only in a file that checks received actions (§14.1), and
  /// `inFlight` never at a step (it is checked at the end, §14.2).
  private static func isChecked(_ path: JSONPath, step: Step, exhaustive: Bool, checksReceived: Bool) -> Bool {
    guard case .key(let root)? = path.components.first else { return exhaustive }
    // Effects in flight are checked only at the end (§14.2); received actions only in a file that checks them.
    if root == "inFlight" { return false }
    if root == "received" { return step.runtime?.received != nil || (exhaustive && checksReceived) }
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
