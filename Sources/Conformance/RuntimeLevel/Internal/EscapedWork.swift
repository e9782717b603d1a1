// MARK: - EscapedWork

/// Tells when a runtime's state changed between steps, while the driver ran nothing: work that escaped the scenario's
/// executor (a `DispatchQueue`, a `Thread`, a real sleep, an actor with an executor of its own), which makes a
/// scenario pass on one run and fail on the next.
///
/// The driver reads the state again just before each step and at the end, and compares it with the state the
/// previous step settled on. Escaped work that lands before a step's own read goes unseen: the check catches the
/// late cases, which are the ones that read as flakiness.
enum EscapedWork {
  /// The failure message when the state changed after step `step` had settled, or `nil` when it did not (or when
  /// there is no step yet, or the state cannot be read, which the next read reports).
  ///
  /// - Parameters:
  ///   - runtime: The runtime under test.
  ///   - step: The number of the last step performed (1-based); 0 means none.
  ///   - queued: How many jobs step `step` queued on the scenario's executor.
  ///   - settled: The state step `step` settled on.
  static func check(_ runtime: any FeatureRuntime, after step: Int, queued: Int, settled: JSONValue?) -> String? {
    guard step > 0, let settled, let now = try? runtime.state(), now != settled else { return nil }
    return message(queued: queued)
  }

  /// The text of the failure, with the hint; the report puts it after "errored at step n: ".
  static func message(queued: Int) -> String {
    let what =
      queued == 0
      ? "the state changed after this step had settled, though the step queued no work on the scenario's executor"
      : "the state changed after this step had settled, while nothing ran on the scenario's executor"
    return what + ": work escaped the scenario (a DispatchQueue, a Thread, a real sleep, or an actor with an executor"
      + " of its own?). Hint: start the work with Task {} from the store or view model, sleep on environment.clock,"
      + " and call dependencies through environment.call (docs/runtime-scenarios.md, \"What runs where\")"
  }
}
