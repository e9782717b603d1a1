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
    let named = traces.map { ($0.implementation, CallNames(scenario, trace: $0.trace), $0.trace) }
    for index in scenario.steps.indices {
      let observed = named.map { name, names, trace -> (String, JSONValue) in
        (
          name,
          trace.indices.contains(index) ? names.entryValue(trace[index], step: index + 1, reports: reports) : .null
        )
      }
      guard let reference = observed.first?.1 else { return nil }
      let paths = differingPaths(observed, from: reference)
      guard !paths.isEmpty else { continue }
      let step = scenario.steps[index]
      var expected = expectedValue(
        step, expectedState: expectedStates[index], exhaustive: scenario.exhaustive,
        names: named.first?.1 ?? CallNames(scenario, trace: []))
      if reports.contains(.received), scenario.checksReceived, case .object(var object) = expected {
        object["received"] = .array(step.runtime?.received ?? [])
        expected = .object(object)
      }
      let rows = paths.sorted().map { path in
        let isSpecified = isChecked(
          path, step: step, exhaustive: scenario.exhaustive, checksReceived: scenario.checksReceived)
        return Row(
          path: path, expected: isSpecified ? expected.value(at: path) : nil, isSpecified: isSpecified,
          values: observed.map { ($0.0, $0.1.value(at: path)) })
      }
      var divergence = Divergence(stepIndex: index, action: step.send, rows: rows, title: step.title)
      divergence.laterPaths = laterPaths(after: index, steps: scenario.steps.count, first: paths) { later in
        let values = named.map { name, names, trace -> (String, JSONValue) in
          (
            name,
            trace.indices.contains(later) ? names.entryValue(trace[later], step: later + 1, reports: reports) : .null
          )
        }
        return values.first.map { differingPaths(values, from: $0.1) } ?? []
      }
      return divergence
    }
    return nil
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
