/// What one runtime step checks (scenario format §13.4, §14, §16).
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

  /// Every check of one step (state, calls, cancellations, received actions, events, the call a `respond` or `emit`
  /// names) and, after the last step of an exhaustive scenario, what is still running; `ended` collects the calls
  /// answered or cancelled so far.
  ///
  /// - Parameters:
  ///   - number: The step number; 0 for the creation (`start`, format v1.3).
  ///   - entries: The entries by step number, the creation's first.
  static func checkStep(
    _ number: Int, of scenario: Scenario, entries: [TraceEntry], expectedState: JSONValue, names: CallNames,
    ended: inout Set<CallReference>
  ) -> (mismatches: [Mismatch], unchecked: [String]) {
    let step = scenario.step(number)
    let entry = entries[number]
    var check =
      scenario.exhaustive
      ? ScenarioJudge.exhaustiveCheck(
        step, expectedState: expectedState, entry: entry, tolerances: scenario.tolerances)
      : ScenarioJudge.partialCheck(step, entry: entry, tolerances: scenario.tolerances)
    checkCalls(step, entry: entry, number: number, exhaustive: scenario.exhaustive, names: names, into: &check)
    if scenario.checksReceived {
      checkList(received, step, entry: entry, exhaustive: scenario.exhaustive, into: &check)
    }
    if scenario.checksEvents {
      checkList(events, step, entry: entry, exhaustive: scenario.exhaustive, into: &check)
    }
    checkNamedCall(step, entries: entries, names: names, ended: &ended, into: &check)
    ended.formUnion(entry.cancelled)
    let isLast = number == scenario.steps.count
    if scenario.exhaustive, isLast {
      // One check of what is still running at the end: pending calls name the scenario's calls; only when none is
      // pending are the effects in flight listed, since an effect waiting on a pending call is that call (§14.2).
      let pending = pendingMismatches(entries: entries, ended: ended, names: names)
      check.mismatches +=
        pending.isEmpty ? inFlightMismatches(expected: scenario.leavesRunning, entry: entry) : pending
    }
    if !scenario.exhaustive, isLast {
      // The end-of-scenario check does not run in a non-exhaustive file (§13.4); what it would have found is listed,
      // so a call left running never passes without a word.
      for pending in pendingMismatches(entries: entries, ended: ended, names: names) {
        check.unchecked.append("at the end: \(pending.note ?? "") (not checked: the scenario is non-exhaustive)")
      }
    }
    if isLast, let note = inFlightNotChecked(scenario, entry: entry) {
      check.unchecked.append(note)
    }
    return check
  }

  /// The call a `respond` answers (which ends it) or an `emit` feeds must have been started; checked in both modes,
  /// since the harness ignores such a step (PROTOCOL.md §2.5.5).
  private static func checkNamedCall(
    _ step: Step, entries: [TraceEntry], names: CallNames, ended: inout Set<CallReference>,
    into check: inout (mismatches: [Mismatch], unchecked: [String])
  ) {
    let call: String
    let verb: String
    switch step.runtime?.kind {
    case .respond(let name, _)?: (call, verb) = (name, "responds to")
    case .emit(let name, _)?: (call, verb) = (name, "emits to")
    default: return
    }
    guard let reference = names.reference(of: call) else { return }
    if verb == "responds to" { ended.insert(reference) }
    guard !started(reference, in: entries) else { return }
    let key = verb == "responds to" ? "respond" : "emit"
    check.mismatches.append(
      Mismatch(
        path: JSONPath([.key(key), .key(call)]), kind: .missing(expected: .string(call)),
        note: "\(verb) \(names.display(reference)), which the implementation never started"))
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
