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

  /// Whether the scenario fails the gate: a failing result or a divergence.
  public var isFailure: Bool { divergence != nil || results.contains { $0.outcome.isFailure } }
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

  /// Passed (scenario, implementation) pairs.
  public var passed: Int { counts.values.reduce(0) { $0 + ($1["passed"] ?? 0) } }
  /// Skipped pairs.
  public var skipped: Int { counts.values.reduce(0) { $0 + ($1["skipped"] ?? 0) } }
  /// Failing pairs of every kind (failed, errored, crashed, timed out, protocol error, not run), plus scenarios that
  /// diverged while every implementation passed.
  public var failed: Int {
    counts.values.reduce(0) { total, byOutcome in
      total + byOutcome.filter { $0.key != "passed" && $0.key != "skipped" }.values.reduce(0, +)
    } + divergencesAmongPassed
  }

  /// The process exit status: 2 for invalid files or an empty run; 1 for any failure, divergence, or skipped pair
  /// (unless skips are allowed); else 0.
  public var exitCode: Int32 {
    if invalidFiles > 0 || scenarios == 0 { return 2 }
    return failed > 0 || divergences > 0 || (skipped > 0 && !allowsSkipped) ? 1 : 0
  }
}
