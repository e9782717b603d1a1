/// One conformance scenario: an initial state and a list of steps, each an action sent and what must follow.
///
/// Loaded from one JSON file by ``ScenarioLoader`` (scenario format v1.1, Conformance/README.md). A scenario is
/// already validated against its feature manifest, so its actions, states and effects are well-formed; at runtime
/// level (``level``), each step also says what it does and which calls it starts and cancels (``Step/runtime``), and
/// every call name it uses is declared by an earlier step.
package struct Scenario: Sendable {
  /// The stable id, kebab-case and unique across the corpus, e.g. `login-submit-valid-credentials`.
  package var id: String
  /// The feature (manifest name), e.g. `login`.
  package var feature: String
  /// What the scenario shows; the rules it tests are ``rules``.
  package var description: String
  /// The spec rule ids the scenario tests (`rules`, format v1.4, Conformance/README.md §18), each declared by its
  /// feature's spec; empty when the file cites none.
  package var rules: [String] = []
  /// Free-form kebab-case tags for `--tag`.
  package var tags: [String]
  /// The file it was read from, as shown in reports.
  package var file: String
  /// The 1-based line of ``file`` where the scenario is: that of its `id` value, or for a row of an outline that of
  /// its object in `examples` (README §17). Set when the corpus reads the file
  /// (``ScenarioCorpus/Iterator/FileToRead/load(with:parser:)``) and is asked for it
  /// (``ScenarioCorpus/locatesScenarios``, for the event stream), so that a reader can point an editor at it; 1
  /// otherwise, and for a scenario made in memory.
  package var line = 1
  /// The state before the first step: the scenario's `initialState` or the manifest's.
  package var initialState: JSONValue
  /// Whether every state field and every effect is checked (default `true`).
  package var exhaustive: Bool
  /// The steps, at least one.
  package var steps: [Step]
  /// The level (scenario format v1.1): `.reducer` (the default) or `.runtime`.
  package var level: ScenarioLevel = .reducer
  /// The effects a runtime scenario leaves in flight at its end (`leavesRunning`, format v1.2); empty: none.
  package var leavesRunning: [ExpectedEffect] = []
  /// The row of a scenario outline this scenario is (Conformance/README.md §17); `nil` for a plain scenario file.
  package var outline: OutlineRow? = nil
  /// Where the feature's numbers compare within a tolerance (its manifest's, README §17.4); exact elsewhere.
  package var tolerances: Tolerances = .exact

  /// The top-level `start` of a runtime scenario (format v1.3, Conformance/README.md §16): what the runtime must have
  /// done once created and settled, before step 1, judged as step 0. Its ``Step/runtime`` has kind
  /// ``RuntimeExpectation/Kind/start``. `nil` when the file gives none: an exhaustive scenario then expects the
  /// initial state unchanged, no calls, nothing received and no events at creation.
  package var start: Step? = nil
  /// Whether the scenario's feature declares one-off `events` in its manifest (format v1.3): then an exhaustive
  /// scenario compares every step's events (an omitted `expect.events` expects none), and a non-exhaustive one the
  /// lists it gives. Set by ``ScenarioLoader``.
  package var checksEvents = false
  /// The effect cases the feature's manifest declares, in declaration order (`authenticate`, `cancel`); reports name
  /// them when a trace holds an effect of another `type`. Empty when unknown.
  package var effectCases: [String] = []

  /// Creates a scenario.
  package init(
    id: String, feature: String, description: String, tags: [String], file: String, initialState: JSONValue,
    exhaustive: Bool, steps: [Step], level: ScenarioLevel = .reducer
  ) {
    self.id = id
    self.feature = feature
    self.description = description
    self.tags = tags
    self.file = file
    self.initialState = initialState
    self.exhaustive = exhaustive
    self.steps = steps
    self.level = level
  }

  /// The `id` its file gives (scenario format §3.1): the ``id`` of a plain scenario, the outline's id for a row of
  /// one (§17), which the corpus keeps unique.
  package var fileID: String { outline?.outlineID ?? id }

  /// Step `number` (1-based), or for 0 the creation: the `start`, or, when the file gives none, a start that expects
  /// nothing beyond what an exhaustive scenario always checks (the initial state unchanged, no calls, …).
  package func step(_ number: Int) -> Step {
    guard number == 0 else { return steps[number - 1] }
    let none = RuntimeExpectation(kind: .start)
    return start ?? Step(send: none.stepValue, state: .unchanged, effects: nil, runtime: none)
  }

  /// Whether the scenario checks received actions: some step gives `expect.received` (format v1.2). Then, in an
  /// exhaustive scenario, a step without it expects none; a scenario that never gives it does not check them, so
  /// every v1.1 file keeps its meaning (Conformance/README.md §14.1).
  package var checksReceived: Bool {
    start?.runtime?.received != nil || steps.contains { $0.runtime?.received != nil }
  }
}

/// Which row of a scenario outline a ``Scenario`` is (Conformance/README.md §17): the case's id is `ID[n]`, or
/// `ID[name]` when the row names itself.
package struct OutlineRow: Sendable, Equatable {
  /// The outline file's `id` (its file name), shared by every row and unique across the corpus (scenario format §3.1).
  package var outlineID: String
  /// The row's 1-based position in `examples`.
  package var index: Int
  /// The row's kebab-case `name`, when it gives one.
  package var name: String?

  /// The case's id: `outlineID[name]`, or `outlineID[index]` for a row without a name.
  package var caseID: String { "\(outlineID)[\(name ?? String(index))]" }
}

// MARK: - Step

/// One step of a scenario: an action to send (or, at runtime level, a call to answer, time to advance or the owner
/// to clear) and the expected outcome.
package struct Step: Sendable {
  /// The action, e.g. `{"type": "submit"}`; at runtime level, the step as written without `expect`
  /// (``RuntimeExpectation/stepValue``) for steps that send nothing.
  package var send: JSONValue
  /// What the state must be after the action.
  package var state: StateExpectation
  /// The effects the reducer must return, in order; `nil` when the step gives none (exhaustive: none expected).
  package var effects: [JSONValue]?
  /// An optional note shown in failure reports.
  package var description: String?
  /// At runtime level: what the step does and the calls it must start and cancel; `nil` at reducer level.
  package var runtime: RuntimeExpectation? = nil

  /// Creates a step.
  package init(
    send: JSONValue, state: StateExpectation, effects: [JSONValue]?, description: String? = nil,
    runtime: RuntimeExpectation? = nil
  ) {
    self.send = send
    self.state = state
    self.effects = effects
    self.description = description
    self.runtime = runtime
  }

  /// How the step reads in reports: `send submit`, `advance 1`, … at runtime level; `nil` at reducer level, whose
  /// reports show the whole action.
  package var title: String? { runtime?.title }
}
