import Foundation

/// Writes harness protocol v1 requests and checks replies against the protocol (Conformance/PROTOCOL.md §2), turning
/// a good reply into an ``ImplementationInfo`` or an ``Observation`` and anything else into a
/// ``HarnessCodec/Violation``.
enum HarnessCodec {
  /// The protocol version this runner speaks.
  static let protocolVersion = 1
  /// Replies are quoted in messages up to this many characters.
  static let quotedLength = 500

  /// A reply that breaks the protocol.
  struct Violation: Error, Sendable, Equatable {
    /// What is wrong, e.g. `the reply has seq 4, but the request had seq 5`.
    var message: String
    /// The seq of an earlier request, when the reply carries one: a second answer to that request if the line is the
    /// same as its first answer (the caller checks), else a wrong seq.
    var earlierSeq: Int? = nil
  }

  /// The integer `seq` of a reply line, or `nil` when the line is not a JSON object with one.
  static func seq(of line: Data) -> Int? {
    guard case .success(let value) = parse(line), case .number(.integer(let seq))? = value["seq"] else { return nil }
    return Int(exactly: seq)
  }

  // MARK: - Requests

  /// `{"cmd":"hello","protocol":1}` and a newline.
  static let helloLine = "{\"cmd\":\"hello\",\"protocol\":\(protocolVersion)}\n"
  /// `{"cmd":"bye"}` and a newline.
  static let byeLine = "{\"cmd\":\"bye\"}\n"

  /// The `run` request for `request` with sequence number `seq`, and a newline. A reducer-level request carries
  /// `actions` (harness protocol §2.2); a runtime-level one carries `"level": "runtime"` and `steps` (§2.5).
  static func runLine(seq: Int, _ request: RunRequest) -> String {
    if request.level == .runtime {
      let message: JSONValue = [
        "cmd": "run", "seq": .number(.integer(Int64(seq))), "id": .string(request.id),
        "feature": .string(request.feature), "level": .string(request.level.rawValue),
        "initialState": request.initialState, "steps": .array(request.steps.map(encode)),
      ]
      return JSONRenderer.compact(message) + "\n"
    }
    let message: JSONValue = [
      "cmd": "run", "seq": .number(.integer(Int64(seq))), "id": .string(request.id),
      "feature": .string(request.feature), "initialState": request.initialState, "actions": .array(request.actions),
    ]
    return JSONRenderer.compact(message) + "\n"
  }

  // MARK: - Replies

