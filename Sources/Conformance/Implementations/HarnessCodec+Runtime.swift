// MARK: - Runtime level (harness protocol §2.5)

extension HarnessCodec {
  /// A runtime step in its protocol form: `{"send": action}`, `{"respond": {"call": {"step", "index"}, "result": v}}`,
  /// `{"respond": {"call": …, "error": {"message": s}}}` (with `"cancellation": true` for the client's own
  /// cancellation; omitted when false, so harnesses that predate it see no change), `{"advance": n}`,
  /// `{"clear": true}`, and in format v1.3 `{"respond": {"call": …, "complete": true}}`, `{"screen": "appear"}` and
  /// `{"emit": {"call": …, "value": v}}` (§2.5.7).
  static func encode(_ step: RuntimeStep) -> JSONValue {
    switch step {
    case .send(let action): return ["send": action]
    case .respond(let reference, .result(let result)):
      return ["respond": ["call": encode(reference), "result": result]]
    case .respond(let reference, .error(let message)):
      return ["respond": ["call": encode(reference), "error": ["message": .string(message)]]]
    case .respond(let reference, .cancellation(let message)):
      return ["respond": ["call": encode(reference), "error": ["message": .string(message), "cancellation": true]]]
    case .respond(let reference, .complete): return ["respond": ["call": encode(reference), "complete": true]]
    case .advance(let milliseconds): return ["advance": .number(.integer(milliseconds))]
    case .clear: return ["clear": true]
    case .screen(let transition): return ["screen": .string(transition.rawValue)]
    case .emit(let reference, let value): return ["emit": ["call": encode(reference), "value": value]]
    }
  }

  /// `{"step": s, "index": i}`.
  static func encode(_ reference: CallReference) -> JSONValue {
    ["step": .number(.integer(Int64(reference.step))), "index": .number(.integer(Int64(reference.index)))]
  }

