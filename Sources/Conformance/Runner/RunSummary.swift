/// Totals for a run.
package struct RunSummary: Sendable {
  /// Outcome counts per implementation, by implementation name.
  package var tallies: [String: OutcomeTally]
  /// The implementations, in order.
  package var implementations: [String]
  /// Scenarios run.
  package var scenarios: Int
  /// Scenarios whose implementations diverged.
  package var divergences: Int
  /// Files that could not be used (syntax, schema or manifest errors, duplicate ids).
  package var invalidFiles: Int
  /// Whether `--fail-fast` stopped the run early, and how many scenario files were left.
  package var stoppedEarlyWithRemaining: Int?
  /// Wall-clock seconds for the whole run.
  package var duration: Double
  /// Whether skipped pairs are acceptable (`--allow-skipped`); otherwise they fail the gate.
  package var allowsSkipped: Bool
  /// Whether flaky pairs (passed on a retry) are acceptable; `--no-flaky` makes them fail the gate.
  package var allowsFlaky = true
  /// The `Conformance` folder the run used (relative to the current directory when inside it, else absolute), or
  /// `nil` when there was none: the JSON report's `summary.conformanceFolder`.
  package var conformanceFolder: String? = nil
  /// The known-divergence baseline the run used (its display name), or `nil` for a raw run.
  package var baselineFile: String? = nil
  /// Scenarios whose divergence the baseline explains (not counted in ``divergences``).
  package var knownDivergences = 0
  /// Baseline entries that fail the gate: every `fixed` and `different` pair, and every expired entry.
  package var baselineProblems: [BaselineProblem] = []
  /// Baseline entries that match no scenario read in this run: the baseline is invalid (exit status 2).
  package var invalidBaseline: [InputError] = []
  /// Failures of the run itself rather than of a pair (an in-process crash no pair shows): each fails the gate.
  package var runFailures: [String] = []
  /// Why pairs were not sent, by implementation, then by reason, with how many pairs each reason covers: the
  /// `skipped` and `not applicable` pairs, so the closing lines say what each implementation did not check and why.
  package var unsentReasons: [String: [UnsentReason: Int]] = [:]

  /// A reason a pair was not sent to an implementation.
  package struct UnsentReason: Sendable, Hashable, Comparable {
    /// `skipped` or `not applicable`.
    package var kind: Outcome.Kind
    /// The reason, as the pair's outcome gives it.
    package var reason: String

    /// Skips first (they fail the run), then by reason.
    package static func < (lhs: UnsentReason, rhs: UnsentReason) -> Bool {
      (lhs.kind == .skipped ? 0 : 1, lhs.reason) < (rhs.kind == .skipped ? 0 : 1, rhs.reason)
    }
  }

  /// The implementations no scenario of the run needed, in report order, so they were never started: their declared
  /// levels and features (Conformance/README.md §13.7) rule out every scenario run, which is not a failure. Only an
  /// implementation with such a declaration waits for its first scenario
  /// (``RunEvent/implementationStarted(name:info:startError:)``).
  package var notStarted: [String] = []

  /// The shard this run covered (`--shard`) and what `merge-reports` needs to judge the whole run, or `nil` for a
  /// run of the whole selection.
  package var shard: ShardRun? = nil

  /// Counts one judged scenario: its pairs by outcome, its baseline problems and its divergence, known or not. The
  /// run loop and `merge-reports` (replaying a shard's scenarios) count through here alike.
  package mutating func record(_ report: ScenarioVerdict) {
    scenarios += 1
    for verdict in report.verdicts {
      tallies[verdict.implementation, default: OutcomeTally()].add(verdict.outcome.kind)
      noteUnsent(verdict.outcome, implementation: verdict.implementation)
    }
    baselineProblems += report.baselineProblems
    if report.divergence != nil, report.divergenceIsKnown {
      knownDivergences += 1
    } else if report.divergence != nil {
      divergences += 1
    }
  }

  /// Counts a pair that was not sent, under its reason; other outcomes are not counted here.
  mutating func noteUnsent(_ outcome: Outcome, implementation: String) {
    switch outcome {
    case .noTrace(.skipped(let reason)), .noTrace(.notApplicable(let reason)):
      let key = UnsentReason(kind: outcome.kind, reason: reason)
      unsentReasons[implementation, default: [:]][key, default: 0] += 1
    default: break
    }
  }

  /// The pairs of one outcome kind, over every implementation.
  package func count(_ kind: Outcome.Kind) -> Int { tallies.values.reduce(0) { $0 + $1[kind] } }

  /// Pairs that failed exactly as a baseline entry records (outcome `known`).
  package var known: Int { count(.known) }
  /// Passed (scenario, implementation) pairs.
  package var passed: Int { count(.passed) }
  /// Pairs that passed on a retry after a crash or timeout (`--retries`).
  package var flaky: Int { count(.flaky) }
  /// Skipped pairs.
  package var skipped: Int { count(.skipped) }
  /// Pairs whose scenario's level the implementation does not declare (never sent, never failing).
  package var notApplicable: Int { count(.notApplicable) }
  /// Failing (scenario, implementation) pairs of every kind (``Outcome/Kind/isFailure``). Divergences are counted
  /// apart (``divergences``), as the JUnit report has a testcase for each: the text, JUnit and JSON counts agree.
  package var failed: Int {
    Outcome.Kind.allCases.filter(\.isFailure).reduce(0) { $0 + count($1) }
  }

  /// Whether scenarios were read but no implementation ran any of them: every pair is `not applicable` (a harness
  /// that declares no levels, given only runtime-level scenarios). A run that checks nothing is not a pass.
  package var ranNothing: Bool {
    scenarios > 0 && notApplicable > 0 && tallies.values.allSatisfy { $0.nonZero.allSatisfy { $0.0 == .notApplicable } }
  }

  /// The process exit status: 2 for invalid files, an invalid baseline or an empty run (but an empty shard passes:
  /// another shard holds the scenarios); 1 for any failure, divergence, baseline problem, skipped pair (unless skips
  /// are allowed), flaky pair with `--no-flaky`, or a run in which every pair was `not
  /// applicable` (``ranNothing``); else 0. `known` pairs pass.
  package var exitCode: Int32 {
    if invalidFiles > 0 || (scenarios == 0 && shard == nil) || !invalidBaseline.isEmpty {
      return ExitCode.invalidInput
    }
    let gateFailed =
      failed > 0 || divergences > 0 || !baselineProblems.isEmpty || (skipped > 0 && !allowsSkipped) || ranNothing
      || !runFailures.isEmpty || (flaky > 0 && !allowsFlaky)
    return gateFailed ? ExitCode.gateFailure : ExitCode.success
  }
}
