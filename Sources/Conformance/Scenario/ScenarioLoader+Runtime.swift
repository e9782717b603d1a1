/// Reading runtime-level steps (scenario format v1.1, Conformance/README.md "Runtime scenarios").
extension ScenarioLoader {
  /// What a runtime step does: exactly one of these keys (`screen` and `emit` are format v1.3).
  static let runtimeKinds = ["send", "respond", "advance", "clear", "screen", "emit"]
  /// The largest `advance`: one day in milliseconds.
  static let maximumAdvance: Int64 = 86_400_000

  /// One runtime-level step: exactly one of `send`, `respond`, `advance`, `clear`, `screen`, `emit`, and an optional
  /// `expect` (``readRuntimeExpect(_:kind:stepNumber:at:manifest:calls:issues:)``).
  func readRuntimeStep(
    _ value: JSONValue, index: Int, at path: JSONPath, manifest: FeatureManifest?, calls: inout CallTable,
    issues: inout IssueList
  ) -> Step? {
    guard var reader = ObjectReader(value, at: path, what: "a step", issues: &issues) else { return nil }
    let present = Self.runtimeKinds.filter { reader.value($0) != nil }
    let description = readStepDescription(&reader, at: path, issues: &issues)
    let expect = reader.object("expect", required: false, issues: &issues)
    reader.reportUnknownKeys(allowed: Self.runtimeKinds + ["expect", "description"], issues: &issues)
    var kind: RuntimeExpectation.Kind?
    switch present.count {
    case 0:
      issues.add(path, "a runtime step needs exactly one of \(Self.kindList)")
    case 1:
      kind = readKind(
        present[0], reader.object, stepNumber: index + 1, at: path, manifest: manifest, calls: &calls,
        issues: &issues)
    default:
      issues.add(
        path,
        "a runtime step has \(present.map { "'\($0)'" }.joined(separator: " and ")); it needs exactly one of \(Self.kindList)"
      )
    }
    let (state, runtime) = readRuntimeExpect(
      expect ?? JSONObject(), kind: kind, stepNumber: index + 1, at: path.appending(key: "expect"),
      manifest: manifest, calls: &calls, issues: &issues)
    guard let runtime else { return nil }
    let send: JSONValue
    if case .send(let action) = runtime.kind { send = action } else { send = runtime.stepValue }
    return Step(send: send, state: state, effects: nil, description: description, runtime: runtime)
  }

  /// `'send', 'respond', 'advance', 'clear', 'screen' or 'emit'`.
  static let kindList = "'send', 'respond', 'advance', 'clear', 'screen' or 'emit'"

  /// A runtime `expect` (of a step, or of the scenario's `start`): `state`/`changes`, `calls`, `cancelled`,
  /// `received` and `events` (never `effects`). The expectation is `nil` when `kind` is (the step's kind was invalid).
  func readRuntimeExpect(
    _ expect: JSONObject, kind: RuntimeExpectation.Kind?, stepNumber: Int, at expectPath: JSONPath,
    manifest: FeatureManifest?, calls: inout CallTable, issues: inout IssueList
  ) -> (StateExpectation, RuntimeExpectation?) {
    let expectReader = ObjectReader(.object(expect), at: expectPath, what: "an expectation", issues: &issues)
    if expect["effects"] != nil {
      issues.add(
        expectPath.appending(key: "effects"),
        "'effects' is not valid in a runtime-level scenario: effects are internal to the runtime; expect the calls they start ('calls') and cancel ('cancelled') instead"
      )
    }
    // 'effects' has its own message above; the hint lists only what a runtime expectation may hold.
    expectReader?.reportUnknownKeys(
      allowed: ["state", "changes", "calls", "cancelled", "received", "events"], reportedElsewhere: ["effects"],
      issues: &issues)
    let state = readState(expect, at: expectPath, manifest: manifest, issues: &issues)
    var runtime = kind.map { RuntimeExpectation(kind: $0) }
    if let value = expect["calls"] {
      var sent: FeatureManifest.Case?
      if case .send(let action)? = kind, let type = action["type"]?.stringValue {
        sent = manifest?.actions.case(named: type)
      }
      runtime?.calls = readCalls(
        value, stepNumber: stepNumber, sending: sent, at: expectPath.appending(key: "calls"), manifest: manifest,
        calls: &calls, issues: &issues)
    }
    if let value = expect["cancelled"] {
      runtime?.cancelled = readCancelled(
        value, at: expectPath.appending(key: "cancelled"), calls: calls, issues: &issues)
    }
    if let value = expect["received"] {
      runtime?.received = readReceived(
        value, at: expectPath.appending(key: "received"), manifest: manifest, issues: &issues)
    }
    if let value = expect["events"] {
      runtime?.events = readEvents(value, at: expectPath.appending(key: "events"), manifest: manifest, issues: &issues)
    }
    return (state, runtime)
  }

