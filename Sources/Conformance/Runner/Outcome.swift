/// How one scenario went on one implementation: the verdict's kind and its details (Conformance/PROTOCOL.md §3,
/// Conformance/README.md §11).
///
/// An outcome is either judged from a trace (``passed``, ``flaky``, ``failed``, ``known``) or carried over unchanged
/// from an observation that has no trace (``noTrace(_:)``: errored, crashed, timed out, protocol error, skipped, not
/// run).
package enum Outcome: Sendable {
  /// Every step matched.
  case passed
  /// Every step matched on a retry (`--retries`), after the harness crashed or timed out on the earlier attempts
  /// (``Verdict/failedAttempts``). It passes the gate unless `--no-flaky` is given.
  case flaky
  /// A step did not match; the first such step is described.
  case failed(StepFailure)
  /// The implementation failed exactly as a known-divergence baseline entry records (``KnownFailure``); it does not
  /// fail the gate.
  case known(KnownFailure)
  /// The implementation produced no trace, and why.
  case noTrace(NoTrace)

  /// The outcome's kind, without its details.
  package var kind: Kind {
    switch self {
    case .passed: return .passed
    case .flaky: return .flaky
    case .failed: return .failed
    case .known: return .known
    case .noTrace(let reason): return reason.kind
    }
  }

  /// The outcome's name in reports (``Kind/label``).
  package var label: String { kind.label }

  /// The machine-readable name used in JSON reports (``Kind/key``).
  package var key: String { kind.key }

  /// Whether the outcome fails the gate (``Kind/isFailure``).
  package var isFailure: Bool { kind.isFailure }

  /// Whether the outcome came from comparing a trace, so a "not checked" list means something.
  package var wasCompared: Bool {
    switch self {
    case .passed, .flaky, .failed, .known: return true
    case .noTrace: return false
    }
  }

  /// The kinds of outcome, in the order reports list them.
  package enum Kind: String, Sendable, CaseIterable {
    /// Every step matched.
    case passed
    /// Every step matched on a retry, after harness faults on the earlier attempts.
    case flaky
    /// A failure that a known-divergence baseline entry records exactly.
    case known
    /// A step did not match.
    case failed
    /// The implementation reported that it could not perform a step.
    case errored
    /// The harness process died.
    case crashed
    /// The harness did not answer in time.
    case timedOut
    /// The harness broke the protocol.
    case protocolError
    /// The implementation does not support the scenario.
    case skipped
    /// The scenario was not attempted.
    case notRun
    /// The implementation does not declare the scenario's level for its feature (harness protocol §2.5); counted
    /// apart, neither a failure nor a skip.
    case notApplicable

    /// The name in text reports: `passed`, `flaky`, `known`, `failed`, `errored`, `crashed`, `timed out`, `protocol error`,
    /// `skipped`, `not run` or `not applicable`.
    package var label: String {
      switch self {
      case .notApplicable: return "not applicable"
      case .timedOut: return "timed out"
      case .protocolError: return "protocol error"
      case .notRun: return "not run"
      default: return rawValue
      }
    }

    /// The name in JSON reports (report.schema.json `outcome`): the label with `_` for spaces (`timed_out`,
    /// `not_applicable`).
    package var key: String {
      switch self {
      case .timedOut: return "timed_out"
      case .protocolError: return "protocol_error"
      case .notRun: return "not_run"
      case .notApplicable: return "not_applicable"
      default: return rawValue
      }
    }

    /// Whether this kind fails the gate: everything except `passed`, `flaky`, `skipped`, `known` and `not
    /// applicable`. Skipped pairs fail the gate separately, unless `--allow-skipped` is given, and flaky ones with
    /// `--no-flaky` (``RunSummary/exitCode``); `not applicable` pairs never do.
    package var isFailure: Bool {
      switch self {
      case .passed, .flaky, .skipped, .known, .notApplicable: return false
      default: return true
      }
    }

    /// Whether this kind means the harness itself is at fault (crashed, timed out, broke the protocol) or never ran
    /// the scenario: when nearly every pair is one of these, the text report says the implementation looks broken.
    package var isHarnessFault: Bool {
      switch self {
      case .crashed, .timedOut, .protocolError, .notRun: return true
      default: return false
      }
    }

    /// Whether a pair that ended this way is run again under `--retries`: a crash or a timeout, the harness faults a
    /// fresh process can clear (a harness killed by the machine, a slow start under load). Nothing else is: a failed
    /// or diverging pair is a property of the implementation, which is deterministic; a protocol error is a harness
    /// that writes the wrong thing, and writes it again; `errored` is the implementation's own answer; `not run`
    /// means the harness is stopped (its restart budget is spent, or it cannot start), so a retry cannot run either.
    package var isRetried: Bool { self == .crashed || self == .timedOut }
  }
}

// MARK: - OutcomeTally

/// How many (scenario, implementation) pairs ended in each ``Outcome/Kind``: a typed bucket per kind, as Bowtie
/// counts its results, instead of counts keyed by label strings.
package struct OutcomeTally: Sendable, Equatable {
  private var counts: [Outcome.Kind: Int] = [:]

  /// An empty tally.
  package init() {}

  /// The count of one kind.
  package subscript(kind: Outcome.Kind) -> Int {
    get { counts[kind] ?? 0 }
    set { counts[kind] = newValue }
  }

  /// Every pair counted.
  package var total: Int { counts.values.reduce(0, +) }

  /// The kinds with a non-zero count and their counts, in report order (``Outcome/Kind/allCases``).
  package var nonZero: [(kind: Outcome.Kind, count: Int)] {
    Outcome.Kind.allCases.compactMap { kind in self[kind] == 0 ? nil : (kind, self[kind]) }
  }

  /// Counts one outcome.
  package mutating func add(_ kind: Outcome.Kind) { self[kind] += 1 }

}

// MARK: - ScenarioVerdict

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
