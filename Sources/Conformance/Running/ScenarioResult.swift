import Foundation

/// The result of one scenario on one implementation: the unit every report lists.
public struct ScenarioResult: Sendable {
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

/// The outcome of one scenario on one implementation; each kind is kept distinct (Conformance/PROTOCOL.md §3,
/// Conformance/README.md §11).
public enum Outcome: Sendable {
  /// Every step matched.
  case passed
  /// A step did not match; the first such step is described.
  case failed(StepFailure)
  /// The implementation reported that it could not perform a step.
  case errored(step: Int, message: String)
  /// The harness process died.
  case crashed(message: String, stderrTail: String)
  /// The harness did not answer within the per-scenario timeout.
  case timedOut(seconds: Double, stderrTail: String)
  /// The harness broke the protocol.
  case protocolError(message: String, line: String)
  /// The implementation does not support the scenario.
  case skipped(reason: String)
  /// The scenario was not attempted.
  case notRun(reason: String)
  /// The implementation failed exactly as a known-divergence baseline entry records (``KnownFailure``); it does not
  /// fail the gate.
  case known(KnownFailure)

  /// The outcome's name in reports: `passed`, `failed`, `errored`, `crashed`, `timed out`, `protocol error`,
  /// `skipped`, `not run` or `known`.
  public var label: String {
    switch self {
    case .passed: return "passed"
    case .failed: return "failed"
    case .errored: return "errored"
    case .crashed: return "crashed"
    case .timedOut: return "timed out"
    case .protocolError: return "protocol error"
    case .skipped: return "skipped"
    case .notRun: return "not run"
    case .known: return "known"
    }
  }

  /// The machine-readable name used in JSON reports: the label with `_` for spaces (`timed_out`).
  public var key: String { label.replacingOccurrences(of: " ", with: "_") }

  /// Whether the outcome fails the gate: everything except `passed`, `skipped` and `known`.
  public var isFailure: Bool {
    switch self {
    case .passed, .skipped, .known: return false
    default: return true
    }
  }
}

/// The first step of a scenario whose observation did not match the expectation.
public struct StepFailure: Sendable {
  /// The 0-based index of the step.
  public var stepIndex: Int
  /// The number of steps in the scenario.
  public var stepCount: Int
  /// The action the step sent.
  public var action: JSONValue
  /// The step's own description, if it has one.
  public var stepDescription: String?
  /// Every difference, state first, then effects.
  public var mismatches: [Mismatch]
  /// The state the step expected (after merging `changes`); `nil` for non-exhaustive scenarios, which check only the
  /// leaves their steps give (see ``mismatches``), so no whole state is expected.
  public var expectedState: JSONValue?
  /// The state the implementation reported.
  public var actualState: JSONValue
  /// The effects the step expected.
  public var expectedEffects: [JSONValue]
  /// The effects the implementation reported.
  public var actualEffects: [JSONValue]
  /// The later steps that also failed, each with its own mismatches, in order. A later step may fail only because
  /// an earlier one left a different state behind, so the first failure is the one to read first.
  public var laterSteps: [LaterStepFailure]
}

/// A failing step after the first: which step, what it sent, and what differed.
public struct LaterStepFailure: Sendable {
  /// The 0-based index of the step.
  public var stepIndex: Int
  /// The action the step sent.
  public var action: JSONValue
  /// Every difference, state first, then effects.
  public var mismatches: [Mismatch]
}

/// A failure that a known-divergence baseline entry records exactly (same step, same JSON paths): reported as
/// `known`, with the entry's reason, instead of failing the gate (Conformance/README.md §12).
public struct KnownFailure: Sendable {
  /// The failure as observed.
  public var failure: StepFailure
  /// The entry, as reports name it: `Conformance/known-divergences.json: entries[0]`.
  public var entry: String
  /// The entry's index in the file.
  public var entryIndex: Int
  /// The entry's reason.
  public var reason: String
  /// The entry's spec section.
  public var spec: String
  /// The entry's expiry date, `YYYY-MM-DD`, or `nil`.
  public var expires: String?
}
