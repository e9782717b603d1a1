/// Writes the human report: one line per scenario as it finishes, details under each failure, then totals and a
/// closing line `N passed, N failed` (`, N skipped` when any were skipped).
///
/// With one implementation a line is `✓ id` or `✗ id (outcome)`; with several, each line is a row of the
/// scenario × implementation matrix with one outcome per column. Failures show the file, the step number, the action
/// sent, every mismatch by JSON path and a `-`/`+` diff over a stable rendering (sorted keys) with a legend.
/// Divergences show each differing path three ways: expected, then each implementation. Invalid files go to
/// `errorOutput`.
package final class TextReporter: RunReporter {
  private let output: (String) -> Void
  private let errorOutput: (String) -> Void
  let style: TextStyle
  private(set) var implementations: [String] = []
  private(set) var steps = 0
  /// The last `not run` reason printed per implementation, so a repeated reason is printed once.
  private var lastNotRunReason: [String: String] = [:]

  /// Creates a reporter.
  ///
  /// - Parameters:
  ///   - colored: Whether to use ANSI colours (only on a terminal, and never when `NO_COLOR` is set).
  ///   - output: Receives each line of the report, without a newline.
  ///   - errorOutput: Receives each line about invalid files, without a newline.
  package init(colored: Bool, output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
    self.style = TextStyle(enabled: colored)
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Handles one event of the run.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      writeStart(started)
    case .invalid(_, let errors):
      for error in errors { errorOutput(ReportText.error(error.description, style: style)) }
    case .scenario(let scenario):
      steps += scenario.stepCount
      let lines =
        implementations.count > 1
        ? VerdictText.matrixLines(
          scenario, implementations: implementations, style: style, sameReasonAsAbove: isSameNotRunReason)
        : VerdictText.singleLines(
          scenario, style: style, sameReasonAsAbove: scenario.verdicts.first.map(isSameNotRunReason) ?? false)
      for verdict in scenario.verdicts {
        if case .noTrace(.notRun(let reason)) = verdict.outcome { lastNotRunReason[verdict.implementation] = reason }
      }
      lines.forEach(output)
    case .finished(let summary):
      writeInvalidBaseline(summary)
      for line in Self.totalsLines(summary, steps: steps, style: style) { output(line) }
    }
  }

  private func writeStart(_ started: [(name: String, info: ImplementationInfo?, startError: String?)]) {
    implementations = started.map(\.name)
    for entry in started {
      // The error may carry the harness's stderr: one report line per line, each made safe.
      guard let error = entry.startError else { continue }
      ReportText.startErrorLines(implementation: entry.name, error: error, style: style).forEach(errorOutput)
    }
    if implementations.count > 1 {
      output(style.bold(implementations.map(ReportText.pad).joined() + "scenario"))
    } else if let only = started.first, only.name != SwiftImplementation.defaultName, let info = only.info {
      output(
        style.dim(
          "Implementation '\(only.name)': \(ReportText.oneLine(info.language)) \(ReportText.oneLine(info.version))"))
    }
  }

  private func isSameNotRunReason(_ verdict: Verdict) -> Bool {
    guard case .noTrace(.notRun(let reason)) = verdict.outcome else { return false }
    return lastNotRunReason[verdict.implementation] == reason
  }

  private func writeInvalidBaseline(_ summary: RunSummary) {
    for error in summary.invalidBaseline { errorOutput(ReportText.error(error.description, style: style)) }
  }
}
