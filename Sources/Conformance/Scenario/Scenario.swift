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
  /// What the scenario shows, citing the rule.
  package var description: String
  /// Free-form kebab-case tags for `--tag`.
  package var tags: [String]
  /// The file it was read from, as shown in reports.
  package var file: String
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

  /// Whether the scenario checks received actions: some step gives `expect.received` (format v1.2). Then, in an
  /// exhaustive scenario, a step without it expects none; a scenario that never gives it does not check them, so
  /// every v1.1 file keeps its meaning (Conformance/README.md §14.1).
  package var checksReceived: Bool { steps.contains { $0.runtime?.received != nil } }
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
