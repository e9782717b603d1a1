/// Judging what format v1.2 adds to runtime scenarios (Conformance/README.md §14): the actions effects send back
/// during a step, and the effects still in flight at the end; and, on the same path as received actions, the one-off
/// events of format v1.3 (§16.3).
extension RuntimeJudge {
  /// A list a runtime step reports and a scenario may expect, compared exactly and in order: the actions effects sent
  /// back (`received`, format v1.2, §14.1) or the one-off events the screen received (`events`, format v1.3, §16.3).
  /// Both are judged by one path: ``checkList(_:_:entry:exhaustive:into:)``.
  struct ReportedList {
    /// The key in a trace entry and an expectation, and the root of mismatch paths: `received`, `events`.
    let key: String
    /// One item, for counts: `received action`, `event`.
    let singular: String
    /// More than one: `received actions`, `events`.
    let plural: String
    /// What the step expects; `nil` when it does not say.
    let expected: @Sendable (RuntimeExpectation) -> [JSONValue]?
    /// What the implementation reported; `nil` when it does not report the list.
    let actual: @Sendable (TraceEntry) -> [JSONValue]?

    /// Why a step's list is not checked on an implementation that does not report it; shown under the verdict, in
    /// the text and JSON reports, so that the step never passes silently.
    var notApplicable: String { "\(key) (not applicable: the implementation reports no \(plural))" }
  }

  /// The actions the runtime's effects sent back during a step (format v1.2).
  static let received = ReportedList(
    key: "received", singular: "received action", plural: "received actions", expected: { $0.received },
    actual: { $0.received })
  /// The one-off events the screen received during a step (format v1.3).
  static let events = ReportedList(
    key: "events", singular: "event", plural: "events", expected: { $0.events }, actual: { $0.events })

  /// Why a step's `received` is not checked on an implementation that does not report received actions.
  static var receivedNotApplicable: String { received.notApplicable }

  /// Checks the step's received actions, in a scenario that checks them (``Scenario/checksReceived``).
  static func checkReceived(
    _ step: Step, entry: TraceEntry, exhaustive: Bool, into check: inout (mismatches: [Mismatch], unchecked: [String])
  ) {
    checkList(received, step, entry: entry, exhaustive: exhaustive, into: &check)
  }

  /// Checks one reported list of the step: exactly, in order, against the expectation (exhaustive: an omitted list
  /// expects none); an implementation that does not report the list makes an explicit expectation not applicable; a
  /// non-exhaustive step without the list leaves what came back unchecked.
  static func checkList(
    _ list: ReportedList, _ step: Step, entry: TraceEntry, exhaustive: Bool,
    into check: inout (mismatches: [Mismatch], unchecked: [String])
  ) {
    let given = step.runtime.flatMap(list.expected)
    let expected = given ?? (exhaustive ? [] : nil)
    guard let actual = list.actual(entry) else {
      // An exhaustive step that gives no list still expects none: not checking it is listed too, so an implementation
      // that reports no events never passes a step quietly.
      if given != nil || exhaustive { check.unchecked.append(list.notApplicable) }
      return
    }
    guard let expected else {
      for (offset, item) in actual.enumerated() {
        check.unchecked.append("\(list.key)[\(offset)] \(ReportText.clip(JSONRenderer.compact(item, style: .display)))")
      }
      return
    }
    check.mismatches += listMismatches(list, expected: expected, actual: actual)
  }

  /// The received actions against the expected list (``listMismatches(_:expected:actual:)``).
  static func receivedMismatches(expected: [JSONValue], actual: [JSONValue]) -> [Mismatch] {
    listMismatches(received, expected: expected, actual: actual)
  }

  /// A reported list against the expected one: a count that differs is one mismatch at the list's key (`received`,
  /// `events`), naming both lists by their types; otherwise each differing item is compared field by field at
  /// `received[i]` or `events[i]`.
  static func listMismatches(_ list: ReportedList, expected: [JSONValue], actual: [JSONValue]) -> [Mismatch] {
    guard expected.count == actual.count else {
      let wanted =
        expected.isEmpty
        ? "expected no \(list.singular)"
        : "expected \(ReportText.plural(expected.count, list.singular, list.plural)) (\(types(expected)))"
      let got = actual.isEmpty ? "got none" : "got \(actual.count) (\(types(actual)))"
      return [
        Mismatch(
          path: JSONPath([.key(list.key)]), kind: .differs(expected: .array(expected), actual: .array(actual)),
          note: "\(list.key): \(wanted), \(got)")
      ]
    }
    var mismatches: [Mismatch] = []
    for (offset, (want, got)) in zip(expected, actual).enumerated() where want != got {
      mismatches += StructuralDiff.mismatches(
        expected: want, actual: got, at: JSONPath([.key(list.key), .index(offset)]))
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

  /// `loginResponse, dismissed`: the actions' (or events') types, for a count mismatch.
  private static func types(_ actions: [JSONValue]) -> String {
    ReportText.clip(
      actions.map {
        ReportText.oneLine($0["type"]?.stringValue ?? JSONRenderer.compact($0, style: .display), limit: 80)
      }
      .joined(separator: ", "), limit: 300)
  }
}
