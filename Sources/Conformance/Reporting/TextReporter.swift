/// Writes the human report: one line per scenario as it finishes, details under each failure, then totals and a
/// closing line `N passed, N failed` (`, N skipped` when any were skipped).
///
/// With one implementation a line is `✓ id` or `✗ id (outcome)`; with several, each line is a row of the
/// scenario × implementation matrix with one outcome per column. Failures show the file, the step number, the action
/// sent, every mismatch by JSON path and a `-`/`+` diff over a stable rendering (sorted keys) with a legend.
/// Divergences show each differing path three ways: expected, then each implementation. Invalid files go to
/// `errorOutput`.
public final class TextReporter: RunReporter {
  let sink: (String) -> Void
  /// When set, lines are collected here instead of written (to compare two implementations' details).
  var captured: [String]?
  let errorOutput: (String) -> Void
  let style: TextStyle
  var implementations: [String] = []
  var steps = 0
  /// The last `not run` reason printed per implementation, so a repeated reason is printed once.
  private var lastNotRunReason: [String: String] = [:]

  /// Creates a reporter.
  ///
  /// - Parameters:
  ///   - colored: Whether to use ANSI colours (only on a terminal, and never when `NO_COLOR` is set).
  ///   - output: Receives each line of the report, without a newline.
  ///   - errorOutput: Receives each line about invalid files, without a newline.
  public init(colored: Bool, output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
    self.style = TextStyle(enabled: colored)
    self.sink = output
    self.errorOutput = errorOutput
  }

