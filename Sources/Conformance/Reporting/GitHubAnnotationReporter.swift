import Foundation

/// Writes GitHub Actions workflow commands for what went wrong, so a pull request shows each problem on the
/// scenario file's line: `::error file=F,line=L,title=T::MESSAGE` and `::warning …`.
///
/// Errors, most useful first: divergences (one per scenario, naming every implementation and the first differing
/// path), failures (`failed`, `errored`; at the failing step's line), invalid files (at their line and column) and
/// harness faults (`crashed`, `timed out`, `protocol error`, `not run`; at the scenario's line). Warnings: `flaky`
/// pairs (passed on a retry; at the scenario's line), known pairs that fail differently than recorded, expired
/// baseline entries. GitHub shows at most 10 error and 10 warning
/// annotations per step, so at most 10 of each are written, after the run, and a final `::notice::` says how many were
/// left out. Messages are the text report's lines for the problem; values are escaped as the runner unescapes them
/// (``GitHubCommand``).
package final class GitHubAnnotationReporter: RunReporter {
  /// Error and warning annotations written at most (GitHub's per-step limit for each).
  package static let limit = 10

  private let output: (String) -> Void
  private let locator: ScenarioLocator
  /// Error annotations by priority: divergences, failures, invalid files, harness faults.
  private var errors: [[GitHubCommand]] = [[], [], [], []]
  private var warnings: [GitHubCommand] = []

  /// Creates a reporter.
  ///
  /// - Parameters:
  ///   - locator: Places results in their files.
  ///   - output: Receives each command line, without a newline.
  package init(locator: ScenarioLocator, output: @escaping (String) -> Void) {
    self.locator = locator
    self.output = output
  }

  /// Collects one event's annotations; writes them all when the run finishes.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started, .implementationStarted: break
    case .invalid(let file, let inputErrors):
      for error in inputErrors {
        errors[2].append(
          GitHubCommand(
            "error", file: locator.relativePath(error.file.isEmpty ? file : error.file), line: locator.line(of: error),
            column: error.column, title: "invalid file", message: error.description))
      }
    case .scenario(let report): collect(report)
    case .finished(let summary):
      for problem in summary.baselineProblems where problem.kind == .expired {
        let file = summary.baselineFile
        warnings.append(
          GitHubCommand(
            "warning", file: file.map(locator.relativePath),
            line: file.map { locator.elementLine(problem.index, of: "entries", file: $0) },
            title: "expired baseline entry",
            message: problem.description))
      }
      flush()
    }
  }

  private func collect(_ report: ScenarioVerdict) {
    let file = locator.relativePath(report.file)
    if let divergence = report.divergence, !report.divergenceIsKnown {
      let names = report.verdicts.map(\.implementation)
      let path = divergence.rows.first.map { " at \($0.path)" } ?? ""
      let lines = VerdictText.divergenceLines(
        divergence, stepCount: report.stepCount, implementations: names, style: .plain)
      errors[0].append(
        GitHubCommand(
          "error", file: file, line: locator.stepLine(divergence.stepIndex, id: report.id, file: report.file),
          title: "\(report.id) on \(names.joined(separator: ", "))",
          message: "\(names.joined(separator: ", ")) diverge\(path)\n"
            + lines.map { String($0.trimmingPrefix("    ")) }.joined(separator: "\n")))
    }
    for verdict in report.verdicts { collect(verdict, of: report, file: file) }
    for problem in report.baselineProblems where problem.kind == .different {
      warnings.append(
        GitHubCommand(
          "warning", file: file, line: locator.scenarioLine(id: report.id, file: report.file),
          title: "\(report.id) on \(problem.implementation ?? "")", message: problem.description))
    }
  }

  private func collect(_ verdict: Verdict, of report: ScenarioVerdict, file: String) {
    let priority: Int
    switch verdict.outcome {
    case .failed, .noTrace(.errored): priority = 1
    case .noTrace(.crashed), .noTrace(.timedOut), .noTrace(.protocolError), .noTrace(.notRun): priority = 3
    case .flaky:
      warnings.append(
        GitHubCommand(
          "warning", file: file, line: locator.scenarioLine(id: report.id, file: report.file),
          title: "\(report.id) on \(verdict.implementation) is flaky",
          message: (["passed on attempt \(verdict.attempts) of \(verdict.attempts)"]
            + VerdictText.attemptLines(verdict, indent: "")).joined(separator: "\n")))
      return
    default: return
    }
    let line = locator.line(of: verdict)
    let details = VerdictText.details(verdict.outcome, indent: "", style: .plain)
    errors[priority].append(
      GitHubCommand(
        "error", file: file, line: line, title: "\(report.id) on \(verdict.implementation)",
        message: details.isEmpty ? VerdictText.headline(verdict.outcome) : details.joined(separator: "\n")))
  }

  /// Writes the first ``limit`` errors by priority and warnings, then a notice for what was left out.
  private func flush() {
    let all = errors.flatMap { $0 }
    all.prefix(Self.limit).forEach { output($0.line) }
    warnings.prefix(Self.limit).forEach { output($0.line) }
    let leftErrors = max(0, all.count - Self.limit)
    let leftWarnings = max(0, warnings.count - Self.limit)
    guard leftErrors + leftWarnings > 0 else { return }
    var parts: [String] = []
    if leftErrors > 0 { parts.append(ReportText.plural(leftErrors, "error", "errors")) }
    if leftWarnings > 0 { parts.append(ReportText.plural(leftWarnings, "warning", "warnings")) }
    output(
      GitHubCommand(
        "notice", title: "conformance",
        message: "\(parts.joined(separator: " and ")) not annotated (GitHub shows at most \(Self.limit) of each per "
          + "step); the log lists every one"
      ).line)
  }
}
