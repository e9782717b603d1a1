/// The verdict on one scenario for one implementation: the unit every report lists (one JUnit testcase, one
/// `results` entry of the JSON report).
package struct Verdict: Sendable {
  /// The scenario's id.
  package var scenarioID: String
  /// The scenario's feature.
  package var feature: String
  /// The scenario's file, as shown in reports.
  package var file: String
  /// The implementation's name, e.g. `swift`.
  package var implementation: String
  /// How it went.
  package var outcome: Outcome
  /// What was not checked, one line per step, e.g. `step 2: state.password, state.error` for a non-exhaustive
  /// scenario, or `step 4: received (not applicable: …)` for an implementation that reports no received actions.
  package var notChecked: [String]
  /// Wall-clock seconds the implementation spent on the scenario: for a harness that answers pipelined requests,
  /// the time from its previous reply (or the first request) to this one; 0 for a scenario it skipped without
  /// being asked. For a retried pair, the last attempt's (the others are in ``failedAttempts``).
  package var duration: Double
  /// Whether the scenario is exhaustive, so that reports say why something was not checked.
  package var isExhaustive: Bool = true
  /// The attempts before the last, in order, when the pair was retried (`--retries N`): each one's fault (a crash or
  /// a timeout, ``Outcome/Kind/isRetried``) and its wall-clock seconds. Empty for a pair run once. ``outcome`` is
  /// the last attempt's: `flaky` when it passed, else the last fault (or whatever the last attempt was judged).
  package var failedAttempts: [FailedAttempt] = []

  /// How many times the pair was run: 1, plus one per retry.
  package var attempts: Int { failedAttempts.count + 1 }

  /// One attempt at a pair that ended in a harness fault and was run again.
  package struct FailedAttempt: Sendable {
    /// How the attempt ended: `crashed` or `timedOut`.
    package var fault: NoTrace
    /// Wall-clock seconds the attempt took.
    package var duration: Double

    /// Creates an attempt.
    package init(fault: NoTrace, duration: Double) {
      self.fault = fault
      self.duration = duration
    }
  }
}
