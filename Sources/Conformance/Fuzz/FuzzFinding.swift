/// A shrunk divergence or crash of `conformance fuzz`, turned into what people read: the divergence shown three ways
/// as `conformance run` shows one (``VerdictText``), or the crash as `run` reports it, and, with a reference
/// implementation, a scenario file (scenario format v1, Conformance/README.md §3) whose expectations are that
/// implementation's trace (so `run` on it reports the crashing implementation `crashed`).
package struct FuzzFinding: Sendable {
  /// The feature.
  package var feature: String
  /// The manifest's initial state (a scenario that starts there leaves `initialState` out).
  package var manifestInitialState: JSONValue
  /// The shrunk case.
  package var fuzzCase: FuzzCase
  /// Each diverging implementation's name and observation of the shrunk case (two; for a crash, the crashing one
  /// first).
  package var observations: [(implementation: String, observation: Observation)]
  /// The seed of the search, named in the scenario's description.
  package var seed: UInt64

  /// Creates a finding.
  package init(
    feature: String, manifestInitialState: JSONValue, fuzzCase: FuzzCase,
    observations: [(implementation: String, observation: Observation)], seed: UInt64
  ) {
    self.feature = feature
    self.manifestInitialState = manifestInitialState
    self.fuzzCase = fuzzCase
    self.observations = observations
    self.seed = seed
  }

  /// `fuzz-<feature>-<8 hex>`: the hash is the first 32 bits of FNV-1a (64-bit) over the compact wire JSON of the
  /// feature, initial state and actions (and `"level": "runtime"` at runtime level), so the same case always gets the same id, on every run and platform.
  package var id: String {
    var hashed: JSONValue = [
      "feature": .string(feature), "initialState": fuzzCase.initialState, "actions": .array(fuzzCase.actions),
    ]
    if fuzzCase.level == .runtime, case .object(var object) = hashed {
      object["level"] = "runtime"
      hashed = .object(object)
    }
    let text = JSONRenderer.compact(hashed)
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash >> 32, radix: 16)
    return "fuzz-\(feature)-" + String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// The shrunk case as a scenario: with a reference trace, exhaustive steps whose `changes` and `effects` are that
  /// trace's; without one, non-exhaustive steps that check nothing (so a divergence shows "(not checked)" as
  /// expected).
  package func scenario(reference: [TraceEntry]?, description: String = "") -> Scenario {
    if fuzzCase.level == .runtime { return runtimeScenario(reference: reference, description: description) }
    var previous = fuzzCase.initialState
    let steps = fuzzCase.actions.enumerated().map { index, action -> Step in
      guard let reference, reference.indices.contains(index) else {
        return Step(send: action, state: .unchanged, effects: nil, description: nil)
      }
      let changes = Self.changes(from: previous, to: reference[index].state)
      previous = reference[index].state
      return Step(
        send: action, state: changes.isEmpty ? .unchanged : .changes(.object(changes)),
        effects: reference[index].effects.isEmpty ? nil : reference[index].effects, description: nil)
    }
    return Scenario(
      id: id, feature: feature, description: description, tags: ["fuzz"], file: "", initialState: fuzzCase.initialState,
      exhaustive: reference != nil, steps: steps)
  }

  /// Where the two traces first differ, with every differing path (`nil` when one observation has no trace).
  package func divergence(reference: [TraceEntry]?) -> Divergence? {
    let traces = observations.compactMap { entry -> (implementation: String, trace: [TraceEntry])? in
      guard case .trace(let trace, _) = entry.observation else { return nil }
      return (entry.implementation, trace)
    }
    guard traces.count == observations.count else { return nil }
    return Divergence.find(in: scenario(reference: reference), traces: traces)
  }

  /// The lines `conformance fuzz` prints for the finding: each step sent, then the divergence three ways (expected,
  /// then each implementation), or what an implementation without a trace reported; in colour when `colored`.
  package func lines(reference: [TraceEntry]?, colored: Bool = false) -> [String] {
    let style = TextStyle(enabled: colored)
    var lines: [String] = []
    if fuzzCase.initialState != manifestInitialState {
      lines.append("  initial state: \(ReportText.clip(JSONRenderer.compact(fuzzCase.initialState, style: .display)))")
    }
    let shown = fuzzCase.level == .runtime ? scenario(reference: reference).steps : []
    for (index, action) in fuzzCase.actions.enumerated() {
      if let runtime = shown.indices.contains(index) ? shown[index].runtime : nil {
        let text: String
        switch runtime.kind {
        case .send(let sent): text = "send " + JSONRenderer.compact(sent, style: .display)
        case .respond(let call, .result(let result)):
          text = "respond \(call) with " + JSONRenderer.compact(result, style: .display)
        case .respond, .advance, .clear, .screen, .emit, .start: text = runtime.title
        }
        lines.append("  step \(index + 1): \(ReportText.clip(text))")
        continue
      }
      lines.append("  step \(index + 1): send \(ReportText.clip(JSONRenderer.compact(action, style: .display)))")
    }
    if let divergence = divergence(reference: reference) {
      lines += VerdictText.divergenceLines(
        divergence, stepCount: fuzzCase.actions.count, implementations: observations.map(\.implementation),
        style: style)
    } else {
      for (name, observation) in observations {
        switch observation {
        case .trace(let trace, _):
          lines.append("    \(name): a trace of \(ReportText.plural(trace.count, "step", "steps"))")
        case .noTrace(let reason):
          let details = VerdictText.details(.noTrace(reason), indent: "", style: style)
          lines += details.enumerated().map { $0 == 0 ? "    \(name): \($1)" : "    \($1)" }
        }
      }
    }
    return lines
  }

  /// One line for an observation, as `run` headlines an outcome: `a trace`, `errored at step 2: …`, `crashed: …`.
  package static func headline(_ observation: Observation) -> String {
    switch observation {
    case .trace(let trace, _): return "a trace of \(ReportText.plural(trace.count, "step", "steps"))"
    case .noTrace(let reason): return VerdictText.headline(.noTrace(reason))
    }
  }

  /// The implementation that crashed on the case and what its harness reported
  /// (``NoTrace/crashed(message:stderrTail:)``), or `nil` when none did.
  package var crash: (implementation: String, message: String)? {
    for (name, observation) in observations {
      if case .noTrace(.crashed(let message, _)) = observation { return (name, message) }
    }
    return nil
  }

  /// The JSON paths that differ at the first diverging step (`state.error`, `effects[0].email`), or a description
  /// of the implementation that produced no trace.
  package var divergingPaths: [String] {
    if let divergence = divergence(reference: nil) { return divergence.rows.map(\.path.description) }
    return observations.compactMap { name, observation in
      guard case .noTrace(let reason) = observation else { return nil }
      return "\(name) \(VerdictText.headline(.noTrace(reason)))"
    }
  }

  /// The scenario file for `reference`'s trace: key order as the format reference writes it, one step per line
  /// group, every invisible or confusable scalar escaped (scenario format §3.4), a newline at the end.
  ///
  /// - Parameters:
  ///   - reference: The reference implementation's name and its trace of the shrunk case.
  package func scenarioFile(reference: (name: String, trace: [TraceEntry])) -> String {
    let scenario = scenario(reference: reference.trace)
    // A respond to a call the reference never started has no name a scenario can give; harnesses ignore it, so the
    // file leaves it out (the calls are named, so no other step changes).
    let kept = scenario.steps.indices.filter { index in
      guard case .respond(let call, _)? = scenario.steps[index].runtime?.kind else { return true }
      return scenario.declaredCalls.contains { $0.name == call }
    }
    let written = kept.map { scenario.steps[$0] }
    let description =
      "Found by conformance fuzz --seed \(seed): \(found(keptSteps: kept)). Expectations recorded from "
      + "\(reference.name); check them against the spec before committing."
    var lines = [
      "{",
      "  \"id\": \(Self.render(.string(id))),",
      "  \"feature\": \(Self.render(.string(feature))),",
    ]
    if fuzzCase.level == .runtime { lines.append("  \"level\": \"runtime\",") }
    lines += [
      "  \"description\": \(Self.render(.string(description))),",
      "  \"tags\": [\"fuzz\"],",
    ]
    if fuzzCase.initialState != manifestInitialState {
      lines.append("  \"initialState\": \(Self.render(fuzzCase.initialState)),")
    }
    if !scenario.leavesRunning.isEmpty {
      lines.append("  \"leavesRunning\": \(Self.render(.array(scenario.leavesRunning.map(Self.value)))),")
    }
    lines.append("  \"steps\": [")
    for (index, step) in written.enumerated() {
      lines += Self.stepLines(step, comma: index + 1 < written.count ? "," : "")
    }
    lines += ["  ]", "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What the search found, for the file's description: the crash, or who diverged at which step (numbered as the
  /// file numbers its steps, `keptSteps` being the indices of the steps the file keeps) on which paths.
  private func found(keptSteps kept: [Int]) -> String {
    if let (name, message) = crash { return "\(name) crashed (\(message))" }
    let step =
      divergence(reference: nil).map { divergence in
        " at step \(kept.filter { $0 <= divergence.stepIndex }.count)"
      } ?? ""
    let names = observations.map(\.implementation)
    return "\(names.joined(separator: " and ")) diverge\(step) on \(divergingPaths.joined(separator: ", "))"
  }

  /// An effect of `leavesRunning` as the file writes it: `{"type", "id"?}`.
  private static func value(_ effect: ExpectedEffect) -> JSONValue {
    var value = JSONObject()
    value["type"] = .string(effect.type)
    if let id = effect.id { value["id"] = .string(id) }
    return .object(value)
  }

  /// One step as the format reference writes it: the step on one line, its `expect` on the next when it has one.
  private static func stepLines(_ step: Step, comma: String) -> [String] {
    var expect: [String] = []
    if case .changes(let changes) = step.state { expect.append("\"changes\": \(render(changes))") }
    if let effects = step.effects { expect.append("\"effects\": \(render(.array(effects)))") }
    if let calls = step.runtime?.calls {
      // Each call as the format reference writes it: call, dependency, then arguments.
      let values = calls.map { call in
        "{\"call\": \(render(.string(call.name))), \"dependency\": \(render(.string(call.dependency))), "
          + "\"arguments\": \(render(call.arguments))}"
      }
      expect.append("\"calls\": [\(values.joined(separator: ", "))]")
    }
    if let cancelled = step.runtime?.cancelled {
      expect.append("\"cancelled\": \(render(.array(cancelled.map(JSONValue.string))))")
    }
    if let received = step.runtime?.received { expect.append("\"received\": \(render(.array(received)))") }
    let head = step.runtime.map { render($0.stepValue) } ?? "{\"send\": \(render(step.send))}"
    guard !expect.isEmpty else { return ["    \(head)\(comma)"] }
    return ["    \(head.dropLast()),", "     \"expect\": {\(expect.joined(separator: ", "))}}\(comma)"]
  }

  /// The top-level members of `new` that differ from `old` (whole values: a nested object is given whole, which
  /// the merge rule of scenario format §3.3 applies as a replacement of every field).
  static func changes(from old: JSONValue, to new: JSONValue) -> JSONObject {
    var changes = JSONObject()
    for member in new.objectValue?.members ?? [] where old[member.key] != member.value {
      changes[member.key] = member.value
    }
    return changes
  }

  /// JSON with `", "` and `": "` between members, keys sorted, strings in the display style (escaped invisible and
  /// confusable scalars; still valid JSON).
  static func render(_ value: JSONValue) -> String {
    switch value {
    case .array(let elements): return "[" + elements.map(render).joined(separator: ", ") + "]"
    case .object(let object):
      return "{" + object.members.map { render(.string($0.key)) + ": " + render($0.value) }.joined(separator: ", ")
        + "}"
    default: return JSONRenderer.compact(value, style: .display)
    }
  }
}
