/// What happened when an implementation was asked to perform a scenario: a trace to judge, or the reason there is
/// none. The runner alone judges a trace (``Outcome``); a ``NoTrace`` reason becomes the outcome unchanged.
public enum Observation: Sendable, Equatable {
  /// The implementation performed every action; one entry per action, in order. At runtime level (format v1.3),
  /// `start` is the entry for creation (step 0): the state once the runtime was created and settled, the calls it
  /// started, and what it reports; `nil` at reducer level, and from a harness that sent none (read as the initial
  /// state, no calls, nothing received, no events: harness protocol §2.5.7).
  case trace([TraceEntry], start: TraceEntry? = nil)
  /// The implementation produced no trace, and why.
  case noTrace(NoTrace)

  /// The implementation could not perform step `step` (1-based; 0 for the initial state) and said why.
  public static func errored(step: Int, message: String) -> Observation {
    .noTrace(.errored(step: step, message: message))
  }
  /// The harness process exited or closed its stdout before replying.
  public static func crashed(message: String, stderrTail: String) -> Observation {
    .noTrace(.crashed(message: message, stderrTail: stderrTail))
  }
  /// No reply within the per-scenario timeout, in seconds.
  public static func timedOut(seconds: Double, stderrTail: String) -> Observation {
    .noTrace(.timedOut(seconds: seconds, stderrTail: stderrTail))
  }
  /// The harness replied with something that breaks the protocol; `line` quotes it.
  public static func protocolError(message: String, line: String) -> Observation {
    .noTrace(.protocolError(message: message, line: line))
  }
  /// The implementation does not support the scenario.
  public static func skipped(reason: String) -> Observation { .noTrace(.skipped(reason: reason)) }
  /// The scenario was not attempted.
  public static func notRun(reason: String) -> Observation { .noTrace(.notRun(reason: reason)) }
  /// The implementation does not declare the scenario's level for its feature; the scenario was not sent.
  public static func notApplicable(reason: String) -> Observation { .noTrace(.notApplicable(reason: reason)) }
}
