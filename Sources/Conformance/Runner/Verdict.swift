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
  /// being asked.
  package var duration: Double
  /// Whether the scenario is exhaustive, so that reports say why something was not checked.
  package var isExhaustive: Bool = true
}