  /// Handles one event of the run.
  public func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      implementations = started.map(\.name)
      for entry in started where entry.startError != nil {
        // The error may carry the harness's stderr: one report line per line, each made safe.
        let lines = (entry.startError ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        errorOutput(
          style.red("error: ")
            + "the implementation '\(entry.name)' did not start: \(Self.oneLine(String(lines.first ?? "")))")
        for line in lines.dropFirst() { errorOutput("  \(Self.oneLine(String(line)))") }
      }
      if implementations.count > 1 {
        output(style.bold(implementations.map(Self.pad).joined() + "scenario"))
      } else if let only = started.first, only.name != SwiftImplementation.defaultName, let info = only.info {
        output(style.dim("Implementation '\(only.name)': \(Self.oneLine(info.language)) \(Self.oneLine(info.version))"))
      }
    case .invalid(_, let errors):
      for error in errors { errorOutput(style.red("error: ") + error.description) }
    case .scenario(let report):
      steps += report.stepCount
      if implementations.count > 1 { writeRow(report) } else { writeLine(report) }
    case .finished(let summary):
      writeTotals(summary)
    }
  }

  // MARK: - Scenario lines

  private func writeLine(_ report: ScenarioReport) {
    guard let result = report.results.first else { return }
    switch result.outcome {
    case .passed: output(style.green("✓") + " " + report.id)
    case .skipped(let reason):
      output(style.yellow("-") + " " + report.id + style.dim(" (skipped: \(Self.oneLine(reason)))"))
    case .known(let known):
      output(style.yellow("~") + " " + report.id + style.dim(" (known: \(Self.oneLine(known.reason)))"))
    default:
      output(style.red("✗") + " " + report.id + " (\(result.outcome.label))")
      output("    file: \(Self.oneLine(report.file))")
      writeDetails(result, indent: "    ")
    }
    writeBaselineProblems(report)
    writeNotChecked(result, indent: "    ")
  }

  private func writeRow(_ report: ScenarioReport) {
    let cells = report.results.map { result -> String in
      let text = Self.pad(result.outcome.label)
      switch result.outcome {
      case .passed: return style.green(text)
      case .skipped, .known: return style.yellow(text)
      default: return style.red(text)
      }
    }
    let note =
      report.divergence == nil
      ? "" : report.divergenceIsKnown ? style.yellow(" (known divergence)") : style.red(" (divergence)")
    output(cells.joined() + report.id + note)
    defer { writeNotCheckedRows(report) }
    guard report.isFailure else { return }
    output("    file: \(Self.oneLine(report.file))")
    // Implementations that failed in exactly the same way are described once, named together.
    var groups: [(names: [String], lines: [String])] = []
    for result in report.results where result.outcome.isFailure {
      captured = []
      writeDetails(result, indent: "")
      let lines = captured ?? []
      captured = nil
      if let index = groups.firstIndex(where: { $0.lines == lines }) {
        groups[index].names.append(result.implementation)
      } else {
        groups.append(([result.implementation], lines))
      }
    }
    for group in groups {
      for (index, line) in group.lines.enumerated() {
        output(index == 0 ? "    \(group.names.joined(separator: ", ")): \(line)" : line.isEmpty ? "" : "    \(line)")
      }
    }
    if let divergence = report.divergence, !report.divergenceIsKnown {
      writeDivergence(divergence, stepCount: report.stepCount)
    }
    writeBaselineProblems(report)
  }

  /// The baseline's `fixed` and `different` findings for a scenario, each `FILE: entries[i]: MESSAGE`.
  private func writeBaselineProblems(_ report: ScenarioReport) {
    for problem in report.baselineProblems { output("    " + style.red(Self.oneLine(problem.description))) }
  }

  private func writeNotCheckedRows(_ report: ScenarioReport) {
    for result in report.results where !result.notChecked.isEmpty && Self.wasCompared(result.outcome) {
      output(style.dim("    \(result.implementation): not checked (non-exhaustive):"))
      for line in result.notChecked { output(style.dim("      \(line)")) }
    }
  }

  private func writeDetails(_ result: ScenarioResult, indent: String) {
    switch result.outcome {
    case .passed, .skipped: return
    case .known(let known):
      output(
        "\(indent)known: \(Self.oneLine(known.reason)) (\(Self.oneLine(known.entry)), \(Self.oneLine(known.spec)))")
    case .failed(let failure):
      writeFailure(failure, indent: indent)
    case .errored(let step, let message):
      output("\(indent)errored at step \(step): \(Self.oneLine(message))")
    case .crashed(let message, let tail):
      output("\(indent)crashed: \(Self.oneLine(message))")
      writeTail(tail, indent: indent)
    case .timedOut(let seconds, let tail):
      output("\(indent)timed out: no reply within \(Self.formatSeconds(seconds)); its process group was killed")
      writeTail(tail, indent: indent)
    case .protocolError(let message, let line):
      output("\(indent)protocol error: \(Self.oneLine(message))")
      if !line.isEmpty { output("\(indent)  offending line: \(Self.oneLine(line, limit: 700))") }
    case .notRun(let reason):
      if lastNotRunReason[result.implementation] == reason {
        output("\(indent)not run: the same reason as above")
      } else {
        lastNotRunReason[result.implementation] = reason
        output("\(indent)not run: \(Self.oneLine(reason, limit: 2000))")
      }
    }
  }

  private func writeFailure(_ failure: StepFailure, indent: String) {
    let action = JSONRenderer.compact(failure.action, style: .display)
    output("\(indent)step \(failure.stepIndex + 1) of \(failure.stepCount): send \(Self.clip(action))")
    if let note = failure.stepDescription { output("\(indent)  (\(Self.oneLine(note)))") }
    for mismatch in failure.mismatches.prefix(Self.maximumListedItems) { output("\(indent)  \(mismatch)") }
    if failure.mismatches.count > Self.maximumListedItems {
      output(
        "\(indent)  … and \(failure.mismatches.count - Self.maximumListedItems) more differences (the JSON report lists all)"
      )
    }
    let stateDiffers = failure.mismatches.contains { $0.path.components.first == .key("state") }
    let effectsDiffer = failure.mismatches.contains { $0.path.components.first == .key("effects") }
    output("")
    var showedDiff = false
    if stateDiffers, let expected = failure.expectedState {
      output("\(indent)  State after step \(failure.stepIndex + 1):")
      writeDiff(expected: expected, actual: failure.actualState, indent: indent + "  ")
      showedDiff = true
    }
    if effectsDiffer, failure.expectedState != nil {
      output("\(indent)  Effects of step \(failure.stepIndex + 1):")
      writeDiff(expected: .array(failure.expectedEffects), actual: .array(failure.actualEffects), indent: indent + "  ")
      showedDiff = true
    }
    if showedDiff { output("\(indent)  (\(style.red("-")) expected, \(style.green("+")) actual)") }
    for later in failure.laterSteps.prefix(Self.maximumLaterSteps) {
      output(
        "\(indent)step \(later.stepIndex + 1) of \(failure.stepCount): send \(Self.clip(JSONRenderer.compact(later.action, style: .display)))"
      )
      for mismatch in later.mismatches.prefix(Self.maximumListedItems) { output("\(indent)  \(mismatch)") }
      if later.mismatches.count > Self.maximumListedItems {
        output(
          "\(indent)  … and \(Self.plural(later.mismatches.count - Self.maximumListedItems, "more difference", "more differences"))"
        )
      }
    }
    if failure.laterSteps.count > Self.maximumLaterSteps {
      output(
        "\(indent)… and \(failure.laterSteps.count - Self.maximumLaterSteps) more failing steps (the JSON report lists all)"
      )
    }
  }

  private func writeDiff(expected: JSONValue, actual: JSONValue, indent: String) {
    for line in LineDiff.lines(expected: JSONRenderer.prettyLines(expected), actual: JSONRenderer.prettyLines(actual)) {
      switch line {
      case .same(let text): output("\(indent)  \(Self.clip(text))")
      case .removed(let text): output(style.red("\(indent)- \(Self.clip(text))"))
      case .added(let text): output(style.green("\(indent)+ \(Self.clip(text))"))
      case .elided(let count): output("\(indent)  … (\(count) unchanged line\(count == 1 ? "" : "s"))")
      case .tooLarge(let count):
        output("\(indent)  (\(count) lines in all: too large to show; the JSON report has both values whole)")
      }
    }
  }

  private func writeDivergence(_ divergence: Divergence, stepCount: Int) {
    let action = JSONRenderer.compact(divergence.action, style: .display)
    output(
      "    " + style.red("divergence")
        + " at step \(divergence.stepIndex + 1) of \(stepCount): send \(Self.clip(action))")
    let width = max(8, (implementations.map(\.count).max() ?? 0)) + 2
    if divergence.rows.count > Self.maximumListedItems {
      output(
        "      (the first \(Self.maximumListedItems) of \(divergence.rows.count) differing paths; the JSON report lists all)"
      )
    }
    for row in divergence.rows.prefix(Self.maximumListedItems) {
      output("      \(row.path)")
      let label = "expected:".padding(toLength: width + 1, withPad: " ", startingAt: 0)
      let expected =
        row.expected.map { JSONRenderer.compact($0, style: .display) }
        ?? (row.isSpecified ? "(absent)" : "(not checked)")
      output("        \(label)\(Self.clip(expected))")
      for (name, value) in row.values {
        let label = "\(name):".padding(toLength: width + 1, withPad: " ", startingAt: 0)
        output("        \(label)\(Self.clip(value.map { JSONRenderer.compact($0, style: .display) } ?? "(absent)"))")
      }
    }
  }

  /// Writes a result's details with no indentation (for the JUnit failure body).
  func writeDetailsForExport(_ result: ScenarioResult) {
    writeDetails(result, indent: "")
  }

  private func writeNotChecked(_ result: ScenarioResult, indent: String) {
    guard !result.notChecked.isEmpty, Self.wasCompared(result.outcome) else { return }
    output(style.dim("\(indent)not checked (non-exhaustive):"))
    for line in result.notChecked { output(style.dim("\(indent)  \(line)")) }
  }

  private func writeTail(_ tail: String, indent: String) {
    guard !tail.isEmpty else { return }
    output("\(indent)  stderr (last lines):")
    for line in tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(20) {
      output("\(indent)  | \(Self.oneLine(String(line)))")
    }
  }

  /// Whether the outcome came from comparing a trace (so a "not checked" list means something).
  static func wasCompared(_ outcome: Outcome) -> Bool {
    switch outcome {
    case .passed, .failed, .known: return true
    default: return false
    }
  }

  /// Writes one line, or collects it while ``captured`` is set.
  func output(_ line: String) {
    if captured != nil {
      captured?.append(line)
    } else {
      sink(line)
    }
  }

}

/// Receives the events of a run (``RunEvent``) as they happen.
public protocol RunReporter: AnyObject {
  /// Handles one event.
  func handle(_ event: RunEvent)
}

/// ANSI styling that is a no-op when colour is off.
struct TextStyle {
  let enabled: Bool
  func green(_ text: String) -> String { wrap(text, "32") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func bold(_ text: String) -> String { wrap(text, "1") }
  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
