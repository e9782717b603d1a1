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
    case .implementationStarted(let name, let info, let startError):
      writeStart(name: name, info: info, startError: startError)
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
    } else if let only = started.first, let info = only.info {
      writeDescription(name: only.name, info: info)
    }
  }

  /// A late start, just before the first scenario that needed it: its error, or, as the run's only implementation,
  /// what it said about itself, as the start of the run shows it.
  private func writeStart(name: String, info: ImplementationInfo?, startError: String?) {
    if let startError {
      ReportText.startErrorLines(implementation: name, error: startError, style: style).forEach(errorOutput)
    } else if implementations.count == 1, let info {
      writeDescription(name: name, info: info)
    }
  }

  /// `Implementation 'kotlin': Kotlin 1.0.0`, for a run of one implementation other than the in-process Swift one.
  private func writeDescription(name: String, info: ImplementationInfo) {
    guard name != SwiftImplementation.defaultName else { return }
    output(
      style.dim("Implementation '\(name)': \(ReportText.oneLine(info.language)) \(ReportText.oneLine(info.version))"))
  }

  private func isSameNotRunReason(_ verdict: Verdict) -> Bool {
    guard case .noTrace(.notRun(let reason)) = verdict.outcome else { return false }
    return lastNotRunReason[verdict.implementation] == reason
  }

  private func writeInvalidBaseline(_ summary: RunSummary) {
    for error in summary.invalidBaseline { errorOutput(ReportText.error(error.description, style: style)) }
  }
}

// MARK: - TextStyle

/// ANSI styling that is a no-op when colour is off (`--color never`, `NO_COLOR`, or output that is not a terminal).
///
/// The styles are written as private-use stand-ins (``Mark``), not as escape sequences: the console escapes every
/// `ESC` in a line, then turns the stand-ins into SGR sequences (ECMA-48 §8.3.117). So untrusted text that carries
/// its own sequences (`ESC [ 8 m` conceals what follows) is shown escaped, while the tool's colours still work.
package struct TextStyle {
  /// Whether styles are written.
  let enabled: Bool

  /// No colour: what the JUnit body and other files get.
  package static let plain = TextStyle(enabled: false)

  /// The stand-ins for the tool's own styles, one private-use scalar each (U+F8F0–U+F8F5), and the SGR parameter each
  /// stands for.
  package enum Mark: Unicode.Scalar, CaseIterable, Sendable {
    /// `ESC [ 0 m`: back to the default.
    case reset = "\u{F8F0}"
    /// `ESC [ 32 m`.
    case green = "\u{F8F1}"
    /// `ESC [ 31 m`.
    case red = "\u{F8F2}"
    /// `ESC [ 33 m`.
    case yellow = "\u{F8F3}"
    /// `ESC [ 2 m`.
    case dim = "\u{F8F4}"
    /// `ESC [ 1 m`.
    case bold = "\u{F8F5}"

    /// The SGR sequence the stand-in becomes on a terminal.
    package var sequence: String {
      switch self {
      case .reset: return "\u{1B}[0m"
      case .green: return "\u{1B}[32m"
      case .red: return "\u{1B}[31m"
      case .yellow: return "\u{1B}[33m"
      case .dim: return "\u{1B}[2m"
      case .bold: return "\u{1B}[1m"
      }
    }
  }

  func green(_ text: String) -> String { wrap(text, .green) }
  func red(_ text: String) -> String { wrap(text, .red) }
  func yellow(_ text: String) -> String { wrap(text, .yellow) }
  func dim(_ text: String) -> String { wrap(text, .dim) }
  func bold(_ text: String) -> String { wrap(text, .bold) }
  private func wrap(_ text: String, _ mark: Mark) -> String {
    enabled ? String(mark.rawValue) + text + String(Mark.reset.rawValue) : text
  }
}