  /// Checks a `hello` reply: `{"protocol":1,"implementation":{"name","language","version"},"features":{…}}`.
  ///
  /// - Returns: The info, with each feature mapped to its `initialState`, or what is wrong; a `protocol` other than 1
  ///   is reported as a version mismatch before anything else is checked.
  static func decodeHello(_ line: Data) -> Result<ImplementationInfo, Violation> {
    let value: JSONValue
    switch parse(line) {
    case .failure(let violation): return .failure(violation)
    case .success(let parsed): value = parsed
    }
    if let version = value["protocol"], version != .number(.integer(Int64(protocolVersion))) {
      return .failure(
        Violation(
          message: "the harness speaks protocol version \(JSONRenderer.compact(version, style: .display)), "
            + "but this runner speaks version \(protocolVersion)"))
    }
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a hello reply", issues: &issues) else {
      return .failure(violation(issues))
    }
    _ = reader.required("protocol", issues: &issues)
    let implementation = reader.object("implementation", required: true, issues: &issues)
    let features = reader.object("features", required: true, issues: &issues)
    reader.reportUnknownKeys(allowed: ["protocol", "implementation", "features"], issues: &issues)
    let (name, language, version) = implementation.map { readImplementation($0, issues: &issues) } ?? ("", "", "")
    let initialStates = readInitialStates(features ?? JSONObject(), issues: &issues)
    guard issues.isEmpty else { return .failure(violation(issues)) }
    return .success(
      ImplementationInfo(
        name: name, language: language, version: version, features: initialStates.states, levels: initialStates.levels)
    )
  }

  /// The hello reply's `implementation`: `{"name", "language", "version"}`, each a string.
  private static func readImplementation(_ implementation: JSONObject, issues: inout IssueList) -> (
    name: String, language: String, version: String
  ) {
    guard
      var inner = ObjectReader(
        .object(implementation), at: .root.appending(key: "implementation"), what: "", issues: &issues)
    else { return ("", "", "") }
    let name = inner.string("name", required: true, issues: &issues) ?? ""
    let language = inner.string("language", required: true, issues: &issues) ?? ""
    let version = inner.string("version", required: true, issues: &issues) ?? ""
    inner.reportUnknownKeys(allowed: ["name", "language", "version"], issues: &issues)
    return (name, language, version)
  }

  /// The hello reply's `features`: feature name → `{"initialState": {…}, "levels"?: ["reducer", "runtime"]}`; a
  /// feature without `levels` is reducer-only (§2.5), an empty list or an unknown level is a violation.
  private static func readInitialStates(_ features: JSONObject, issues: inout IssueList) -> (
    states: [String: JSONValue], levels: [String: Set<ScenarioLevel>]
  ) {
    var initialStates: [String: JSONValue] = [:]
    var levels: [String: Set<ScenarioLevel>] = [:]
    for member in features.members {
      let path = JSONPath.root.appending(key: "features").appending(key: member.key)
      guard var feature = ObjectReader(member.value, at: path, what: "a feature", issues: &issues) else { continue }
      if let state = feature.object("initialState", required: true, issues: &issues) {
        initialStates[member.key] = .object(state)
      }
      if let value = feature.value("levels") {
        levels[member.key] = readLevels(value, at: path.appending(key: "levels"), issues: &issues)
      }
      feature.reportUnknownKeys(allowed: ["initialState", "levels"], issues: &issues)
    }
    return (initialStates, levels)
  }

  /// A feature's `levels`: a non-empty array of distinct names, each `"reducer"` or `"runtime"`.
  private static func readLevels(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> Set<ScenarioLevel> {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of levels (\"reducer\", \"runtime\"), got \(value.typeName)")
      return []
    }
    if elements.isEmpty {
      issues.add(
        path,
        "the list of levels is empty; declare at least one of \"reducer\", \"runtime\", or leave 'levels' out for reducer only"
      )
    }
    var levels = Set<ScenarioLevel>()
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element, let level = ScenarioLevel(rawValue: name) else {
        issues.add(
          path.appending(index: index),
          "unknown level \(JSONRenderer.compact(element, style: .display)) (known: \"reducer\", \"runtime\")")
        continue
      }
      if !levels.insert(level).inserted {
        issues.add(path.appending(index: index), "duplicate level \"\(name)\"; list each level once")
      }
    }
    return levels
  }

  /// Checks a `run` reply against the request's `seq` and number of actions.
  ///
  /// - Returns: ``Observation/trace(_:)``, ``Observation/errored(step:message:)`` or ``Observation/skipped(reason:)``,
  ///   or what is wrong: not JSON, a wrong or missing `seq`, not exactly one of `trace`/`errored`/`skipped`, a trace
  ///   whose length differs from the number of actions, an entry that is not `{"state":{…},"effects":[…]}`, a step
  ///   out of range, unknown keys.
  ///
  /// At `level` `.runtime` (§2.5) `actionCount` counts the steps, and each entry is
  /// `{"state":{…},"calls":[{"dependency","arguments"}],"cancelled":[{"step","index"}]}`.
  static func decodeRun(_ line: Data, seq: Int, actionCount: Int, level: ScenarioLevel = .reducer) -> Result<
    Observation, Violation
  > {
    let value: JSONValue
    switch parse(line) {
    case .failure(let violation): return .failure(violation)
    case .success(let parsed): value = parsed
    }
    var issues = IssueList()
    guard var reader = ObjectReader(value, at: .root, what: "a run reply", issues: &issues) else {
      return .failure(violation(issues))
    }
    let replySeq = reader.required("seq", issues: &issues)
    if let replySeq, replySeq != .number(.integer(Int64(seq))) {
      var earlier: Int?
      if case .number(.integer(let value)) = replySeq, value >= 0, value < Int64(seq) { earlier = Int(value) }
      return .failure(
        Violation(
          message:
            "the reply has seq \(JSONRenderer.compact(replySeq, style: .display)), but the request had seq \(seq)"
            + (earlier != nil ? " (an earlier request's seq)" : ""),
          earlierSeq: earlier))
    }
    let outcomes = ["trace", "errored", "skipped"].compactMap { key in reader.value(key).map { (key, $0) } }
    reader.reportUnknownKeys(allowed: ["seq", "trace", "errored", "skipped"], issues: &issues)
    guard issues.isEmpty else { return .failure(violation(issues)) }
    guard outcomes.count == 1, let (key, outcome) = outcomes.first else {
      let found = outcomes.map { "'\($0.0)'" }.joined(separator: " and ")
      return .failure(
        Violation(
          message: outcomes.isEmpty
            ? "the reply has none of 'trace', 'errored' or 'skipped'"
            : "the reply has \(found); it must have exactly one of 'trace', 'errored' or 'skipped'"))
    }
    let path = JSONPath.root.appending(key: key)
    let observation: Observation?
    switch key {
    case "trace" where level == .runtime:
      observation = decodeRuntimeTrace(outcome, at: path, stepCount: actionCount, issues: &issues)
    case "trace": observation = decodeTrace(outcome, at: path, actionCount: actionCount, issues: &issues)
    case "errored":
      observation = decodeErrored(outcome, at: path, actionCount: actionCount, level: level, issues: &issues)
    default: observation = decodeSkipped(outcome, at: path, issues: &issues)
    }
    guard issues.isEmpty, let observation else { return .failure(violation(issues)) }
    return .success(observation)
  }

  /// The line as text for a report: invalid UTF-8 replaced, cut after ``quotedLength`` characters with a note of
  /// the full size.
  ///
  /// - Parameters:
  ///   - line: The line, or its first bytes.
  ///   - length: The full length in bytes when `line` holds only the first bytes; default `line.count`.
  ///   - ended: Whether the line's end was read; when not, `length` is only what was read so far, and the note says
  ///     "at least".
  static func quote(_ line: Data, length: Int? = nil, ended: Bool = true) -> String {
    let length = length ?? line.count
    let text = String(decoding: line.prefix(quotedLength * 4), as: UTF8.self)
    guard text.count > quotedLength || length > min(line.count, quotedLength * 4) else { return text }
    return String(text.prefix(quotedLength)) + (ended ? "… (\(length) bytes in all)" : "… (at least \(length) bytes)")
  }

  /// How long an overlong line is, for a report: `5123 bytes`, or `at least 5000 bytes (no newline yet)` for a line
  /// reported before its end (``LineChannel/Event/overlong(prefix:length:ended:)``).
  ///
  /// - Parameters:
  ///   - length: The line's length in bytes, or what was read of it.
  ///   - ended: Whether the line's `\n` was read.
  ///   - unit: The words after the number: `bytes`, or `bytes long`.
  static func overlongSize(_ length: Int, ended: Bool, unit: String = "bytes") -> String {
    ended ? "\(length) \(unit)" : "at least \(length) \(unit) (no newline yet)"
  }

  // MARK: - Pieces

  private static func decodeTrace(_ value: JSONValue, at path: JSONPath, actionCount: Int, issues: inout IssueList)
    -> Observation?
  {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of trace entries, got \(value.typeName)")
      return nil
    }
    guard elements.count == actionCount else {
      issues.add(
        .root,
        "the trace has \(ReportText.plural(elements.count, "entry", "entries")), but the scenario has "
          + "\(ReportText.plural(actionCount, "action", "actions")); a trace has exactly one entry per action")
      return nil
    }
    var entries: [TraceEntry] = []
    entries.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let entryPath = path.appending(index: index)
      guard var entry = ObjectReader(element, at: entryPath, what: "a trace entry", issues: &issues) else { continue }
      let state = entry.object("state", required: true, issues: &issues)
      let effects = entry.required("effects", issues: &issues)
      entry.reportUnknownKeys(allowed: ["state", "effects"], issues: &issues)
      if let effects, effects.arrayValue == nil {
        issues.add(entryPath.appending(key: "effects"), "expected an array of effects, got \(effects.typeName)")
      }
      if let state, let effects = effects?.arrayValue {
        entries.append(TraceEntry(state: .object(state), effects: effects))
      }
    }
    return .trace(entries)
  }

  private static func decodeErrored(
    _ value: JSONValue, at path: JSONPath, actionCount: Int, level: ScenarioLevel, issues: inout IssueList
  ) -> Observation? {
    guard var reader = ObjectReader(value, at: path, what: "an errored report", issues: &issues) else { return nil }
    let step = reader.required("step", issues: &issues)
    let message = reader.string("message", required: true, issues: &issues)
    reader.reportUnknownKeys(allowed: ["step", "message"], issues: &issues)
    guard let step else { return nil }
    guard case .number(let number) = step, let stepNumber = number.int64Value,
      (0...Int64(actionCount)).contains(stepNumber)
    else {
      issues.add(
        path.appending(key: "step"),
        "expected a step number from 0 (the initial state) to \(actionCount) (the last \(level == .runtime ? "step" : "action")), got "
          + JSONRenderer.compact(step, style: .display))
      return nil
    }
    guard let message else { return nil }
    return .errored(step: Int(stepNumber), message: message)
  }

  private static func decodeSkipped(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> Observation? {
    guard var reader = ObjectReader(value, at: path, what: "a skipped report", issues: &issues) else { return nil }
    let reason = reader.string("reason", required: true, issues: &issues)
    reader.reportUnknownKeys(allowed: ["reason"], issues: &issues)
    return reason.map { .skipped(reason: $0) }
  }

  private static func parse(_ line: Data) -> Result<JSONValue, Violation> {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      return .failure(Violation(message: "the line is empty; expected a JSON object"))
    }
    do {
      return .success(try JSONParser().parse(line))
    } catch {
      // The parser speaks of files; here the document is one line.
      let detail = error.message.replacingOccurrences(of: "end of file", with: "end of the line")
      return .failure(Violation(message: "the line is not JSON (column \(error.column): \(detail))"))
    }
  }

  /// Joins issues as `PATH: MESSAGE; …` (root issues without a path).
  private static func violation(_ issues: IssueList) -> Violation {
    let parts = issues.items.map { $0.path.components.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    return Violation(message: parts.joined(separator: "; "))
  }
}

