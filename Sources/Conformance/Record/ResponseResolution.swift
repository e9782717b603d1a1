/// How `conformance record` answers `respond` steps whose call no earlier step declares, so that a runtime scenario
/// written without expectations is recorded in one pass.
///
/// On the wire a `respond` names its call by `{"step": s, "index": i}` (harness protocol §2.5), which must be known
/// before the run. A name no earlier step's `expect.calls` declares (``Scenario/undeclaredResponses``) stands for
/// the call that `record` gives that name: new calls are named `a1`, `a2`, … in start order, skipping the names the
/// file declares (``RecordedCallNames``). So the steps before the first such `respond` are run, the calls their
/// trace starts are named, every name that matches is resolved, and the next unresolved `respond` is run up to in
/// turn. Runs are deterministic (scenario format §13.2: virtual time, scripted dependencies), so the final run
/// starts the same calls at the same places.
///
/// ```swift
/// // steps: send emailChanged, send passwordChanged, send submit, respond a1, advance 10000
/// let resolved = await ResponseResolution.resolve(scenario, on: implementation)
/// // .success(["a1": CallReference(step: 3, index: 1)]) after one run of the first three steps
/// ```
package enum ResponseResolution {
  /// Why the names could not be resolved.
  package enum Failure: Error, Sendable, Equatable {
    /// A run of a prefix produced no trace; the reason, as `run` would report it.
    case noTrace(Observation)
    /// A name matches no call the implementation started before its step: the file and `steps[i].respond.call`.
    case unresolved(InputError)
  }

  /// Resolves every ``Scenario/undeclaredResponses`` name of `scenario` by running prefixes of it on
  /// `implementation` (one run per `respond` not resolved by an earlier run; none when every name is declared).
  ///
  /// - Parameters:
  ///   - scenario: A runtime scenario loaded with ``ScenarioLoader/acceptsUndeclaredResponses``.
  ///   - implementation: The started implementation `record` records from.
  /// - Returns: Name → the call it stands for, for ``RunRequest/init(running:resolving:stepCount:measuringTrace:)``; or
  ///   ``Failure/noTrace(_:)`` when a run produced no trace, ``Failure/unresolved(_:)`` when the implementation
  ///   started fewer new calls before the step than its name needs (`a3` after two).
  package static func resolve(_ scenario: Scenario, on implementation: any Implementation) async -> Result<
    [String: CallReference], Failure
  > {
    let undeclared = scenario.undeclaredResponses
    let wanted = Set(undeclared.map(\.name))
    var resolved: [String: CallReference] = [:]
    for (stepIndex, name) in undeclared where resolved[name] == nil {
      // Even before the first step the runtime's creation may have started calls (format v1.3, `start`).
      let request = RunRequest(running: scenario, resolving: resolved, stepCount: stepIndex)
      let observation = await implementation.run(request)
      guard case .trace(let trace, let start) = observation else { return .failure(.noTrace(observation)) }
      let started = newCalls(in: trace, start: start, of: scenario)
      for call in started where wanted.contains(call.name) { resolved[call.name] = call.reference }
      guard resolved[name] != nil else {
        let names = started.map { $0.name }
        return .failure(
          .unresolved(unresolved(name, at: stepIndex, started: names, scenario: scenario, by: implementation.name)))
      }
    }
    return .success(resolved)
  }

  /// The calls the creation (`start`, step 0) and `trace` start that the file does not declare, in start order, with
  /// the names `record` gives them.
  static func newCalls(in trace: [TraceEntry], start: TraceEntry? = nil, of scenario: Scenario)
    -> [(reference: CallReference, name: String)]
  {
    let declared = Set(scenario.declaredCalls.map(\.reference))
    var names = RecordedCallNames(scenario: scenario)
    var calls: [(reference: CallReference, name: String)] = []
    for (step, entry) in ([start] + trace.map(Optional.some)).enumerated() {
      for position in (entry?.calls ?? []).indices {
        let reference = CallReference(step: step, index: position + 1)
        let name = names.name(for: reference)
        if !declared.contains(reference) { calls.append((reference, name)) }
      }
    }
    return calls
  }

  /// The error for a name that matches no new call started before step `stepIndex`.
  static func unresolved(
    _ name: String, at stepIndex: Int, started: [String], scenario: Scenario, by implementation: String
  ) -> InputError {
    let started =
      started.isEmpty
      ? "started no new call before it"
      : "started \(ReportText.plural(started.count, "new call", "new calls")) before it: \(started.joined(separator: ", "))"
    return InputError(
      file: scenario.file,
      path: JSONPath([.key("steps"), .index(stepIndex), .key("respond"), .key("call")]),
      message:
        "responds to call '\(name)', which no earlier step declares and '\(implementation)' did not start: it \(started) (new calls are named a1, a2, ... in start order, skipping the names the file declares); respond to one of those, or add the step that starts the call"
    )
  }
}
