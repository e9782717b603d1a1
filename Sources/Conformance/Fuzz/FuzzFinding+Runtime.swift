// MARK: - Runtime level

extension FuzzFinding {
  /// The runtime-level form of ``scenario(reference:description:)``: every step, with the calls the reference
  /// started named `a1`, `a2`, … in start order (a respond to a call it never started names it `step.index`, as
  /// reports do) and, with a reference, exhaustive `changes`, `calls` and `cancelled` from its trace.
  func runtimeScenario(reference: [TraceEntry]?, description: String) -> Scenario {
    let names = Self.callNames(reference ?? [])
    // Format v1.2 (§14): what the reference's effects sent back, and what it leaves running, when it reports them, so
    // that the file passes on the reference and catches a divergence in either.
    let reportsReceived = reference.map { $0.allSatisfy { $0.received != nil } } ?? false
    var previous = fuzzCase.initialState
    let steps = fuzzCase.actions.enumerated().map { index, value -> Step in
      let kind = Self.kind(of: value, names: names)
      let expectation = RuntimeExpectation(kind: kind)
      let send: JSONValue
      if case .send(let action) = kind { send = action } else { send = expectation.stepValue }
      guard let reference, reference.indices.contains(index) else {
        return Step(send: send, state: .unchanged, effects: nil, runtime: expectation)
      }
      let entry = reference[index]
      let changes = Self.changes(from: previous, to: entry.state)
      previous = entry.state
      let calls = entry.calls.enumerated().map { offset, call in
        ExpectedCall(
          name: names[CallReference(step: index + 1, index: offset + 1)] ?? "",
          dependency: call.dependency, arguments: call.arguments)
      }
      let cancelled = entry.cancelled.sorted().map { names[$0] ?? "\($0.step).\($0.index)" }
      return Step(
        send: send, state: changes.isEmpty ? .unchanged : .changes(.object(changes)), effects: nil,
        runtime: RuntimeExpectation(
          kind: kind, calls: calls.isEmpty ? nil : calls, cancelled: cancelled.isEmpty ? nil : cancelled,
          received: reportsReceived && entry.received?.isEmpty == false ? entry.received : nil))
    }
    var scenario = Scenario(
      id: id, feature: feature, description: description, tags: ["fuzz"], file: "", initialState: fuzzCase.initialState,
      exhaustive: reference != nil, steps: steps, level: .runtime)
    scenario.leavesRunning = (reference?.last?.inFlight ?? []).map {
      ExpectedEffect(type: $0["type"]?.stringValue ?? "", id: $0["id"]?.stringValue)
    }
    return scenario
  }

  /// The calls a runtime trace of `fuzzCase` started that no later step answered (`respond`) or cancelled, in start
  /// order: what the end-of-scenario check of Conformance/README.md §13.4 would report as pending.
  package static func pendingCalls(in fuzzCase: FuzzCase, trace: [TraceEntry]) -> [CallReference] {
    var settled = Set<CallReference>()
    for entry in trace { settled.formUnion(entry.cancelled) }
    for (index, step) in fuzzCase.actions.enumerated() where index < trace.count {
      if let reference = FuzzCase.callReference(of: step), reference.step <= index { settled.insert(reference) }
    }
    var pending: [CallReference] = []
    for (step, entry) in trace.enumerated() {
      for index in entry.calls.indices {
        let reference = CallReference(step: step + 1, index: index + 1)
        if !settled.contains(reference) { pending.append(reference) }
      }
    }
    return pending
  }

  /// `a1`, `a2`, … for the calls of a runtime trace, in start order.
  private static func callNames(_ trace: [TraceEntry]) -> [CallReference: String] {
    var names: [CallReference: String] = [:]
    for (step, entry) in trace.enumerated() {
      for index in entry.calls.indices {
        names[CallReference(step: step + 1, index: index + 1)] = "a\(names.count + 1)"
      }
    }
    return names
  }

  /// What a runtime step in protocol form does, with its call named from `names` (else `step.index`).
  private static func kind(of value: JSONValue, names: [CallReference: String]) -> RuntimeExpectation.Kind {
    switch FuzzCase.runtimeStep(value) {
    case .send(let action): return .send(action)
    case .respond(let reference, let answer):
      return .respond(call: names[reference] ?? "\(reference.step).\(reference.index)", answer: answer)
    case .advance(let milliseconds): return .advance(milliseconds: milliseconds)
    case .clear: return .clear
    case .screen(let transition): return .screen(transition)
    case .emit(let reference, let value):
      return .emit(call: names[reference] ?? "\(reference.step).\(reference.index)", value: value)
    }
  }
}
