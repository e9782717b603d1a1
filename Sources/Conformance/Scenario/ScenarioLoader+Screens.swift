/// Reading what format v1.3 adds to runtime scenarios (Conformance/README.md §16): `screen` steps, the top-level
/// `start`, `expect.events`, `emit` steps, and `respond` with `complete` for stream dependencies.
extension ScenarioLoader {
  /// Whether the screen shows, and since which step or why not (format v1.3, Conformance/README.md §16).
  enum ScreenState: Equatable {
    /// Not since the runtime was created.
    case notYetShown
    /// Showing since the step that made it appear.
    case showing(since: Int)
    /// Not showing since the step that made it disappear.
    case disappeared(step: Int)
    /// Not showing since the step that cleared the owner.
    case cleared(step: Int)
  }

  /// `start` (format v1.3): `{"expect": {…}, "description"?: text}`, only at the runtime level; its expectation holds
  /// what a step's may (`state`/`changes`, `calls`, `cancelled`, `received`, `events`), checked as step 0. Calls it
  /// declares start at creation.
  func readStart(
    _ value: JSONValue, level: ScenarioLevel, manifest: FeatureManifest?, calls: inout CallTable,
    issues: inout IssueList
  ) -> Step? {
    let path = JSONPath([.key("start")])
    guard level == .runtime else {
      issues.add(path, Self.runtimeOnly("start"))
      return nil
    }
    guard var reader = ObjectReader(value, at: path, what: "a start {\"expect\", \"description\"?}", issues: &issues)
    else { return nil }
    let description = readStepDescription(&reader, at: path, issues: &issues)
    let expect = reader.object("expect", required: true, issues: &issues)
    reader.reportUnknownKeys(allowed: ["expect", "description"], issues: &issues)
    guard let expect else { return nil }
    let (state, runtime) = readRuntimeExpect(
      expect, kind: .start, stepNumber: 0, at: path.appending(key: "expect"), manifest: manifest, calls: &calls,
      issues: &issues)
    guard let runtime else { return nil }
    return Step(send: runtime.stepValue, state: state, effects: nil, description: description, runtime: runtime)
  }

  /// `screen`: `"appear"` while the screen is not showing, or `"disappear"` while it shows. The screen does not show
  /// when the runtime is created; `clear` ends the showing.
  func readScreen(
    _ value: JSONValue, stepNumber: Int, at path: JSONPath, calls: inout CallTable, issues: inout IssueList
  )
    -> RuntimeExpectation.Kind?
  {
    guard case .string(let name) = value, let transition = ScreenTransition(rawValue: name) else {
      let names = ScreenTransition.allCases.map(\.rawValue)
      let suggestion = value.stringValue.flatMap { Suggestion.closest(to: $0, among: names) }.map {
        "; did you mean \"\($0)\"?"
      }
      issues.add(
        path,
        "unknown screen step \(JSONRenderer.compact(value, style: .display))\(suggestion ?? "") (allowed: \"appear\", \"disappear\")"
      )
      return nil
    }
    switch (transition, calls.screen) {
    case (.appear, .showing(let since)):
      issues.add(path, "the screen is already showing (appeared at step \(since)); add a 'disappear' step before it")
    case (.disappear, .notYetShown):
      issues.add(
        path, "the screen is not showing (it does not show when the runtime is created); add an 'appear' step before it"
      )
    case (.disappear, .disappeared(let step)):
      issues.add(path, "the screen is not showing (it disappeared at step \(step)); add an 'appear' step before it")
    case (.disappear, .cleared(let step)):
      issues.add(path, "the screen is not showing (the owner was cleared at step \(step))")
    default: break
    }
    calls.screen = transition == .appear ? .showing(since: stepNumber) : .disappeared(step: stepNumber)
    return .screen(transition)
  }

