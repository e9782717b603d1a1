/// What a run reports as it goes, in order: ``started``, then any mix of ``invalid`` and ``scenario``, then
/// ``finished``. Reporters consume these (``RunReporter``).
public enum RunEvent: Sendable {
  /// The run began with these implementations (name and what each said about itself, `nil` if it failed to start).
  case started(implementations: [(name: String, info: ImplementationInfo?, startError: String?)])
  /// A file could not be used; every problem in it is listed.
  case invalid(file: String, errors: [InputError])
  /// A scenario ran on every implementation.
  case scenario(ScenarioReport)
  /// The run is over.
  case finished(RunSummary)
}

/// One scenario's results on every implementation, and the divergence between them, if any.
public struct ScenarioReport: Sendable {
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
  /// One result per implementation, in implementation order.
  public var results: [ScenarioResult]
  /// Where the implementations' traces first differ, or `nil` when they agree (or fewer than two produced one).
  public var divergence: Divergence?
  /// Whether a known-divergence baseline explains ``divergence`` (every failing pair is `known`, or a `diverges`
  /// entry records it exactly), so it does not fail the gate.
  public var divergenceIsKnown = false
  /// What the baseline found wrong with its entries for this scenario: a listed pair that passes (`fixed`) or fails
  /// differently than recorded (`different`). Each fails the gate.
  public var baselineProblems: [BaselineProblem] = []

  /// Whether the scenario fails the gate: a failing result, a divergence the baseline does not explain, or a
  /// baseline problem.
  public var isFailure: Bool {
    (divergence != nil && !divergenceIsKnown) || results.contains { $0.outcome.isFailure } || !baselineProblems.isEmpty
  }
}

/// Totals for a run.
public struct RunSummary: Sendable {
  /// Outcome counts per implementation: name → outcome label → count.
  public var counts: [String: [String: Int]]
  /// The implementations, in order.
  public var implementations: [String]
  /// Scenarios run.
  public var scenarios: Int
  /// Scenarios whose implementations diverged.
  public var divergences: Int
  /// Scenarios that diverged although every implementation passed the expectation (a non-exhaustive scenario).
  public var divergencesAmongPassed: Int
  /// Files that could not be used (syntax, schema or manifest errors, duplicate ids).
  public var invalidFiles: Int
  /// Whether `--fail-fast` stopped the run early, and how many scenario files were left.
  public var stoppedEarlyWithRemaining: Int?
  /// Wall-clock seconds for the whole run.
  public var duration: Double
  /// Whether skipped pairs are acceptable (`--allow-skipped`); otherwise they fail the gate.
  public var allowsSkipped: Bool
  /// The known-divergence baseline the run used (its display name), or `nil` for a raw run.
  public var baselineFile: String? = nil
  /// Scenarios whose divergence the baseline explains (not counted in ``divergences``).
  public var knownDivergences = 0
  /// Baseline entries that fail the gate: every `fixed` and `different` pair, and every expired entry.
  public var baselineProblems: [BaselineProblem] = []
  /// Baseline entries that match no scenario read in this run: the baseline is invalid (exit status 2).
  public var invalidBaseline: [InputError] = []

  /// Pairs that failed exactly as a baseline entry records (outcome `known`).
  public var known: Int { counts.values.reduce(0) { $0 + ($1["known"] ?? 0) } }

  /// Passed (scenario, implementation) pairs.
  public var passed: Int { counts.values.reduce(0) { $0 + ($1["passed"] ?? 0) } }
  /// Skipped pairs.
  public var skipped: Int { counts.values.reduce(0) { $0 + ($1["skipped"] ?? 0) } }
  /// Failing pairs of every kind (failed, errored, crashed, timed out, protocol error, not run), plus scenarios that
  /// diverged while every implementation passed.
  public var failed: Int {
    counts.values.reduce(0) { total, byOutcome in
      total + byOutcome.filter { !["passed", "skipped", "known"].contains($0.key) }.values.reduce(0, +)
    } + divergencesAmongPassed
  }

  /// The process exit status: 2 for invalid files, an invalid baseline or an empty run; 1 for any failure,
  /// divergence, baseline problem, or skipped pair (unless skips are allowed); else 0. `known` pairs pass.
  public var exitCode: Int32 {
    if invalidFiles > 0 || scenarios == 0 || !invalidBaseline.isEmpty { return 2 }
    return failed > 0 || divergences > 0 || !baselineProblems.isEmpty || (skipped > 0 && !allowsSkipped) ? 1 : 0
  }
}
