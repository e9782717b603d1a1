/// What one scenario covers on each implementation that ran it (``CoverageSample``), worked out where the scenario is
/// judged so that a run for `conformance coverage` keeps only these small sets, not the scenarios and traces.
///
/// From the scenario: the rules it cites, the actions it sends (with the union cases and enum values in them), the
/// answers it gives to dependency calls, the state fields its steps assert. From each trace: the effects returned or
/// left running, the actions received back, the order the reducer got the actions in (each step's sent action, then
/// those received back), the calls started, the events received, the state fields that changed. A runner given a probe (``ConformanceRunner/Options/coverage``) attaches a sample
/// to each ``ScenarioVerdict``.
package struct CoverageProbe: Sendable {
  /// The manifests the scenarios were checked against, by feature name.
  package var manifests: [String: FeatureManifest]

  /// Creates a probe over the manifests of a run.
  package init(manifests: [String: FeatureManifest]) { self.manifests = manifests }

  /// What `scenario` covers on each implementation whose observation is a trace.
  ///
  /// - Parameters:
  ///   - scenario: The scenario, as validated.
  ///   - observations: Each implementation's name and observation, in report order.
  /// - Returns: The sample; an implementation without a trace (skipped, not applicable, crashed) covers nothing.
  package func sample(_ scenario: Scenario, observations: [(implementation: String, observation: Observation)])
    -> CoverageSample
  {
    var sample = CoverageSample(feature: scenario.feature)
    guard let manifest = manifests[scenario.feature] else { return sample }
    let walk = CoverageWalk(manifest: manifest)
    let fromScenario = scenarioItems(scenario, walk: walk)
    for (implementation, observation) in observations {
      guard case .trace(let trace, let start) = observation else { continue }
      var items = fromScenario
      traceItems(scenario, trace: trace, start: start, walk: walk, into: &items)
      sample.items[implementation] = items
    }
    return sample
  }

  // MARK: - From the scenario

  private func scenarioItems(_ scenario: Scenario, walk: CoverageWalk) -> Set<CoverageItem> {
    var items = Set(scenario.rules.map { CoverageItem(.rules, $0) })
    var actions = Set<String>()
    var dependencies = Set<String>()
    var calls: [String: String] = [:]  // Call name → dependency, as the steps declare them.
    var expected = scenario.initialState
    for step in [scenario.start].compactMap({ $0 }) + scenario.steps {
      for call in step.runtime?.calls ?? [] { calls[call.name] = call.dependency }
      if let action = Self.sentAction(step) {
        let type = action["type"]?.stringValue ?? ""
        if let item = walk.manifest.actions.case(named: type) {
          walk.used(action, of: item, at: "actions." + item.name, into: &actions)
        }
      }
      if case .respond(let call, let answer) = step.runtime?.kind, let name = calls[call],
        let dependency = walk.manifest.dependencies[name]
      {
        Self.answer(answer, of: dependency, walk: walk, into: &dependencies)
      }
      if case .emit(let call, _) = step.runtime?.kind, let name = calls[call] {
        dependencies.insert("dependencies.\(name).emit")
      }
      for field in Self.asserted(step.state, after: &expected) { items.insert(CoverageItem(.state, "state." + field)) }
    }
    items.formUnion(actions.map { CoverageItem(.actions, $0) })
    items.formUnion(dependencies.map { CoverageItem(.dependencies, $0) })
    return items
  }

  /// The action a step sends: the step's `send` at reducer level, a `send` step's action at runtime level.
  private static func sentAction(_ step: Step) -> JSONValue? {
    guard let runtime = step.runtime else { return step.send }
    if case .send(let action) = runtime.kind { return action }
    return nil
  }

  private static func answer(
    _ answer: CallAnswer, of dependency: FeatureManifest.Dependency, walk: CoverageWalk, into names: inout Set<String>
  ) {
    let path = "dependencies." + dependency.name
    switch answer {
    case .result(let value):
      names.insert(path + ".result")
      walk.used(value, type: dependency.result, at: path + ".result", into: &names)
    case .error, .cancellation: names.insert(path + ".error")
    case .complete: names.insert(path + ".complete")
    }
  }

  /// The top-level state fields a step asserts: those its `changes` names, or those its full `state` gives a value
  /// other than the expected state before it; advances the expected state (scenario format §3.3).
  private static func asserted(_ expectation: StateExpectation, after expected: inout JSONValue) -> [String] {
    switch expectation {
    case .unchanged: return []
    case .changes(let changes):
      expected = expected.merging(changes)
      return changes.objectValue?.keys ?? []
    case .full(let state):
      let fields = state.objectValue?.members.filter { expected[$0.key] != $0.value }.map(\.key) ?? []
      expected = state
      return fields
    }
  }

  // MARK: - From a trace

  private func traceItems(
    _ scenario: Scenario, trace: [TraceEntry], start: TraceEntry?, walk: CoverageWalk,
    into items: inout Set<CoverageItem>
  ) {
    var names: [CoverageItem.Category: Set<String>] = [:]
    var state = scenario.initialState
    // The actions in the order the reducer got them: each step's sent action, then those its effects sent back.
    var previous: String?
    func reduced(_ action: JSONValue) {
      guard let item = walk.manifest.actions.case(named: action["type"]?.stringValue ?? "") else { return }
      if let previous { names[.transitions, default: []].insert(CoverageUniverse.transition(previous, item.name)) }
      previous = item.name
    }
    let sent = [nil] + scenario.steps.map(Self.sentAction)
    for (entry, action) in zip([start].compactMap({ $0 }) + trace, start == nil ? Array(sent.dropFirst()) : sent) {
      if let action { reduced(action) }
      for action in entry.received ?? [] { reduced(action) }
      for effect in entry.effects {
        guard let item = walk.manifest.effects.case(named: effect["type"]?.stringValue ?? "") else { continue }
        walk.used(effect, of: item, at: "effects." + item.name, into: &names[.effects, default: []])
      }
      for running in entry.inFlight ?? [] {
        if let type = running["type"]?.stringValue { names[.effects, default: []].insert("effects." + type) }
      }
      for action in entry.received ?? [] {
        guard let item = walk.manifest.actions.case(named: action["type"]?.stringValue ?? "") else { continue }
        walk.used(action, of: item, at: "actions." + item.name, into: &names[.actions, default: []])
      }
      for call in entry.calls { names[.dependencies, default: []].insert("dependencies." + call.dependency) }
      for event in entry.events ?? [] {
        guard let item = walk.manifest.events?.case(named: event["type"]?.stringValue ?? "") else { continue }
        walk.used(event, of: item, at: "events." + item.name, into: &names[.events, default: []])
      }
      for member in entry.state.objectValue?.members ?? [] where state[member.key] != member.value {
        names[.changes, default: []].insert("state." + member.key)
      }
      state = entry.state
    }
    for (category, found) in names { items.formUnion(found.map { CoverageItem(category, $0) }) }
  }
}

/// What one scenario covers, by implementation (``CoverageProbe``).
package struct CoverageSample: Sendable {
  /// The scenario's feature.
  package var feature: String
  /// The items covered on each implementation that produced a trace, by implementation name.
  package var items: [String: Set<CoverageItem>] = [:]
}