  /// `emit`: `{"call": name, "value": element}` to a stream call an earlier step declares and no step has ended,
  /// `value` of the dependency's `emits` type. The call stays pending.
  func readEmit(
    _ value: JSONValue, at path: JSONPath, manifest: FeatureManifest?, calls: CallTable, issues: inout IssueList
  ) -> RuntimeExpectation.Kind? {
    guard var reader = ObjectReader(value, at: path, what: "an emit {\"call\", \"value\"}", issues: &issues) else {
      return nil
    }
    let name = reader.string("call", required: true, issues: &issues)
    let element = reader.required("value", issues: &issues)
    reader.reportUnknownKeys(allowed: ["call", "value"], issues: &issues)
    guard let name else { return nil }
    let callPath = path.appending(key: "call")
    if let declared = calls.declared[name] {
      if let earlier = calls.answered[name] {
        issues.add(
          callPath,
          "call \(quotedName(name)) was already answered at step \(earlier); a stream that completed or failed takes no more elements"
        )
      } else if let dependency = manifest?.dependencies[declared.dependency] {
        if !dependency.isStream {
          issues.add(
            callPath,
            "call \(quotedName(name)) goes to \(quotedName(dependency.name)), which returns a result, not a stream; answer it with respond"
          )
        } else if let element {
          manifest?.checkResult(element, of: dependency, at: path.appending(key: "value"), issues: &issues)
        }
      }
    } else if !calls.hasUnnamed {
      issues.add(callPath, "emits to call \(quotedName(name)), which no earlier step's expect.calls declares")
    }
    guard let element else { return nil }
    return .emit(call: name, value: element)
  }

  /// A `respond`'s answer: exactly one of `result` (not for a stream dependency), `error` (`{"message", "cancellation"?}`)
  /// and `complete: true` (only for a stream dependency).
  func readAnswer(
    _ given: (result: JSONValue?, error: JSONValue?, complete: JSONValue?), call name: String?,
    of dependency: FeatureManifest.Dependency?, at path: JSONPath, manifest: FeatureManifest?,
    issues: inout IssueList
  ) -> CallAnswer? {
    switch given {
    case (let result?, nil, nil):
      guard let dependency else { return .result(result) }
      if dependency.isStream {
        issues.add(
          path.appending(key: "result"),
          "call \(quotedName(name ?? "")) goes to \(quotedName(dependency.name)), which is a stream dependency (emits \(dependency.result.description)); send its elements with emit, and end it with 'complete' or 'error'"
        )
      } else {
        manifest?.checkResult(result, of: dependency, at: path.appending(key: "result"), issues: &issues)
      }
      return .result(result)
    case (nil, let error?, nil): return readError(error, at: path.appending(key: "error"), issues: &issues)
    case (nil, nil, let complete?):
      let completePath = path.appending(key: "complete")
      guard complete == .bool(true) else {
        issues.add(
          completePath,
          "expected true (the only value 'complete' takes), got \(JSONRenderer.compact(complete, style: .display))")
        return nil
      }
      if let dependency, !dependency.isStream {
        issues.add(
          completePath,
          "call \(quotedName(name ?? "")) goes to \(quotedName(dependency.name)), which returns a result, not a stream; only a stream dependency (emits) completes"
        )
      }
      return .complete
    case (.some, .some, nil):
      issues.add(path, "'result' and 'error' cannot both be given; a call either returns a value or throws")
    case (nil, nil, nil):
      issues.add(
        path,
        "a response needs 'result' (the value the call returns), 'error' (what it throws) or, for a stream, 'complete'")
    default:
      issues.add(path, "'complete' cannot be given with 'result' or 'error'; a stream either completes or throws")
    }
    return nil
  }

  /// `error`: `{"message": text, "cancellation"?: bool}`.
  private func readError(_ error: JSONValue, at errorPath: JSONPath, issues: inout IssueList) -> CallAnswer? {
    guard var errorReader = ObjectReader(error, at: errorPath, what: "an error", issues: &issues) else { return nil }
    let message = errorReader.string("message", required: true, issues: &issues)
    let cancellation = errorReader.bool("cancellation", issues: &issues)
    errorReader.reportUnknownKeys(allowed: ["message", "cancellation"], issues: &issues)
    guard let message else { return nil }
    return cancellation == true ? .cancellation(message: message) : .error(message: message)
  }

  /// `expect.events`: an array of the manifest's one-off events, in the order the screen must receive them; invalid
  /// when the manifest declares no `events`.
  func readEvents(_ value: JSONValue, at path: JSONPath, manifest: FeatureManifest?, issues: inout IssueList)
    -> [JSONValue]
  {
    guard case .array(let events) = value else {
      issues.add(path, "expected an array of events, got \(value.typeName)")
      return []
    }
    if let manifest, manifest.events == nil {
      issues.add(
        path,
        "the \(manifest.feature) manifest declares no one-off events; declare them under 'events' in \(manifest.file), or remove 'events'"
      )
      return []
    }
    for (offset, event) in events.enumerated() {
      manifest?.checkEvent(event, at: path.appending(index: offset), issues: &issues)
    }
    return events
  }
}
