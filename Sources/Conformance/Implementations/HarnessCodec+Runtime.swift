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

  /// A call reference: `{"step": s, "index": i}`, both integers ≥ 1; `nil` after recording what is wrong.
  static func decodeReference(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> CallReference? {
    guard var reader = ObjectReader(value, at: path, what: "a call reference {\"step\", \"index\"}", issues: &issues)
    else { return nil }
    let step = reader.required("step", issues: &issues)
    let index = reader.required("index", issues: &issues)
    reader.reportUnknownKeys(allowed: ["step", "index"], issues: &issues)
    func positive(_ value: JSONValue?, _ key: String) -> Int? {
      guard let value else { return nil }
      guard case .number(let number) = value, let integer = number.int64Value, integer >= 1, integer <= Int64(Int32.max)
      else {
        issues.add(
          path.appending(key: key), "expected an integer from 1, got \(JSONRenderer.compact(value, style: .display))")
        return nil
      }
      return Int(integer)
    }
    let s = positive(step, "step")
    let i = positive(index, "index")
    guard let s, let i else { return nil }
    return CallReference(step: s, index: i)
  }

  /// A runtime step of a `run` request (the harness side of ``encode(_:)-(RuntimeStep)``); `nil` after recording
  /// what is wrong.
  ///
  /// Read as the Kotlin harness reads it, at the same JSON paths (the shared list
  /// Conformance/protocol-fixtures/bad-requests.json holds both to it): `advance` is an integer from 0 to
  /// ``maximumAdvance``, `clear` is `true`, references are integers from 1.
  static func decodeStep(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> RuntimeStep? {
    let kinds = ["send", "respond", "advance", "clear"]
    guard case .object(let object) = value else {
      issues.add(
        path,
        "expected a runtime step, an object with one of 'send', 'respond', 'advance' or 'clear', got \(value.typeName)")
      return nil
    }
    if let unknown = object.keys.first(where: { key in !kinds.contains { ScalarOrder.equal($0, key) } }) {
      issues.add(path, "unknown key \(quotedName(unknown)) of a runtime step (known: advance, clear, respond, send)")
      return nil
    }
    guard object.count == 1, let member = object.members.first else {
      let got = object.isEmpty ? "none" : object.keys.map { "'\($0)'" }.joined(separator: " and ")
      issues.add(path, "a runtime step needs exactly one of 'send', 'respond', 'advance' or 'clear', got \(got)")
      return nil
    }
    let valuePath = path.appending(key: member.key)
    switch (member.key, member.value) {
    case ("send", let action): return .send(action)
    case ("advance", let milliseconds):
      guard case .number(let number) = milliseconds, let milliseconds = number.int64Value, milliseconds >= 0,
        milliseconds <= maximumAdvance
      else {
        issues.add(
          valuePath, "expected an integer from 0 to \(maximumAdvance) (milliseconds), got \(describe(milliseconds))")
        return nil
      }
      return .advance(milliseconds: milliseconds)
    case ("clear", .bool(true)): return .clear
    case ("clear", let other):
      issues.add(valuePath, "expected true, got \(describe(other))")
      return nil
    case ("respond", .object):
      guard var reader = ObjectReader(member.value, at: valuePath, what: "a response", issues: &issues) else {
        return nil
      }
      let call = reader.required("call", issues: &issues)
      let result = reader.value("result")
      let error = reader.object("error", required: false, issues: &issues)
      reader.reportUnknownKeys(allowed: ["call", "result", "error"], issues: &issues)
      guard let reference = call.flatMap({ decodeReference($0, at: valuePath.appending(key: "call"), issues: &issues) })
      else { return nil }
      switch (result, error) {
      case (let result?, nil): return .respond(reference, .result(result))
      case (nil, let error?):
        let errorPath = valuePath.appending(key: "error")
        let issuesBefore = issues.items.count
        guard var errorReader = ObjectReader(.object(error), at: errorPath, what: "an error", issues: &issues) else {
          return nil
        }
        let message = errorReader.string("message", required: true, issues: &issues)
        let cancellation = errorReader.bool("cancellation", issues: &issues)
        errorReader.reportUnknownKeys(allowed: ["message", "cancellation"], issues: &issues)
        guard let message, issues.items.count == issuesBefore else { return nil }
        return .respond(reference, cancellation == true ? .cancellation(message: message) : .error(message: message))
      default:
        issues.add(valuePath, "needs exactly one of 'result' or 'error', got \(result == nil ? "neither" : "both")")
        return nil
      }
    default: break
    }
    issues.add(valuePath, "invalid '\(member.key)' step: \(JSONRenderer.compact(member.value, style: .display))")
    return nil
  }

  /// The longest `advance`, one day in milliseconds (PROTOCOL.md §2.5.2), as scenario files allow it.
  static let maximumAdvance = ScenarioLoader.maximumAdvance

  /// A number as written (`-1`, `1.5`), anything else by its JSON type, as the Kotlin harness words it.
  private static func describe(_ value: JSONValue) -> String {
    if case .number = value { return JSONRenderer.compact(value, style: .display) }
    return value.typeName
  }

  private static func quotedName(_ key: String) -> String { "'\(ReportText.oneLine(key, limit: 80))'" }

  /// A runtime trace entry in its protocol form: `{"state", "calls": [{"dependency", "arguments"}], "cancelled":
  /// [{"step", "index"}], "received"?: [action], "inFlight"?: [{"type", "id"}]}`; the last two only when reported.
  static func encodeRuntime(_ entry: TraceEntry) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("state", entry.state),
      ("calls", .array(entry.calls.map { ["dependency": .string($0.dependency), "arguments": $0.arguments] })),
      ("cancelled", .array(entry.cancelled.map(encode))),
    ]
    if let received = entry.received { members.append(("received", .array(received))) }
    if let inFlight = entry.inFlight { members.append(("inFlight", .array(inFlight))) }
    return .object(JSONObject(unsortedMembers: members))
  }

  /// A runtime trace: exactly one entry per step, each with `state` (object), `calls` and `cancelled` (arrays, maybe
  /// empty) and nothing else.
  static func decodeRuntimeTrace(_ value: JSONValue, at path: JSONPath, stepCount: Int, issues: inout IssueList)
    -> Observation?
  {
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
    var entries: [TraceEntry] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let entryPath = path.appending(index: index)
      guard var entry = ObjectReader(element, at: entryPath, what: "a runtime trace entry", issues: &issues) else {
        continue
      }
      let state = entry.object("state", required: true, issues: &issues)
      let callsValue = entry.required("calls", issues: &issues)
      let cancelledValue = entry.required("cancelled", issues: &issues)
      let received = entry.value("received").flatMap {
        readReceived($0, at: entryPath.appending(key: "received"), issues: &issues)
      }
      let inFlight = entry.value("inFlight").flatMap {
        readInFlight($0, at: entryPath.appending(key: "inFlight"), issues: &issues)
      }
      entry.reportUnknownKeys(allowed: ["state", "calls", "cancelled", "received", "inFlight"], issues: &issues)
      var calls: [DependencyCall]?
      if let callsValue {
        calls = decodeCalls(callsValue, at: entryPath.appending(key: "calls"), issues: &issues)
      }
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
      if let state, let calls, let cancelled {
        entries.append(
          TraceEntry(
            state: .object(state), calls: calls, cancelled: cancelled, received: received, inFlight: inFlight))
      }
    }
    if entries.count == elements.count { checkCancelled(entries, at: path, issues: &issues) }
    return .trace(entries)
  }

  /// Every reference in a trace's `cancelled` lists names a call the trace started at or before that entry's step,
  /// and each call is cancelled at most once (§2.5.2–2.5.3): a reference to a step outside the scenario, to a call
  /// of a later step, to an index beyond its step's calls, or one listed twice is a protocol error.
  private static func checkCancelled(_ entries: [TraceEntry], at path: JSONPath, issues: inout IssueList) {
    var cancelledAt: [CallReference: Int] = [:]
    for (index, entry) in entries.enumerated() where !entry.cancelled.isEmpty {
      let step = index + 1
      for (offset, reference) in entry.cancelled.enumerated() {
        let referencePath = path.appending(index: index).appending(key: "cancelled").appending(index: offset)
        let call = "call \(reference.step).\(reference.index)"
        if reference.step > entries.count {
          issues.add(
            referencePath,
            "\(call) never started: the scenario has \(ReportText.plural(entries.count, "step", "steps"))")
        } else if reference.step > step {
          issues.add(referencePath, "\(call) is cancelled at step \(step), before step \(reference.step) started it")
        } else if reference.index > entries[reference.step - 1].calls.count {
          let started = ReportText.plural(entries[reference.step - 1].calls.count, "call", "calls")
          issues.add(referencePath, "\(call) never started: step \(reference.step) started \(started)")
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
