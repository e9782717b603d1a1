/// Why an implementation has no trace for a scenario: the part of an ``Observation`` that becomes an ``Outcome``
/// unchanged, so both share one list of cases (Conformance/PROTOCOL.md §3).
public enum NoTrace: Sendable, Equatable {
  /// The implementation could not perform step `step` (1-based; 0 for the initial state) and said why.
  case errored(step: Int, message: String)
  /// The harness process exited or closed its stdout before replying.
  case crashed(message: String, stderrTail: String)
  /// No reply within the per-scenario timeout (`seconds`); the harness's process group was killed.
  case timedOut(seconds: Double, stderrTail: String)
  /// The harness replied with something that breaks the protocol; `line` quotes it.
  case protocolError(message: String, line: String)
  /// The implementation does not support the scenario (for example, a feature it does not declare).
  case skipped(reason: String)
  /// The scenario was not attempted, for example because the harness failed to start or ran out of restarts.
  case notRun(reason: String)
  /// The implementation implements the scenario's feature but not at the scenario's level (harness protocol §2.5):
  /// the scenario was not sent. Counted apart; neither a failure nor a skip.
  case notApplicable(reason: String)

  /// The outcome kind this reason becomes.
  package var kind: Outcome.Kind {
    switch self {
    case .errored: return .errored
    case .crashed: return .crashed
    case .timedOut: return .timedOut
    case .protocolError: return .protocolError
    case .skipped: return .skipped
    case .notRun: return .notRun
    case .notApplicable: return .notApplicable
    }
  }
}