// MARK: - Runtime level (harness protocol §2.5)

extension HarnessCodec {
  /// A runtime step in its protocol form: `{"send": action}`, `{"respond": {"call": {"step", "index"}, "result": v}}`,
  /// `{"respond": {"call": …, "error": {"message": s}}}` (with `"cancellation": true` for the client's own
  /// cancellation; omitted when false, so harnesses that predate it see no change), `{"advance": n}` or
  /// `{"clear": true}`.
  static func encode(_ step: RuntimeStep) -> JSONValue {
    switch step {
    case .send(let action): return ["send": action]
    case .respond(let reference, .result(let result)):
      return ["respond": ["call": encode(reference), "result": result]]
    case .respond(let reference, .error(let message)):
      return ["respond": ["call": encode(reference), "error": ["message": .string(message)]]]
    case .respond(let reference, .cancellation(let message)):
      return ["respond": ["call": encode(reference), "error": ["message": .string(message), "cancellation": true]]]
    case .advance(let milliseconds): return ["advance": .number(.integer(milliseconds))]
    case .clear: return ["clear": true]
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
  /// [{"step", "index"}]}`.
  static func encodeRuntime(_ entry: TraceEntry) -> JSONValue {
    [
      "state": entry.state,
      "calls": .array(
        entry.calls.map { ["dependency": .string($0.dependency), "arguments": $0.arguments] }),
      "cancelled": .array(entry.cancelled.map(encode)),
    ]
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
      entry.reportUnknownKeys(allowed: ["state", "calls", "cancelled"], issues: &issues)
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
        entries.append(TraceEntry(state: .object(state), calls: calls, cancelled: cancelled))
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
