import Foundation

/// Writes a run as GitHub-flavoured Markdown for a job's step summary (`$GITHUB_STEP_SUMMARY`): the totals (the
/// text report's own lines), a table of the scenario × implementation pairs that did not pass, each divergence with
/// its first differing step and path, the flaky pairs (passed on a retry) with the fault of each earlier attempt, the
/// known pairs and the invalid files.
///
/// GitHub refuses a step summary over 1 MiB, so the document is kept under ``budget`` bytes (512 KiB): rows and
/// entries past it are left out and a last line says how many. Table cells and list items have `|` and Markdown's
/// inline punctuation backslash-escaped and line breaks as `<br>`, so no value can break the table or render as
/// markup (`scripts/check-step-summary` renders a summary with markdown-it-py and checks it).
package final class StepSummaryReporter: RunReporter {
  /// The most bytes the document takes.
  package static let budget = 512 << 10
  /// The document's first line: an HTML comment, which GitHub does not render, by which `--summary` recognises a
  /// file this tool wrote and may append to (anything else is refused, so a typo never damages a file).
  package static let marker = "<!-- udf-conformance step summary -->"

  private let locator: ScenarioLocator
  private(set) var implementations: [String] = []
  private(set) var steps = 0
  private(set) var table: [String] = []
  private(set) var divergences: [String] = []
  private(set) var known: [String] = []
  private(set) var flaky: [String] = []
  private(set) var invalid: [String] = []
  private var used = 4096
  private(set) var cut = 0
  /// The document, once the run finished.
  package private(set) var document = ""

  /// Creates a reporter.
  ///
  /// - Parameter locator: Places scenarios and invalid files in their files.
  package init(locator: ScenarioLocator) { self.locator = locator }

  /// Collects one event; the document is ready after `finished`.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started): implementations = started.map(\.name)
    case .implementationStarted: break
    case .invalid(let file, let errors):
      for error in errors {
        let path = locator.relativePath(error.file.isEmpty ? file : error.file)
        let column = error.column.map { ":\($0)" } ?? ""
        add("- `\(Self.code(path)):\(locator.line(of: error))\(column)`: \(Self.cell(error.message))", to: &invalid)
      }
    case .scenario(let report): collect(report)
    case .finished(let summary): document = render(summary)
    }
  }

  private func collect(_ report: ScenarioVerdict) {
    steps += report.stepCount
    let location = "`\(Self.code(locator.relativePath(report.file)))`"
    if report.isFailure || report.hasSkip {
      let cells = report.verdicts.map { verdict in
        verdict.outcome.kind == .passed
          ? "passed" : Self.cell(ReportText.oneLine(VerdictText.headline(verdict.outcome), limit: 300))
      }
      add("| \(Self.cell(report.id)) | " + cells.joined(separator: " | ") + " |", to: &table)
    }
    if let divergence = report.divergence {
      let line = locator.stepLine(divergence.stepIndex, id: report.id, file: report.file)
      let path = divergence.rows.first.map { " at `\(Self.code($0.path.description))`" } ?? ""
      let values =
        divergence.rows.first.map { row in
          row.values.map {
            "\($0.implementation) `\(Self.code(ReportText.oneLine($0.value.map { JSONRenderer.compact($0, style: .display) } ?? "(absent)", limit: 200)))`"
          }
          .joined(separator: ", ")
        }.map { ": " + $0 } ?? ""
      let note = report.divergenceIsKnown ? " (known)" : ""
      add(
        "- **\(Self.cell(report.id))**\(note), \(location) line \(line): \(VerdictText.stepLabel(divergence.stepIndex))"
          + path + values, to: &divergences)
    }
    for verdict in report.verdicts where verdict.outcome.kind == .flaky {
      let faults = verdict.failedAttempts.map {
        ReportText.oneLine(VerdictText.headline(.noTrace($0.fault)), limit: 300)
      }
      add(
        "| \(Self.cell(report.id)) | \(Self.cell(verdict.implementation)) | \(verdict.attempts) | "
          + Self.cell(faults.joined(separator: "\n")) + " |", to: &flaky)
    }
    for verdict in report.verdicts {
      guard case .known(let failure) = verdict.outcome else { continue }
      add(
        "| \(Self.cell(report.id)) | \(Self.cell(verdict.implementation)) | \(Self.cell(failure.reason)) |",
        to: &known)
    }
  }

  /// Appends a line to a section while the budget lasts; counts it as cut otherwise.
  private func add(_ line: String, to section: inout [String]) {
    let size = line.utf8.count + 1
    guard used + size <= Self.budget else {
      cut += 1
      return
    }
    used += size
    section.append(line)
  }
}
