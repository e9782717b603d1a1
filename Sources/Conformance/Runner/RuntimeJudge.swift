/// Judges a runtime-level scenario's trace (scenario format v1.1): per step the state (as at reducer level), the
/// calls started (compared exactly, in order, names matched to ``CallReference``s) and the calls cancelled (as a set);
/// then, for an exhaustive scenario, that no call the implementation started is still pending. Format v1.2 adds the
/// actions effects sent back (`received`, §14.1) and the effects still in flight at the end (`inFlight`, §14.2).
///
/// Failure text names calls the way the scenario does (`call a1 (authenticate)`); a call the scenario never named is
/// `the 1st call of step 3 (authenticate)`.
enum RuntimeJudge {
  /// Judges one runtime trace: the creation (`start`, step 0, format v1.3), then every step.
  ///
  /// - Parameter start: The entry for creation; `nil` (an implementation that reports none) reads as the initial
  ///   state, no calls, no cancellations and, for what the steps report, nothing received and no events.
  static func judge(_ scenario: Scenario, trace: [TraceEntry], start: TraceEntry? = nil) -> (Outcome, [String]) {
    guard trace.count == scenario.steps.count else {
      return (
        .noTrace(
          .protocolError(message: "the trace has \(trace.count) entries for \(scenario.steps.count) steps", line: "")),
        []
      )
    }
    // Indexed by step number: 0 is the creation.
    let entries = [start ?? silentStart(scenario, trace: trace)] + trace
    let names = CallNames(scenario, trace: trace, start: entries[0])
    let expected = [ScenarioJudge.expectedStartState(of: scenario)] + ScenarioJudge.expectedStates(of: scenario)
    var failure: StepFailure?
    var notChecked: [String] = []
    var ended = Set<CallReference>()
    for number in entries.indices {
      let step = scenario.step(number)
      var check = checkStep(
        number, of: scenario, entries: entries, expectedState: expected[number], names: names, ended: &ended)
      // A non-exhaustive file without `start` says nothing of the state at creation: not listing it keeps v1.1
      // reports unchanged; calls and events at creation are still listed.
      if number == 0, scenario.start == nil { check.unchecked.removeAll { $0.hasPrefix("state") } }
      if !check.unchecked.isEmpty {
        notChecked.append("\(number == 0 ? "start" : "step \(number)"): \(check.unchecked.joined(separator: ", "))")
      }
      guard !check.mismatches.isEmpty else { continue }
      if failure == nil {
        failure = StepFailure(
          stepIndex: number - 1, stepCount: scenario.steps.count, action: step.send,
          stepDescription: step.description, mismatches: check.mismatches,
          expectedState: scenario.exhaustive ? expected[number] : nil, actualState: entries[number].state,
          expectedEffects: [], actualEffects: [], laterSteps: [], title: step.title,
          runtime: detail(step, entry: entries[number], number: number, scenario: scenario, names: names),
          givenState: scenario.exhaustive ? nil : step.state.given)
      } else {
        failure?.laterSteps.append(
          StepFailure.LaterStep(
            stepIndex: number - 1, action: step.send, mismatches: check.mismatches, title: step.title))
      }
    }
    if let failure { return (.failed(failure), notChecked) }
    return (.passed, notChecked)
  }

  /// The creation entry of an implementation that reports none: the initial state, no calls, no cancellations, and
  /// empty lists of what its step entries report.
  static func silentStart(_ scenario: Scenario, trace: [TraceEntry]) -> TraceEntry {
    TraceEntry(
      state: scenario.initialState, calls: [], cancelled: [], received: trace.first?.received.map { _ in [] },
      inFlight: trace.first?.inFlight.map { _ in [] }, events: trace.first?.events.map { _ in [] })
  }

  // MARK: - Pieces

  /// The failing step's calls and cancellations for reports, expected and actual, named as the scenario names them.
  static func detail(_ step: Step, entry: TraceEntry, number: Int, scenario: Scenario, names: CallNames)
    -> StepFailure.RuntimeDetail
  {
    let exhaustive = scenario.exhaustive
    let actual = names.entryValue(entry, step: number)
    let expectedCalls = (step.runtime?.calls ?? (exhaustive ? [] : nil)).map { JSONValue.array($0.map(names.value)) }
    let expectedCancelled = (step.runtime?.cancelled ?? (exhaustive ? [] : nil)).map {
      JSONValue.array($0.sorted { ScalarOrder.less($0, $1) }.map(JSONValue.string))
    }
    var detail = StepFailure.RuntimeDetail(
      expectedCalls: expectedCalls, actualCalls: actual.value(at: JSONPath([.key("calls")])) ?? [],
      expectedCancelled: expectedCancelled, actualCancelled: actual.value(at: JSONPath([.key("cancelled")])) ?? [])
    // Format v1.2: only in a file that checks received actions (§14.1).
    if scenario.checksReceived {
      detail.expectedReceived = (step.runtime?.received ?? (exhaustive ? [] : nil)).map(JSONValue.array)
      detail.actualReceived = entry.received.map(JSONValue.array)
    }
    // Format v1.3: only for a feature that declares events (§16.3).
    if scenario.checksEvents {
      detail.expectedEvents = (step.runtime?.events ?? (exhaustive ? [] : nil)).map(JSONValue.array)
      detail.actualEvents = entry.events.map(JSONValue.array)
    }
    return detail
  }

