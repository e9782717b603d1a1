/// The verdicts on one scenario for every implementation, and the divergence between them, if any.
package struct ScenarioVerdict: Sendable {
  /// The scenario's id.
  package var id: String
  /// The scenario's file.
  package var file: String
  /// The 1-based line of ``file`` where the scenario is (``Scenario/line``); 1 when not known (a merged report).
  package var line = 1
  /// The scenario's feature.
  package var feature: String
  /// The scenario's description.
  package var description: String
  /// The number of steps.
  package var stepCount: Int
  /// The scenario's level (README §13): reducer unless the file says runtime.
  package var level: ScenarioLevel = .reducer
  /// The scenario's tags, as written in its file.
  package var tags: [String] = []
  /// The spec rule ids the scenario cites (`rules`, format v1.4); empty when it cites none.
  package var rules: [String] = []
  /// What the scenario covers on each implementation, when the run collects coverage
  /// (``ConformanceRunner/Options/coverage``); `nil` otherwise.
  package var coverage: CoverageSample? = nil
  /// One verdict per implementation, in implementation order.
  package var verdicts: [Verdict]
  /// Where the implementations' traces first differ, or `nil` when they agree (or fewer than two produced one).
  package var divergence: Divergence?
  /// Whether a known-divergence baseline explains ``divergence`` (every failing pair is `known`, or a `diverges`
  /// entry records it exactly), so it does not fail the gate.
  package var divergenceIsKnown = false
  /// What the baseline found wrong with its entries for this scenario: a listed pair that passes (`fixed`) or fails
  /// differently than recorded (`different`). Each fails the gate.
  package var baselineProblems: [BaselineProblem] = []

  /// Whether the scenario fails the gate: a failing verdict, a divergence the baseline does not explain, or a
  /// baseline problem. (A skipped pair fails the run separately, unless skips are allowed.)
  package var isFailure: Bool {
    (divergence != nil && !divergenceIsKnown) || verdicts.contains { $0.outcome.isFailure } || !baselineProblems.isEmpty
  }

  /// Whether any implementation skipped the scenario.
  package var hasSkip: Bool { verdicts.contains { $0.outcome.kind == .skipped } }

  /// Whether some implementation did not run the scenario because it does not run the scenario's level (harness
  /// protocol §2.5): `not applicable`.
  package var isNotApplicable: Bool { verdicts.contains { $0.outcome.kind == .notApplicable } }
}
