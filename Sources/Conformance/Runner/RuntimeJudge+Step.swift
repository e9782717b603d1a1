/// What one runtime step checks (scenario format §13.4, §14).
extension RuntimeJudge {
  /// The step's calls, compared in order, and its cancellations, as a set; in a non-exhaustive step that gives
  /// neither, what happened is listed as not checked.
  static func checkCalls(
    _ step: Step, entry: TraceEntry, number: Int, exhaustive: Bool, names: CallNames,
    into check: inout (mismatches: [Mismatch], unchecked: [String])
  ) {
    let runtime = step.runtime
    if let calls = runtime?.calls ?? (exhaustive ? [] : nil) {
      check.mismatches += callMismatches(expected: calls, actual: entry.calls, step: number, names: names)
    } else {
      for (offset, call) in entry.calls.enumerated() {
        check.unchecked.append("calls[\(offset)] \(render(call))")
      }
    }
    if let cancelled = runtime?.cancelled ?? (exhaustive ? [] : nil) {
      check.mismatches += cancelledMismatches(expected: cancelled, actual: entry.cancelled, names: names)
    } else {
      for reference in entry.cancelled { check.unchecked.append("cancelled \(names.display(reference))") }
    }
  }

  /// Every check of one step (state, calls, cancellations, received actions, the call a `respond` answers) and,
  /// after the last step of an exhaustive scenario, what is still running; `ended` collects the calls answered or
  /// cancelled so far.
  static func checkStep(
    _ index: Int, of scenario: Scenario, trace: [TraceEntry], expectedState: JSONValue, names: CallNames,
    ended: inout Set<CallReference>
  ) -> (mismatches: [Mismatch], unchecked: [String]) {
    let step = scenario.steps[index]
    let entry = trace[index]
    var check =
      scenario.exhaustive
      ? ScenarioJudge.exhaustiveCheck(step, expectedState: expectedState, entry: entry)
      : ScenarioJudge.partialCheck(step, entry: entry)
    checkCalls(step, entry: entry, number: index + 1, exhaustive: scenario.exhaustive, names: names, into: &check)
    if scenario.checksReceived {
      checkReceived(step, entry: entry, exhaustive: scenario.exhaustive, into: &check)
    }
    if case .respond(let call, _)? = step.runtime?.kind, let reference = names.reference(of: call) {
      ended.insert(reference)
      // Checked in both modes: the harness ignores such a respond (PROTOCOL.md §2.5.5).
      if !started(reference, in: trace) {
        check.mismatches.append(
          Mismatch(
            path: JSONPath([.key("respond"), .key(call)]), kind: .missing(expected: .string(call)),
            note: "responds to \(names.display(reference)), which the implementation never started"))
      }
    }
    ended.formUnion(entry.cancelled)
    if scenario.exhaustive, index == scenario.steps.count - 1 {
      // One check of what is still running at the end: pending calls name the scenario's calls; only when none is
      // pending are the effects in flight listed, since an effect waiting on a pending call is that call (§14.2).
      let pending = pendingMismatches(trace: trace, ended: ended, names: names)
      check.mismatches +=
        pending.isEmpty ? inFlightMismatches(expected: scenario.leavesRunning, entry: entry) : pending
    }
    if index == scenario.steps.count - 1, let note = inFlightNotChecked(scenario, entry: entry) {
      check.unchecked.append(note)
    }
    return check
  }

  /// Why a v1.2 scenario's end-of-scenario check of effects in flight did not run, so that it never passes silently:
  /// the implementation reports no effects in flight (kotlin-viewmodel), or the scenario is non-exhaustive and skips
  /// the check with its `leavesRunning` (§14.2). `nil` when it ran, or when a v1.1 file never asked for it.
  static func inFlightNotChecked(_ scenario: Scenario, entry: TraceEntry) -> String? {
    if !scenario.exhaustive {
      return scenario.leavesRunning.isEmpty
        ? nil : "at the end: leavesRunning (not checked: the scenario is non-exhaustive)"
    }
    guard entry.inFlight == nil, scenario.checksReceived || !scenario.leavesRunning.isEmpty else { return nil }
    return "at the end: effects in flight (not applicable: the implementation reports no effects in flight)"
  }
}