  /// Whether the implementation started the call `reference` names: its step has at least `index` calls.
  ///
  /// - Parameter entries: The entries by step number, the creation's first.
  static func started(_ reference: CallReference, in entries: [TraceEntry]) -> Bool {
    entries.indices.contains(reference.step) && reference.index <= entries[reference.step].calls.count
  }

  /// The step's calls against the expected list: a count that differs is one mismatch at `calls`; otherwise a call
  /// to another dependency is one at `calls[i]`, and each differing argument one at `calls[i].arguments.NAME`.
  static func callMismatches(expected: [ExpectedCall], actual: [DependencyCall], step: Int, names: CallNames)
    -> [Mismatch]
  {
    let expectedValues = expected.map(names.value)
    let actualValues = actual.enumerated().map { offset, call in
      names.value(of: call, at: CallReference(step: step, index: offset + 1))
    }
    guard expected.count == actual.count else {
      let got =
        actual.isEmpty ? "got none" : "got \(actual.count): " + actual.map(render).joined(separator: ", ")
      let wanted =
        expected.isEmpty
        ? "expected no call"
        : "expected \(ReportText.plural(expected.count, "call", "calls")) ("
          + expected.map { "\($0.name): \(render($0.dependency, $0.arguments))" }.joined(separator: ", ") + ")"
      return [
        Mismatch(
          path: JSONPath([.key("calls")]),
          kind: .differs(expected: .array(expectedValues), actual: .array(actualValues)),
          note: "\(wanted), \(got)")
      ]
    }
    var mismatches: [Mismatch] = []
    for (offset, (want, got)) in zip(expected, actual).enumerated()
    where want.dependency != got.dependency || want.arguments != got.arguments {
      let callPath = JSONPath([.key("calls"), .index(offset)])
      guard want.dependency == got.dependency else {
        mismatches.append(
          Mismatch(
            path: callPath, kind: .differs(expected: expectedValues[offset], actual: actualValues[offset]),
            note: "call \(want.name): expected \(render(want.dependency, want.arguments)), got \(render(got))"))
        continue
      }
      // Same dependency: each differing argument at its own path, read as `call a1 (authenticate): arguments.…`.
      let name = "call \(ReportText.oneLine(want.name, limit: 80)) (\(ReportText.oneLine(want.dependency, limit: 80)))"
      for mismatch in StructuralDiff.mismatches(
        expected: want.arguments, actual: got.arguments, at: JSONPath([.key("arguments")]))
      {
        mismatches.append(
          Mismatch(
            path: callPath.appending(mismatch.path), kind: mismatch.kind, note: "\(name): \(mismatch.description)"))
      }
    }
    return mismatches
  }

  /// The step's cancellations against the expected names, as sets: one mismatch per call missing or extra, at
  /// `cancelled.NAME`.
  static func cancelledMismatches(expected: [String], actual: [CallReference], names: CallNames) -> [Mismatch] {
    var mismatches: [Mismatch] = []
    let actualSet = Set(actual)
    var expectedSet = Set<CallReference>()
    for name in expected {
      guard let reference = names.reference(of: name) else { continue }
      expectedSet.insert(reference)
      if !actualSet.contains(reference) {
        mismatches.append(
          Mismatch(
            path: JSONPath([.key("cancelled"), .key(name)]), kind: .missing(expected: .string(name)),
            note: "expected \(names.display(reference)) to be cancelled, but it was not"))
      }
    }
    var reported = Set<CallReference>()
    for reference in actual where !expectedSet.contains(reference) && reported.insert(reference).inserted {
      let name = names.name(of: reference)
      mismatches.append(
        Mismatch(
          path: JSONPath([.key("cancelled"), .key(name)]), kind: .unexpected(actual: .string(name)),
          note: "\(names.display(reference)) was cancelled, but the step does not expect it to be"))
    }
    return mismatches
  }

  /// Every call started (at creation too, and stream calls alike) that was neither answered by the scenario nor
  /// cancelled: `call a1 (authenticate) is still pending`, at `pending.NAME`.
  ///
  /// - Parameter entries: The entries by step number, the creation's first.
  static func pendingMismatches(entries: [TraceEntry], ended: Set<CallReference>, names: CallNames) -> [Mismatch] {
    var mismatches: [Mismatch] = []
    for (number, entry) in entries.enumerated() {
      for offset in entry.calls.indices {
        let reference = CallReference(step: number, index: offset + 1)
        guard !ended.contains(reference) else { continue }
        let name = names.name(of: reference)
        mismatches.append(
          Mismatch(
            path: JSONPath([.key("pending"), .key(name)]), kind: .unexpected(actual: .string(name)),
            note: "\(names.display(reference)) is still pending"))
      }
    }
    return mismatches
  }

