/// The verdict on one scenario for one implementation: the unit every report lists (one JUnit testcase, one
/// `results` entry of the JSON report).
public struct Verdict: Sendable {
  /// The scenario's id.
  public var scenarioID: String
  /// The scenario's feature.
  public var feature: String
  /// The scenario's file, as shown in reports.
  public var file: String
  /// The implementation's name, e.g. `swift`.
  public var implementation: String
  /// How it went.
  public var outcome: Outcome
  /// For non-exhaustive scenarios: what was not checked, one line per step, e.g.
  /// `step 2: state.password, state.error`. Empty for exhaustive scenarios.
  public var notChecked: [String]
  /// Wall-clock seconds the implementation spent on the scenario: scenarios go to an implementation in batches of up
  /// to 32, and the batch's time is shared evenly among them (skipped ones included).
  public var duration: Double
}