  /// A call reference: `{"step": s, "index": i}`, `s` an integer ≥ 0 (0: a call started at creation, format v1.3) and
  /// `i` ≥ 1; `nil` after recording what is wrong.
  static func decodeReference(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> CallReference? {
    guard var reader = ObjectReader(value, at: path, what: "a call reference {\"step\", \"index\"}", issues: &issues)
    else { return nil }
    let step = reader.required("step", issues: &issues)
    let index = reader.required("index", issues: &issues)
    reader.reportUnknownKeys(allowed: ["step", "index"], issues: &issues)
    func integer(_ value: JSONValue?, _ key: String, from lowest: Int64) -> Int? {
      guard let value else { return nil }
      guard case .number(let number) = value, let integer = number.int64Value, integer >= lowest,
        integer <= Int64(Int32.max)
      else {
        issues.add(
          path.appending(key: key),
          "expected an integer from \(lowest), got \(JSONRenderer.compact(value, style: .display))")
        return nil
      }
      return Int(integer)
    }
    let s = integer(step, "step", from: 0)
    let i = integer(index, "index", from: 1)
    guard let s, let i else { return nil }
    return CallReference(step: s, index: i)
  }

  /// The longest `advance`, one day in milliseconds (PROTOCOL.md §2.5.2), as scenario files allow it.
  static let maximumAdvance = ScenarioLoader.maximumAdvance

  private static func quotedName(_ key: String) -> String { "'\(ReportText.oneLine(key, limit: 80))'" }

  /// A runtime trace entry in its protocol form: `{"state", "calls": [{"dependency", "arguments"}], "cancelled":
  /// [{"step", "index"}], "received"?: [action], "inFlight"?: [{"type", "id"}], "events"?: [event]}`; the last three
  /// only when reported.
  static func encodeRuntime(_ entry: TraceEntry) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("state", entry.state),
      ("calls", .array(entry.calls.map { ["dependency": .string($0.dependency), "arguments": $0.arguments] })),
      ("cancelled", .array(entry.cancelled.map(encode))),
    ]
    if let received = entry.received { members.append(("received", .array(received))) }
    if let inFlight = entry.inFlight { members.append(("inFlight", .array(inFlight))) }
    if let events = entry.events { members.append(("events", .array(events))) }
    return .object(JSONObject(unsortedMembers: members))
  }

  /// A runtime trace: exactly one entry per step, each with `state` (object), `calls` and `cancelled` (arrays, maybe
  /// empty) and what the implementation reports; and, when given (format v1.3), `start`, the entry for creation.
  static func decodeRuntimeTrace(
    _ value: JSONValue, start startValue: JSONValue? = nil, at path: JSONPath, stepCount: Int,
    issues: inout IssueList
  ) -> Observation? {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of trace entries, got \(value.typeName)")
      return nil
    }
    guard elements.count == stepCount else {
      issues.add(
        .root,
        "the trace has \(ReportText.plural(elements.count, "entry", "entries")), but the scenario has "
          + "\(ReportText.plural(stepCount, "step", "steps")); a runtime trace has exactly one entry per step")
      return nil
    }
    let start = startValue.flatMap { decodeRuntimeEntry($0, at: JSONPath([.key("start")]), issues: &issues) }
    let entries = elements.enumerated().compactMap { index, element in
      decodeRuntimeEntry(element, at: path.appending(index: index), issues: &issues)
    }
    guard entries.count == elements.count, startValue == nil || start != nil else { return nil }
    checkCancelled(entries, start: start, at: path, issues: &issues)
    return .trace(entries, start: start)
  }

  /// One runtime entry (a step's, or the creation's `start`); `nil` after recording what is wrong.
  private static func decodeRuntimeEntry(_ element: JSONValue, at entryPath: JSONPath, issues: inout IssueList)
    -> TraceEntry?
  {
    guard var entry = ObjectReader(element, at: entryPath, what: "a runtime trace entry", issues: &issues) else {
      return nil
    }
    let state = entry.object("state", required: true, issues: &issues)
    let callsValue = entry.required("calls", issues: &issues)
    let cancelledValue = entry.required("cancelled", issues: &issues)
    let received = entry.value("received").flatMap {
      readObjects($0, of: "action", at: entryPath.appending(key: "received"), issues: &issues)
    }
    let inFlight = entry.value("inFlight").flatMap {
      readInFlight($0, at: entryPath.appending(key: "inFlight"), issues: &issues)
    }
    let events = entry.value("events").flatMap {
      readObjects($0, of: "event", at: entryPath.appending(key: "events"), issues: &issues)
    }
    entry.reportUnknownKeys(
      allowed: ["state", "calls", "cancelled", "received", "inFlight", "events"], issues: &issues)
    let calls = callsValue.flatMap { decodeCalls($0, at: entryPath.appending(key: "calls"), issues: &issues) }
    var cancelled: [CallReference]?
    if let cancelledValue {
      let cancelledPath = entryPath.appending(key: "cancelled")
      if case .array(let references) = cancelledValue {
        cancelled = references.enumerated().compactMap { offset, reference in
          decodeReference(reference, at: cancelledPath.appending(index: offset), issues: &issues)
        }
      } else {
        issues.add(cancelledPath, "expected an array of call references, got \(cancelledValue.typeName)")
      }
    }
    guard let state, let calls, let cancelled else { return nil }
    return TraceEntry(
      state: .object(state), calls: calls, cancelled: cancelled, received: received, inFlight: inFlight,
      events: events)
  }

  /// Every reference in a trace's `cancelled` lists names a call started at or before that entry's step (step 0: at
  /// creation, by the `start` entry), and each call is cancelled at most once (§2.5.2–2.5.3, §2.5.7): a reference to
  /// a step outside the scenario, to a call of a later step, to an index beyond its step's calls, or one listed twice
  /// is a protocol error.
  private static func checkCancelled(
    _ entries: [TraceEntry], start: TraceEntry?, at path: JSONPath, issues: inout IssueList
  ) {
    // By step number: the creation's calls first (none when the reply has no `start`).
    let all = [start ?? TraceEntry(state: [:], calls: [], cancelled: [])] + entries
    var cancelledAt: [CallReference: Int] = [:]
    for (step, entry) in all.enumerated() where !entry.cancelled.isEmpty {
      let entryPath = step == 0 ? JSONPath([.key("start")]) : path.appending(index: step - 1)
      for (offset, reference) in entry.cancelled.enumerated() {
        let referencePath = entryPath.appending(key: "cancelled").appending(index: offset)
        let call = "call \(reference.step).\(reference.index)"
        let starter = reference.step == 0 ? "the creation" : "step \(reference.step)"
        if reference.step > entries.count {
          issues.add(
            referencePath,
            "\(call) never started: the scenario has \(ReportText.plural(entries.count, "step", "steps"))")
        } else if reference.step > step {
          issues.add(referencePath, "\(call) is cancelled at step \(step), before step \(reference.step) started it")
        } else if reference.index > all[reference.step].calls.count {
          let started = ReportText.plural(all[reference.step].calls.count, "call", "calls")
          issues.add(referencePath, "\(call) never started: \(starter) started \(started)")
        } else if let first = cancelledAt[reference] {
          issues.add(
            referencePath,
            first == step
              ? "\(call) is listed twice in this entry" : "\(call) was already cancelled at step \(first)")
        } else {
          cancelledAt[reference] = step
        }
      }
    }
  }

  private static func decodeCalls(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> [DependencyCall]? {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of calls, got \(value.typeName)")
      return nil
    }
    var calls: [DependencyCall] = []
    for (index, element) in elements.enumerated() {
      let callPath = path.appending(index: index)
      guard
        var reader = ObjectReader(
          element, at: callPath, what: "a call {\"dependency\", \"arguments\"}", issues: &issues)
      else { continue }
      let dependency = reader.string("dependency", required: true, issues: &issues)
      let arguments = reader.object("arguments", required: true, issues: &issues)
      reader.reportUnknownKeys(allowed: ["dependency", "arguments"], issues: &issues)
      if let dependency, let arguments {
        calls.append(DependencyCall(dependency: dependency, arguments: .object(arguments)))
      }
    }
    return calls
  }
}