  /// `authenticate({"email":"a","password":"b"})`, clipped.
  static func render(_ call: DependencyCall) -> String { render(call.dependency, call.arguments) }

  static func render(_ dependency: String, _ arguments: JSONValue) -> String {
    ReportText.clip(
      "\(ReportText.oneLine(dependency, limit: 80))(\(JSONRenderer.compact(arguments, style: .display)))", limit: 300)
  }
}

/// The names a runtime scenario gives its calls, and the calls a trace started: how reports name a
/// ``CallReference``.
struct CallNames {
  private var names: [CallReference: String] = [:]
  private var references: [String: CallReference] = [:]
  private var dependencies: [CallReference: String] = [:]

  /// The scenario's declared names, and the dependency of every call the trace (and the creation, `start`) started.
  init(_ scenario: Scenario, trace: [TraceEntry], start: TraceEntry? = nil) {
    for call in scenario.declaredCalls {
      names[call.reference] = call.name
      references[call.name] = call.reference
      dependencies[call.reference] = call.dependency
    }
    for (number, entry) in ([start ?? TraceEntry(state: .null, calls: [], cancelled: [])] + trace).enumerated() {
      for (offset, call) in entry.calls.enumerated() {
        dependencies[CallReference(step: number, index: offset + 1)] = call.dependency
      }
    }
  }

  /// The reference the scenario's name stands for.
  func reference(of name: String) -> CallReference? { references[name] }

  /// The scenario's name for the call, or `step.index` (e.g. `3.1`) when it names none.
  func name(of reference: CallReference) -> String {
    names[reference] ?? "\(reference.step).\(reference.index)"
  }

  /// How a sentence names the call: `call a1 (authenticate)`, or, for a call the scenario never named, `the 1st call
  /// of step 3 (authenticate)` or `the 1st call at creation (loadProfile)` (`…, which never started` when the trace
  /// did not start it either).
  func display(_ reference: CallReference) -> String {
    let dependency = dependencies[reference].map { " (\(ReportText.oneLine($0, limit: 80)))" }
    if let name = names[reference] { return "call \(ReportText.oneLine(name, limit: 80))\(dependency ?? "")" }
    let when = reference.step == 0 ? "at creation" : "of step \(reference.step)"
    let call = "the \(Self.ordinal(reference.index)) call \(when)"
    return dependency.map { call + $0 } ?? call + ", which never started"
  }

  /// An expected call as divergence and report values show it: `{"call", "dependency", "arguments"}`.
  func value(_ call: ExpectedCall) -> JSONValue {
    ["call": .string(call.name), "dependency": .string(call.dependency), "arguments": call.arguments]
  }

  /// A started call with the scenario's name for it: `{"call", "dependency", "arguments"}`.
  func value(of call: DependencyCall, at reference: CallReference) -> JSONValue {
    ["call": .string(name(of: reference)), "dependency": .string(call.dependency), "arguments": call.arguments]
  }

  /// A trace entry as the divergence view shows it: `{"state", "calls" (with names), "cancelled" (names, sorted)}`,
  /// with `received` and `inFlight` when `reports` says every compared implementation gives them (format v1.2), and
  /// `events` likewise (format v1.3).
  func entryValue(_ entry: TraceEntry, step: Int, reports: Set<RuntimeReport> = []) -> JSONValue {
    let calls = entry.calls.enumerated().map { offset, call in
      value(of: call, at: CallReference(step: step, index: offset + 1))
    }
    let cancelled = entry.cancelled.map(name(of:)).sorted { ScalarOrder.less($0, $1) }.map(JSONValue.string)
    var members: [(key: String, value: JSONValue)] = [
      ("state", entry.state), ("calls", .array(calls)), ("cancelled", .array(cancelled)),
    ]
    if reports.contains(.received) { members.append(("received", .array(entry.received ?? []))) }
    if reports.contains(.inFlight) { members.append(("inFlight", .array(entry.inFlight ?? []))) }
    if reports.contains(.events) { members.append(("events", .array(entry.events ?? []))) }
    return .object(JSONObject(unsortedMembers: members))
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, ….
  static func ordinal(_ number: Int) -> String {
    let tens = number % 100
    if (11...13).contains(tens) { return "\(number)th" }
    switch number % 10 {
    case 1: return "\(number)st"
    case 2: return "\(number)nd"
    case 3: return "\(number)rd"
    default: return "\(number)th"
    }
  }
}
