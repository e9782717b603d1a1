// MARK: - Runtime steps, the harness side (harness protocol §2.5.2, §2.5.7)

extension HarnessCodec {
  /// The keys of a runtime step; `screen` and `emit` are format v1.3.
  static let stepKinds = ["send", "respond", "advance", "clear", "screen", "emit"]
  /// `'send', 'respond', 'advance', 'clear', 'screen' or 'emit'`.
  private static let kindList = "'send', 'respond', 'advance', 'clear', 'screen' or 'emit'"

  /// A runtime step of a `run` request (the harness side of ``encode(_:)-(RuntimeStep)``); `nil` after recording
  /// what is wrong.
  ///
  /// Read as the Kotlin harness reads it, at the same JSON paths (the shared list
  /// Conformance/protocol-fixtures/bad-requests.json holds both to it): `advance` is an integer from 0 to
  /// ``maximumAdvance``, `clear` and `complete` are `true`, `screen` is `"appear"` or `"disappear"`, reference steps
  /// are integers from 0 and indexes from 1.
  static func decodeStep(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> RuntimeStep? {
    guard case .object(let object) = value else {
      issues.add(path, "expected a runtime step, an object with one of \(kindList), got \(value.typeName)")
      return nil
    }
    if let unknown = object.keys.first(where: { key in !stepKinds.contains { ScalarOrder.equal($0, key) } }) {
      let known = stepKinds.sorted().joined(separator: ", ")
      issues.add(path, "unknown key '\(ReportText.oneLine(unknown, limit: 80))' of a runtime step (known: \(known))")
      return nil
    }
    guard object.count == 1, let member = object.members.first else {
      let got = object.isEmpty ? "none" : object.keys.map { "'\($0)'" }.joined(separator: " and ")
      issues.add(path, "a runtime step needs exactly one of \(kindList), got \(got)")
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
    case ("screen", .string(let name)) where ScreenTransition(rawValue: name) != nil:
      return ScreenTransition(rawValue: name).map(RuntimeStep.screen)
    case ("screen", let other):
      issues.add(valuePath, "expected \"appear\" or \"disappear\", got \(describe(other))")
      return nil
    case ("clear", let other):
      issues.add(valuePath, "expected true, got \(describe(other))")
      return nil
    case ("respond", .object): return decodeRespond(member.value, at: valuePath, issues: &issues)
    case ("emit", .object): return decodeEmit(member.value, at: valuePath, issues: &issues)
    default: break
    }
    issues.add(valuePath, "invalid '\(member.key)' step: \(JSONRenderer.compact(member.value, style: .display))")
    return nil
  }

  /// `respond`: `{"call": reference}` and exactly one of `result`, `error` (`{"message", "cancellation"?}`) and
  /// `complete: true` (format v1.3, a stream that ends normally).
  private static func decodeRespond(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> RuntimeStep? {
    guard var reader = ObjectReader(value, at: path, what: "a response", issues: &issues) else { return nil }
    let call = reader.required("call", issues: &issues)
    let result = reader.value("result")
    let error = reader.object("error", required: false, issues: &issues)
    let complete = reader.value("complete")
    reader.reportUnknownKeys(allowed: ["call", "result", "error", "complete"], issues: &issues)
    guard let reference = call.flatMap({ decodeReference($0, at: path.appending(key: "call"), issues: &issues) })
    else { return nil }
    switch (result, error, complete) {
    case (let result?, nil, nil): return .respond(reference, .result(result))
    case (nil, let error?, nil):
      let errorPath = path.appending(key: "error")
      let issuesBefore = issues.items.count
      guard var errorReader = ObjectReader(.object(error), at: errorPath, what: "an error", issues: &issues) else {
        return nil
      }
      let message = errorReader.string("message", required: true, issues: &issues)
      let cancellation = errorReader.bool("cancellation", issues: &issues)
      errorReader.reportUnknownKeys(allowed: ["message", "cancellation"], issues: &issues)
      guard let message, issues.items.count == issuesBefore else { return nil }
      return .respond(reference, cancellation == true ? .cancellation(message: message) : .error(message: message))
    case (nil, nil, .bool(true)?): return .respond(reference, .complete)
    case (nil, nil, let other?):
      issues.add(path.appending(key: "complete"), "expected true, got \(describe(other))")
      return nil
    default:
      let given = [("result", result != nil), ("error", error != nil), ("complete", complete != nil)]
        .filter(\.1).map { "'\($0.0)'" }
      issues.add(
        path,
        "needs exactly one of 'result', 'error' or 'complete', got "
          + (given.isEmpty ? "none" : given.joined(separator: " and ")))
      return nil
    }
  }

  /// `emit` (format v1.3): `{"call": reference, "value": element}`.
  private static func decodeEmit(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> RuntimeStep? {
    guard var reader = ObjectReader(value, at: path, what: "an emit", issues: &issues) else { return nil }
    let call = reader.required("call", issues: &issues)
    let element = reader.required("value", issues: &issues)
    reader.reportUnknownKeys(allowed: ["call", "value"], issues: &issues)
    guard let reference = call.flatMap({ decodeReference($0, at: path.appending(key: "call"), issues: &issues) }),
      let element
    else { return nil }
    return .emit(reference, element)
  }

  /// A number as written (`-1`, `1.5`), anything else by its JSON type, as the Kotlin harness words it.
  static func describe(_ value: JSONValue) -> String {
    if case .number = value { return JSONRenderer.compact(value, style: .display) }
    return value.typeName
  }
}