  /// The step's one kind, checked: an action to send, a call to answer, milliseconds to advance, `clear: true`, the
  /// screen appearing or disappearing, or an element for a stream call.
  private func readKind(
    _ key: String, _ step: JSONObject, stepNumber: Int, at path: JSONPath, manifest: FeatureManifest?,
    calls: inout CallTable, issues: inout IssueList
  ) -> RuntimeExpectation.Kind? {
    guard let value = step[key] else { return nil }
    let valuePath = path.appending(key: key)
    switch key {
    case "send":
      manifest?.checkAction(value, at: valuePath, issues: &issues)
      return .send(value)
    case "respond":
      return readRespond(
        value, stepNumber: stepNumber, at: valuePath, manifest: manifest, calls: &calls, issues: &issues)
    case "screen":
      return readScreen(value, stepNumber: stepNumber, at: valuePath, calls: &calls, issues: &issues)
    case "emit":
      return readEmit(value, at: valuePath, manifest: manifest, calls: calls, issues: &issues)
    case "advance":
      guard case .number(let number) = value, let milliseconds = number.int64Value,
        (0...Self.maximumAdvance).contains(milliseconds)
      else {
        issues.add(
          valuePath,
          "expected a whole number of milliseconds from 0 to 86400000 (one day), got \(JSONRenderer.compact(value, style: .display))"
        )
        return nil
      }
      return .advance(milliseconds: milliseconds)
    default:
      // Tearing the owner down ends the showing (format v1.3, §16).
      calls.screen = .cleared(step: stepNumber)
      guard value == .bool(true) else {
        issues.add(
          valuePath, "expected true (the only value 'clear' takes), got \(JSONRenderer.compact(value, style: .display))"
        )
        return nil
      }
      return .clear
    }
  }

  /// `respond`: `{"call": name, "result": value}`, `{"call": name, "error": {"message": text, "cancellation"?: bool}}`
  /// (`cancellation: true`: the call throws the platform's cancellation error, login.md LR2) or, for a stream
  /// dependency, `{"call": name, "complete": true}` (format v1.3), to a call an earlier step declares (or, with
  /// ``acceptsUndeclaredResponses``, any call name) and no earlier step answered.
  private func readRespond(
    _ value: JSONValue, stepNumber: Int, at path: JSONPath, manifest: FeatureManifest?, calls: inout CallTable,
    issues: inout IssueList
  ) -> RuntimeExpectation.Kind? {
    guard var reader = ObjectReader(value, at: path, what: "a response", issues: &issues) else { return nil }
    let name = reader.string("call", required: true, issues: &issues)
    let given = (result: reader.value("result"), error: reader.value("error"), complete: reader.value("complete"))
    reader.reportUnknownKeys(allowed: ["call", "result", "error", "complete"], issues: &issues)
    var dependency: FeatureManifest.Dependency?
    if let name {
      if let declared = calls.declared[name] {
        dependency = manifest?.dependencies[declared.dependency]
      } else if !acceptsUndeclaredResponses {
        // `conformance record` resolves an undeclared name to a call the run starts; it is still answered once.
        if !calls.hasUnnamed {
          issues.add(
            path.appending(key: "call"),
            "responds to call \(quotedName(name)), which no earlier step's expect.calls declares")
        }
      }
      if calls.declared[name] != nil || acceptsUndeclaredResponses {
        if let earlier = calls.answered[name] {
          issues.add(path.appending(key: "call"), "call \(quotedName(name)) was already answered at step \(earlier)")
        } else {
          calls.answered[name] = stepNumber
        }
      }
    }
    let answer = readAnswer(
      given, call: name, of: dependency, at: path, manifest: manifest, issues: &issues)
    guard let name, let answer else { return nil }
    return .respond(call: name, answer: answer)
  }

