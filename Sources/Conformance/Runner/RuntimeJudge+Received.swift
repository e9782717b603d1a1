/// Judging what format v1.2 adds to runtime scenarios (Conformance/README.md §14): the actions effects send back
/// during a step, and the effects still in flight at the end.
extension RuntimeJudge {
  /// Why a step's `received` is not checked on an implementation that does not report received actions; shown under
  /// the verdict, in the text and JSON reports, so that the step never passes silently.
  static let receivedNotApplicable = "received (not applicable: the implementation reports no received actions)"

  /// Checks the step's received actions, in a scenario that checks them (``Scenario/checksReceived``): exactly, in
  /// order, against `expect.received` (exhaustive: an omitted list expects none); an implementation that reports none
  /// makes an explicit list not applicable; a non-exhaustive step without the list leaves what came back unchecked.
  static func checkReceived(
    _ step: Step, entry: TraceEntry, exhaustive: Bool, into check: inout (mismatches: [Mismatch], unchecked: [String])
  ) {
    let expected = step.runtime?.received ?? (exhaustive ? [] : nil)
    guard let actual = entry.received else {
      if step.runtime?.received != nil { check.unchecked.append(receivedNotApplicable) }
      return
    }
    guard let expected else {
      for (offset, action) in actual.enumerated() {
        check.unchecked.append("received[\(offset)] \(ReportText.clip(JSONRenderer.compact(action, style: .display)))")
      }
      return
    }
    check.mismatches += receivedMismatches(expected: expected, actual: actual)
  }

  /// The received actions against the expected list: a count that differs is one mismatch at `received`, naming both
  /// lists by their types; otherwise each differing action is compared field by field at `received[i]`.
  static func receivedMismatches(expected: [JSONValue], actual: [JSONValue]) -> [Mismatch] {
    guard expected.count == actual.count else {
      let wanted =
        expected.isEmpty
        ? "expected no received action"
        : "expected \(ReportText.plural(expected.count, "received action", "received actions")) (\(types(expected)))"
      let got = actual.isEmpty ? "got none" : "got \(actual.count) (\(types(actual)))"
      return [
        Mismatch(
          path: JSONPath([.key("received")]), kind: .differs(expected: .array(expected), actual: .array(actual)),
          note: "received: \(wanted), \(got)")
      ]
    }
    var mismatches: [Mismatch] = []
    for (offset, (want, got)) in zip(expected, actual).enumerated() where want != got {
      mismatches += StructuralDiff.mismatches(
        expected: want, actual: got, at: JSONPath([.key("received"), .index(offset)]))
    }
    return mismatches
  }

  /// The end-of-scenario check of effects (§14.2): every effect in flight after the last step that `leavesRunning`
  /// does not declare is one mismatch at `inFlight[i]`, and every declared effect that is not running one at
  /// `inFlight.TYPE`. Nothing when the implementation does not report its effects.
  static func inFlightMismatches(expected: [ExpectedEffect], entry: TraceEntry) -> [Mismatch] {
    guard let running = entry.inFlight else { return [] }
    var unmatched = Array(running.indices)
    var mismatches: [Mismatch] = []
    for (offset, effect) in expected.enumerated() {
      if let found = unmatched.firstIndex(where: { effect.matches(running[$0]) }) {
        unmatched.remove(at: found)
        continue
      }
      let value: JSONValue = ["type": .string(effect.type), "id": effect.id.map(JSONValue.string) ?? .null]
      mismatches.append(
        Mismatch(
          path: JSONPath([.key("inFlight"), .key(effect.type)]), kind: .missing(expected: value),
          note: "effect \(describe(value)) was expected to be left running (leavesRunning[\(offset)]), but it is not"))
    }
    for index in unmatched {
      mismatches.append(
        Mismatch(
          path: JSONPath([.key("inFlight"), .index(index)]), kind: .unexpected(actual: running[index]),
          note: "effect \(describe(running[index])) is still running (inFlight[\(index)])"))
    }
    return mismatches
  }

  /// `authenticate (id 'authenticate')`, or `tick` when the effect has no cancellation id.
  private static func describe(_ effect: JSONValue) -> String {
    let type = ReportText.oneLine(effect["type"]?.stringValue ?? "?", limit: 80)
    guard let id = effect["id"]?.stringValue else { return type }
    return "\(type) (id '\(ReportText.oneLine(id, limit: 80))')"
  }

  /// `loginResponse, dismissed`: the actions' types, for a count mismatch.
  private static func types(_ actions: [JSONValue]) -> String {
    ReportText.clip(
      actions.map {
        ReportText.oneLine($0["type"]?.stringValue ?? JSONRenderer.compact($0, style: .display), limit: 80)
      }
      .joined(separator: ", "), limit: 300)
  }
}
