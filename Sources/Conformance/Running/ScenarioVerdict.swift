/// The verdicts on one scenario for every implementation, and the divergence between them, if any.
public struct ScenarioVerdict: Sendable {
  /// The scenario's id.
  public var id: String
  /// The scenario's file.
  public var file: String
  /// The scenario's feature.
  public var feature: String
  /// The scenario's description.
  public var description: String
  /// The number of steps.
  public var stepCount: Int
  /// One verdict per implementation, in implementation order.
  public var verdicts: [Verdict]
  /// Where the implementations' traces first differ, or `nil` when they agree (or fewer than two produced one).
  public var divergence: Divergence?
  /// Whether a known-divergence baseline explains ``divergence`` (every failing pair is `known`, or a `diverges`
  /// entry records it exactly), so it does not fail the gate.
  public var divergenceIsKnown = false
  /// What the baseline found wrong with its entries for this scenario: a listed pair that passes (`fixed`) or fails
  /// differently than recorded (`different`). Each fails the gate.
  public var baselineProblems: [BaselineProblem] = []

  /// Whether the scenario fails the gate: a failing verdict, a divergence the baseline does not explain, or a
  /// baseline problem. (A skipped pair fails the run separately, unless skips are allowed.)
  public var isFailure: Bool {
    (divergence != nil && !divergenceIsKnown) || verdicts.contains { $0.outcome.isFailure } || !baselineProblems.isEmpty
  }

  /// Whether any implementation skipped the scenario.
  public var hasSkip: Bool { verdicts.contains { $0.outcome.kind == .skipped } }
}
