/// The dependency calls a runtime-level scenario names, and its steps in the protocol's form.
extension Scenario {
  /// One call a step's `expect.calls` declares: its name, where it starts (``CallReference``) and its dependency.
  package struct DeclaredCall: Sendable, Equatable {
    /// The scenario's name for the call, e.g. `a1`.
    package var name: String
    /// The `index`-th call (1-based) of step `step` (1-based; 0 for the calls `start` declares, started at
    /// creation): how the protocol names it.
    package var reference: CallReference
    /// The dependency, e.g. `authenticate`.
    package var dependency: String
  }

  /// Every call `start` and the steps declare, in start order (empty at reducer level).
  package var declaredCalls: [DeclaredCall] {
    var calls: [DeclaredCall] = []
    for (index, call) in (start?.runtime?.calls ?? []).enumerated() {
      calls.append(
        DeclaredCall(name: call.name, reference: CallReference(step: 0, index: index + 1), dependency: call.dependency))
    }
    for (stepIndex, step) in steps.enumerated() {
      for (index, call) in (step.runtime?.calls ?? []).enumerated() {
        calls.append(
          DeclaredCall(
            name: call.name, reference: CallReference(step: stepIndex + 1, index: index + 1),
            dependency: call.dependency))
      }
    }
    return calls
  }

  /// The steps as a runtime run request carries them, call names translated into ``CallReference``s (harness
  /// protocol §2.5). Empty at reducer level. A name no step declares cannot occur in a validated scenario; it would
  /// be sent as step 0, index 0, which no implementation starts (indexes are 1-based).
  package var runtimeSteps: [RuntimeStep] { runtimeSteps(resolving: [:]) }

  /// The steps as ``runtimeSteps``, with `resolved` giving the references of names no step declares (the
  /// ``undeclaredResponses`` that `conformance record` resolves from a run); a name in neither is sent as step 0,
  /// index 0.
  ///
  /// - Parameter resolved: Call name → the call it stands for, e.g. `["a2": CallReference(step: 3, index: 1)]`.
  /// - Returns: One ``RuntimeStep`` per step; empty at reducer level.
  package func runtimeSteps(resolving resolved: [String: CallReference]) -> [RuntimeStep] {
    guard level == .runtime else { return [] }
    var references = resolved
    for call in declaredCalls { references[call.name] = call.reference }
    return steps.map { step in
      switch step.runtime?.kind {
      case .send(let action)?: return .send(action)
      case .respond(let call, let answer)?:
        return .respond(references[call] ?? CallReference(step: 0, index: 0), answer)
      case .advance(let milliseconds)?: return .advance(milliseconds: milliseconds)
      case .clear?: return .clear
      case .screen(let transition)?: return .screen(transition)
      case .emit(let call, let value)?: return .emit(references[call] ?? CallReference(step: 0, index: 0), value)
      case .start?, nil: return .send(step.send)
      }
    }
  }

  /// The `respond` steps whose call no earlier step's `expect.calls` declares, in step order: `(2, "a1")` for
  /// `steps[2]`. Empty for a scenario loaded by ``ScenarioLoader`` unless
  /// ``ScenarioLoader/acceptsUndeclaredResponses`` was set.
  package var undeclaredResponses: [(stepIndex: Int, name: String)] {
    var declared = Set((start?.runtime?.calls ?? []).map(\.name))
    var undeclared: [(stepIndex: Int, name: String)] = []
    for (stepIndex, step) in steps.enumerated() {
      if case .respond(let call, _)? = step.runtime?.kind, !declared.contains(call) {
        undeclared.append((stepIndex, call))
      }
      for call in step.runtime?.calls ?? [] { declared.insert(call.name) }
    }
    return undeclared
  }
}
