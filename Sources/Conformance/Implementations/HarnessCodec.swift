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

  /// `{"cmd":"hello","protocol":1}` and a newline, in UTF-8.
  static let helloLine = Array("{\"cmd\":\"hello\",\"protocol\":\(protocolVersion)}\n".utf8)
  /// `{"cmd":"bye"}` and a newline, in UTF-8.
  static let byeLine = Array("{\"cmd\":\"bye\"}\n".utf8)

  /// Appends the `run` request for `request` with sequence number `seq`, and a newline, to `output` in UTF-8. A
  /// reducer-level request carries `actions` (harness protocol §2.2); a runtime-level one carries
  /// `"level": "runtime"` and `steps` (§2.5).
  ///
  /// The members are written in sorted key order, as ``JSONRenderer`` writes every object, without building the
  /// message as a ``JSONValue`` first: the requests of a batch go into one buffer, written to the pipe in few calls.
  static func writeRunLine(seq: Int, _ request: RunRequest, to output: inout [UInt8]) {
    let runtime = request.level == .runtime
    output.append(UInt8(ascii: "{"))
    if !runtime {
      output.append(contentsOf: #""actions":"#.utf8)
      JSONRenderer.write(.array(request.actions), style: .wire, to: &output)
      output.append(UInt8(ascii: ","))
    }
    output.append(contentsOf: #""cmd":"run","feature":"#.utf8)
    JSONRenderer.writeString(request.feature, style: .wire, to: &output)
    output.append(contentsOf: #","id":"#.utf8)
    JSONRenderer.writeString(request.id, style: .wire, to: &output)
    output.append(contentsOf: #","initialState":"#.utf8)
    JSONRenderer.write(request.initialState, style: .wire, to: &output)
    if runtime {
      output.append(contentsOf: #","level":"#.utf8)
      JSONRenderer.writeString(request.level.rawValue, style: .wire, to: &output)
    }
    output.append(contentsOf: #","seq":"#.utf8)
    output.append(contentsOf: String(seq).utf8)
    if runtime {
      output.append(contentsOf: #","steps":"#.utf8)
      JSONRenderer.write(.array(request.steps.map(encode)), style: .wire, to: &output)
    }
    output.append(contentsOf: "}\n".utf8)
  }

  // MARK: - Replies

  /// Checks a `run` reply against the request's `seq` and number of actions.
  ///
  /// - Returns: ``Observation/trace(_:)``, ``Observation/errored(step:message:)`` or ``Observation/skipped(reason:)``,
  ///   or what is wrong: not JSON, a wrong or missing `seq`, not exactly one of `trace`/`errored`/`skipped`, a trace
  ///   whose length differs from the number of actions, an entry that is not `{"state":{…},"effects":[…]}`, a step
  ///   out of range, unknown keys.
  ///
  /// At `level` `.runtime` (§2.5) `actionCount` counts the steps, and each entry is
  /// `{"state":{…},"calls":[{"dependency","arguments"}],"cancelled":[{"step","index"}]}`; the reply may carry the
  /// creation's entry, `"start": {entry}`, beside `trace` (format v1.3, §2.5.7).
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
    if let replySeq = reader.required("seq", issues: &issues), let wrong = seqViolation(replySeq, expected: seq) {
      return .failure(wrong)
    }
    let outcomes = ["trace", "errored", "skipped"].compactMap { key in reader.value(key).map { (key, $0) } }
    // Format v1.3 (§2.5.7): a runtime trace may carry the creation's entry beside it.
    let start = level == .runtime ? reader.value("start") : nil
    reader.reportUnknownKeys(
      allowed: ["seq", "trace", "errored", "skipped"] + (level == .runtime ? ["start"] : []), issues: &issues)
    if start != nil, reader.value("trace") == nil {
      issues.add(
        JSONPath([.key("start")]), "only a runtime-level 'trace' reply carries 'start' (the entry for creation)")
    }
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
      observation = decodeRuntimeTrace(outcome, start: start, at: path, stepCount: actionCount, issues: &issues)
    case "trace": observation = decodeTrace(outcome, at: path, actionCount: actionCount, issues: &issues)
    case "errored":
      observation = decodeErrored(outcome, at: path, actionCount: actionCount, level: level, issues: &issues)
    default: observation = decodeSkipped(outcome, at: path, issues: &issues)
    }
    guard issues.isEmpty, let observation else { return .failure(violation(issues)) }
    return .success(observation)
  }

  /// What is wrong with a run reply whose `seq` is not the request's, saying so when it is an earlier request's (a
  /// reply that came too late); `nil` when it is the request's.
  private static func seqViolation(_ replySeq: JSONValue, expected seq: Int) -> Violation? {
    guard replySeq != .number(.integer(Int64(seq))) else { return nil }
    var earlier: Int?
    if case .number(.integer(let value)) = replySeq, value >= 0, value < Int64(seq) { earlier = Int(value) }
    return Violation(
      message: "the reply has seq \(JSONRenderer.compact(replySeq, style: .display)), but the request had seq \(seq)"
        + (earlier != nil ? " (an earlier request's seq)" : ""),
      earlierSeq: earlier)
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
      if let entry = wellFormedEntry(element) {
        entries.append(entry)
        continue
      }
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

  /// The entry a correct harness sends, `{"effects":[…],"state":{…}}` and nothing else, read without building paths
  /// or key lists; `nil` for anything else, which the checks of ``decodeTrace(_:at:actionCount:issues:)`` then
  /// describe.
  private static func wellFormedEntry(_ element: JSONValue) -> TraceEntry? {
    // Members are sorted by key, so `effects` comes before `state`.
    guard case .object(let object) = element, object.count == 2,
      case .array(let effects) = object.members[0].value, case .object(let state) = object.members[1].value,
      ScalarOrder.equal(object.members[0].key, "effects"), ScalarOrder.equal(object.members[1].key, "state")
    else { return nil }
    return TraceEntry(state: .object(state), effects: effects)
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

  static func parse(_ line: Data) -> Result<JSONValue, Violation> {
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
  static func violation(_ issues: IssueList) -> Violation {
    let parts = issues.items.map { $0.path.components.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    return Violation(message: parts.joined(separator: "; "))
  }
}
