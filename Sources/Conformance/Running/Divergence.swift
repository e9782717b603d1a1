/// Where two or more implementations' traces of the same scenario first differ: the parity finding.
///
/// Computed from raw observations, even where the scenario's expectation is partial, so two implementations that both
/// pass a non-exhaustive scenario but disagree on an unchecked field still diverge.
public struct Divergence: Sendable {
  /// One differing location, with the expected value and each implementation's value (`nil`: absent).
  public struct Row: Sendable {
    /// The location, e.g. `state.error` or `effects[0]`.
    public var path: JSONPath
    /// What the scenario expects there, or `nil` when it expects nothing there (see ``isSpecified``).
    public var expected: JSONValue?
    /// Whether the step checks this location at all: `false` for the state or effects of a non-exhaustive step that
    /// lists none. When `true` and ``expected`` is `nil`, the scenario expects the location to be absent.
    public var isSpecified: Bool
    /// Each implementation's value there, in implementation order; `nil` when it has none.
    public var values: [(implementation: String, value: JSONValue?)]
  }

  /// The 0-based index of the first step where the traces differ.
  public var stepIndex: Int
  /// The action that step sent.
  public var action: JSONValue
  /// The differing locations, in path order.
  public var rows: [Row]

  /// Finds the first differing step among the traces, or `nil` when fewer than two traces exist or all agree.
  ///
  /// - Parameters:
  ///   - scenario: The scenario, for the actions and the expected values.
  ///   - traces: Each implementation's trace, in implementation order; only implementations that produced a trace.
  static func find(in scenario: Scenario, traces: [(implementation: String, trace: [TraceEntry])]) -> Divergence? {
    guard traces.count >= 2 else { return nil }
    let expectedStates = ScenarioJudge.expectedStates(of: scenario)
    for index in scenario.steps.indices {
      let observed = traces.map { ($0.implementation, Self.observation($0.trace, at: index)) }
      guard let reference = observed.first?.1 else { return nil }
      var paths: [JSONPath] = []
      for (_, other) in observed.dropFirst() {
        for mismatch in StructuralDiff.mismatches(expected: reference, actual: other, at: .root)
        where !paths.contains(mismatch.path) {
          paths.append(mismatch.path)
        }
      }
      guard !paths.isEmpty else { continue }
      let step = scenario.steps[index]
      var expected = JSONObject()
      if scenario.exhaustive || !isUnchanged(step.state) { expected["state"] = expectedStates[index] }
      if scenario.exhaustive || step.effects != nil { expected["effects"] = .array(step.effects ?? []) }
      let rows = paths.sorted { $0.description < $1.description }.map { path in
        Row(
          path: path, expected: JSONValue.object(expected).value(at: path),
          isSpecified: path.components.first.map { component in
            if case .key(let key) = component { return expected.contains(key) }
            return false
          } ?? false,
          values: observed.map { ($0.0, $0.1.value(at: path)) })
      }
      return Divergence(stepIndex: index, action: step.send, rows: rows)
    }
    return nil
  }

  private static func observation(_ trace: [TraceEntry], at index: Int) -> JSONValue {
    guard trace.indices.contains(index) else { return .null }
    return ["state": trace[index].state, "effects": .array(trace[index].effects)]
  }

  private static func isUnchanged(_ expectation: StateExpectation) -> Bool {
    if case .unchanged = expectation { return true }
    return false
  }
}
