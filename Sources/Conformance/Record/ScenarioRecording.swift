/// What `conformance record` makes of one exhaustive scenario file and an implementation's trace of it: the document
/// with every step's `expect` filled in or refreshed from the trace, and the steps whose
/// existing expectations the trace contradicts.
///
/// Expectations are written as `conformance fuzz --reference` writes them (``FuzzFinding/changes(from:to:)``), with
/// one refinement: `changes` relative to the previous state holds the members that differ, and inside a nested object
/// that is an object on both sides only its members that differ (the merge rule of §3.3 merges objects member by
/// member, so `{"errors": {"age": "…"}}` keeps the other errors); nothing when unchanged. Then
/// `effects` at the reducer level (scenario format §3.2, §3.3); `changes`, `calls` and `cancelled` at the runtime
/// level (§13.3). A runtime call keeps the name the file gives it at the same step and position; a new call is
/// named `a1`, `a2`, … with the first numbers no name in the file uses (§1.3: call names are the scenario's own).
///
/// A step whose existing `expect` already means what the trace shows (same state after the step, same effects, or
/// same calls by dependency and arguments and same cancelled set) is kept as written, so a `state` or a hand-picked
/// call name is never rewritten for nothing.
package struct ScenarioRecording: Sendable {
  /// A step whose existing expectation differs from the trace.
  package struct Difference: Sendable, Equatable {
    /// The step's index in `steps` (0-based, as its JSON path `steps[i]`); -1 for the file's `start` (format v1.3).
    package var stepIndex: Int
    /// The paths that differ inside the step's meaning: `state.error`, `effects[0].email`, `calls[0].arguments`,
    /// `cancelled`.
    package var paths: [String]
  }

  /// The document with the recorded expectations (existing differing steps replaced only when `update`).
  package var document: JSONValue
  /// Steps whose existing expectation differs from the trace (replaced in `document` only when `update`).
  package var differences: [Difference]
  /// Steps that had no `expect` and now have one.
  package var filled: Int
  /// Whether `document` differs from the input in any expectation.
  package var changed: Bool
  /// The runtime calls the trace started that no step answers and none cancels, as `a1 (authenticate)`: exhaustive
  /// `run` fails such a scenario at its end (scenario format §13.4), so the file needs a `respond` step for each.
  package var pendingCalls: [String] = []

  /// Records `trace` into `document`, whose parsed and validated form is `scenario`.
  ///
  /// - Parameters:
  ///   - document: The scenario file as parsed (an object with a `steps` array, as `scenario` was loaded from).
  ///   - scenario: The loaded scenario (exhaustive; its level says which expectations are written).
  ///   - trace: The implementation's trace, one entry per step.
  ///   - update: Whether an existing expectation that differs is replaced (`--update`).
  ///   - start: The implementation's entry for the creation (format v1.3), recorded as the file's `start`; `nil`
  ///     leaves `start` as written.
  package init(
    document: JSONValue, scenario: Scenario, trace: [TraceEntry], start: TraceEntry? = nil, update: Bool
  ) {
    var root = document.objectValue ?? JSONObject()
    var stepValues = root["steps"]?.arrayValue ?? []
    var names = RecordedCallNames(scenario: scenario)
    var previousActual = scenario.initialState
    var previousExpected = ScenarioJudge.expectedStartState(of: scenario)
    var differences: [Difference] = []
    var filled = 0
    var changed = false
    // Format v1.2: received actions are recorded and compared in a file that already checks them, or in one with no
    // expectation yet; never added to some steps of a v1.1 file, which would then expect none at its other steps.
    // An implementation that reports no received actions (kotlin-viewmodel) has nothing to say about them: the file's
    // `received` is then neither compared nor rewritten, so recording from it never turns received checking off.
    let reportsReceived = trace.allSatisfy { $0.received != nil }
    let receives =
      scenario.level == .runtime && reportsReceived
      && (scenario.checksReceived || stepValues.allSatisfy { $0.objectValue?["expect"] == nil })
    // Format v1.3: one-off events, for a feature that declares them, from an implementation that reports them (one
    // that does not leaves the file's `events` as written, like received actions).
    let eventful = scenario.checksEvents && trace.allSatisfy { $0.events != nil }
    if scenario.level == .runtime, let start {
      let outcome = Self.recordStart(
        start, into: &root, scenario: scenario, names: &names, receives: receives, events: eventful, update: update)
      previousActual = start.state
      if let difference = outcome.difference { differences.append(difference) }
      if outcome.filled { filled += 1 }
      if outcome.changed {
        previousExpected = start.state
        changed = true
      }
    }
    for (index, step) in scenario.steps.enumerated() where index < trace.count && index < stepValues.count {
      let entry = trace[index]
      let expected = Self.expectedState(after: step, previous: previousExpected)
      previousExpected = expected
      let recorded = Self.expectation(
        entry.keeping(received: receives, events: eventful), previous: previousActual, level: scenario.level,
        names: &names, step: index + 1)
      previousActual = entry.state
      let old = Self.meaning(of: step, state: expected, scenario: scenario, receives: receives, events: eventful)
      let new = Self.meaning(
        of: entry, level: scenario.level, names: names, receives: receives, events: eventful)
      guard var stepObject = stepValues[index].objectValue else { continue }
      let hasExpect = stepObject["expect"] != nil
      if old == new, hasExpect || recorded.isEmpty { continue }
      if hasExpect, old != new {
        let paths = StructuralDiff.mismatches(expected: old, actual: new, at: .root).map(\.path.description)
        differences.append(Difference(stepIndex: index, paths: paths))
        if !update { continue }
      } else {
        filled += 1
      }
      // From here on the file expects what the trace shows.
      previousExpected = entry.state
      var written = recorded
      if !receives, let kept = stepObject["expect"]?["received"] { written["received"] = kept }
      if !eventful, let kept = stepObject["expect"]?["events"] { written["events"] = kept }
      stepObject["expect"] = written.isEmpty ? nil : .object(written)
      stepValues[index] = .object(stepObject)
      changed = true
    }
    root["steps"] = .array(stepValues)
    if scenario.level == .runtime {
      pendingCalls = Self.pending(scenario: scenario, trace: trace, start: start, names: names)
    }
    self.document = .object(root)
    self.differences = differences
    self.filled = filled
    self.changed = changed
  }

  /// The calls of `trace` (and of the creation, `start`) left pending at the end: started, never answered by a
  /// `respond` step, never cancelled.
  static func pending(scenario: Scenario, trace: [TraceEntry], start: TraceEntry? = nil, names: RecordedCallNames)
    -> [String]
  {
    var answered = Set<String>()
    for step in scenario.steps {
      if case .respond(let call, _)? = step.runtime?.kind { answered.insert(call) }
    }
    let cancelled = Set(trace.flatMap(\.cancelled))
    var pending: [String] = []
    let entries = [start ?? TraceEntry(state: .null, calls: [], cancelled: [])] + trace
    for (number, entry) in entries.enumerated() {
      for (position, call) in entry.calls.enumerated() {
        let reference = CallReference(step: number, index: position + 1)
        let name = names.existingName(for: reference)
        if !cancelled.contains(reference), !answered.contains(name) { pending.append("\(name) (\(call.dependency))") }
      }
    }
    return pending
  }

  // MARK: - Expectations

  /// The `expect` object for one trace entry (empty when the step changes, returns, starts and cancels nothing).
  static func expectation(
    _ entry: TraceEntry, previous: JSONValue, level: ScenarioLevel, names: inout RecordedCallNames, step: Int
  ) -> JSONObject {
    var expect = JSONObject()
    let changes = Self.changes(from: previous, to: entry.state)
    if !changes.isEmpty { expect["changes"] = .object(changes) }
    switch level {
    case .reducer:
      if !entry.effects.isEmpty { expect["effects"] = .array(entry.effects) }
    case .runtime:
      if !entry.calls.isEmpty {
        expect["calls"] = .array(
          entry.calls.enumerated().map { position, call in
            let name = names.name(for: CallReference(step: step, index: position + 1))
            return ["call": .string(name), "dependency": .string(call.dependency), "arguments": call.arguments]
          })
      }
      if !entry.cancelled.isEmpty {
        expect["cancelled"] = .array(entry.cancelled.sorted().map { .string(names.name(for: $0)) })
      }
      // Format v1.2: what the reference's effects sent back; the file then checks received actions at every step.
      if let received = entry.received, !received.isEmpty { expect["received"] = .array(received) }
      // Format v1.3: the one-off events the screen received (an exhaustive file expects none where it gives none).
      if let events = entry.events, !events.isEmpty { expect["events"] = .array(events) }
    }
    return expect
  }

  /// The members of `new` that differ from `old`; where both hold an object, only that object's differing members
  /// (recursively), which the merge rule of scenario format §3.3 applies member by member.
  static func changes(from old: JSONValue, to new: JSONValue) -> JSONObject {
    var changes = JSONObject()
    for member in new.objectValue?.members ?? [] where old[member.key] != member.value {
      if case .object = member.value, let before = old[member.key], case .object = before {
        changes[member.key] = .object(Self.changes(from: before, to: member.value))
      } else {
        changes[member.key] = member.value
      }
    }
    return changes
  }

  /// The state a step's expectation leads to (scenario format §3.3: `state` replaces, `changes` merges).
  static func expectedState(after step: Step, previous: JSONValue) -> JSONValue {
    switch step.state {
    case .unchanged: return previous
    case .full(let state): return state
    case .changes(let changes): return previous.merging(changes)
    }
  }

  /// What an existing step claims, as one value to compare: the state after it, and its effects or its calls (by
  /// dependency and arguments), cancelled names (sorted, as they are compared as a set) and, when `receives`, its
  /// received actions, and when `events`, its one-off events.
  static func meaning(of step: Step, state: JSONValue, scenario: Scenario, receives: Bool, events: Bool = false)
    -> JSONValue
  {
    var meaning = JSONObject()
    meaning["state"] = state
    switch scenario.level {
    case .reducer: meaning["effects"] = .array(step.effects ?? [])
    case .runtime:
      meaning["calls"] = .array(
        (step.runtime?.calls ?? []).map { ["dependency": .string($0.dependency), "arguments": $0.arguments] })
      meaning["cancelled"] = .array((step.runtime?.cancelled ?? []).sorted().map(JSONValue.string))
      if receives { meaning["received"] = .array(step.runtime?.received ?? []) }
      if events { meaning["events"] = .array(step.runtime?.events ?? []) }
    }
    return .object(meaning)
  }

  /// What a trace entry shows, in the shape of ``meaning(of:state:scenario:receives:events:)``.
  static func meaning(
    of entry: TraceEntry, level: ScenarioLevel, names: RecordedCallNames, receives: Bool, events: Bool = false
  ) -> JSONValue {
    var meaning = JSONObject()
    meaning["state"] = entry.state
    switch level {
    case .reducer: meaning["effects"] = .array(entry.effects)
    case .runtime:
      meaning["calls"] = .array(
        entry.calls.map { ["dependency": .string($0.dependency), "arguments": $0.arguments] })
      meaning["cancelled"] = .array(entry.cancelled.map { names.existingName(for: $0) }.sorted().map(JSONValue.string))
      if receives { meaning["received"] = .array(entry.received ?? []) }
      if events { meaning["events"] = .array(entry.events ?? []) }
    }
    return .object(meaning)
  }
}

// MARK: - Received actions

extension TraceEntry {
  /// The entry without the received actions or events that are not recorded (as an implementation that does not
  /// report them gives it).
  func keeping(received: Bool, events: Bool) -> TraceEntry {
    var entry = self
    if !received { entry.received = nil }
    if !events { entry.events = nil }
    return entry
  }
}