  /// `expect.calls`: `[{"call", "dependency", "arguments"}]`, each name new in the file, each dependency declared in
  /// the manifest, each `arguments` of its argument shapes, and, in a step that sends an action whose manifest entry
  /// lists `calls` (format §2.2), call `i` of the dependency listed `i`-th (calls past the list are not checked).
  /// Declares the names.
  private func readCalls(
    _ value: JSONValue, stepNumber: Int, sending sent: FeatureManifest.Case?, at path: JSONPath,
    manifest: FeatureManifest?, calls: inout CallTable, issues: inout IssueList
  ) -> [ExpectedCall] {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of calls, got \(value.typeName)")
      return []
    }
    var expected: [ExpectedCall] = []
    for (index, element) in elements.enumerated() {
      let callPath = path.appending(index: index)
      guard var reader = ObjectReader(element, at: callPath, what: "a call", issues: &issues) else { continue }
      let name = reader.string("call", required: true, issues: &issues)
      let dependencyName = reader.string("dependency", required: true, issues: &issues)
      let arguments = reader.required("arguments", issues: &issues)
      reader.reportUnknownKeys(allowed: ["call", "dependency", "arguments"], issues: &issues)
      if let name {
        if !Self.isCallName(name) {
          issues.add(
            callPath.appending(key: "call"),
            "call name \(quotedName(name)) must be 1 to 64 letters, digits, '_', '.' or '-'")
          // Declared all the same, so that the steps naming it do not repeat the error.
          if calls.declared[name] == nil { calls.declared[name] = (callPath, stepNumber, dependencyName ?? "") }
          calls.hasUnnamed = true
        } else if let earlier = calls.declared[name] {
          issues.add(
            callPath.appending(key: "call"),
            "call name '\(name)' is already declared by \(earlier.step == 0 ? "start" : "step \(earlier.step)") (at \(earlier.path)); names are unique in a file"
          )
        } else {
          calls.declared[name] = (callPath, stepNumber, dependencyName ?? "")
        }
      } else {
        calls.hasUnnamed = true
      }
      if let dependencyName, let manifest {
        if let dependency = manifest.dependencies[dependencyName] {
          if let arguments {
            manifest.checkArguments(
              arguments, of: dependency, at: callPath.appending(key: "arguments"), issues: &issues)
          }
          if let sent { checkDeclaredCall(dependencyName, index: index, of: sent, at: callPath, issues: &issues) }
        } else {
          let known = manifest.dependencies.keys.sorted()
          let suggestion = Suggestion.closest(to: dependencyName, among: known).map { "; did you mean '\($0)'?" } ?? ""
          issues.add(
            callPath.appending(key: "dependency"),
            "unknown dependency \(quotedName(dependencyName))\(suggestion) "
              + (known.isEmpty
                ? "(the \(manifest.feature) manifest declares no dependencies)"
                : "(the \(manifest.feature) manifest declares: \(known.joined(separator: ", ")))"))
        }
      }
      if let name, let dependencyName, let arguments {
        expected.append(ExpectedCall(name: name, dependency: dependencyName, arguments: arguments))
      }
    }
    return expected
  }

  /// Checks call `index` (0-based) of a step that sends `action` against the action's `calls` in the manifest (format
  /// §2.2): call `i` of the dependency listed `i`-th. `conformance fuzz` answers each listed call with a result of
  /// that dependency's type, so a list the scenarios contradict would make it answer with the wrong type. Calls past
  /// the list are not checked: the fuzzer never answers them.
  private func checkDeclaredCall(
    _ dependency: String, index: Int, of action: FeatureManifest.Case, at path: JSONPath, issues: inout IssueList
  ) {
    guard action.calls.indices.contains(index), dependency != action.calls[index] else { return }
    issues.add(
      path.appending(key: "dependency"),
      "call \(index + 1) of a step that sends '\(action.name)' goes to '\(action.calls[index])' (the manifest's actions.\(action.name).calls: \(action.calls.joined(separator: ", "))), not \(quotedName(dependency)); fix the scenario or the list"
    )
  }

  /// `expect.cancelled`: names of calls this or an earlier step declares, each once.
  private func readCancelled(_ value: JSONValue, at path: JSONPath, calls: CallTable, issues: inout IssueList)
    -> [String]
  {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of call names, got \(value.typeName)")
      return []
    }
    var names: [String] = []
    var seen = Set<String>()
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element else {
        issues.add(path.appending(index: index), "expected a call name (a string), got \(element.typeName)")
        continue
      }
      if calls.declared[name] == nil {
        if calls.hasUnnamed { continue }
        issues.add(
          path.appending(index: index),
          "names call \(quotedName(name)), which neither this step's nor an earlier step's expect.calls declares")
      } else if !seen.insert(name).inserted {
        issues.add(path.appending(index: index), "call '\(name)' is listed twice")
      } else {
        names.append(name)
      }
    }
    return names
  }

  /// Whether `name` matches `^[A-Za-z0-9_.-]{1,64}$`.
  static func isCallName(_ name: String) -> Bool {
    let bytes = name.utf8
    return (1...64).contains(bytes.count)
      && bytes.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || byte == 0x5F || byte == 0x2E || byte == 0x2D
      }
  }
}
