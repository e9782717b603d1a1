/// Turns verdicts, failures and divergences into report lines: pure functions, as swift-custom-dump renders values.
///
/// The text reporter prints these lines, the JUnit reporter puts them in `<failure>` bodies, and the JSON reporter
/// uses ``headline(_:)``; no reporter drives another. Every value from a scenario or a harness passes through
/// ``ReportText/oneLine(_:limit:)`` or ``ReportText/clip(_:limit:)``.
package enum VerdictText {
  /// A one-line summary of an outcome, e.g. `step 3: state.isLoading: expected true, got false`.
  static func headline(_ outcome: Outcome) -> String {
    switch outcome {
    case .passed: return "passed"
    case .flaky: return "flaky: passed on a retry"
    case .failed(let failure):
      guard let first = failure.mismatches.first, !first.isAtEnd else {
        return "at the end: " + (failure.mismatches.first?.description ?? "mismatch")
      }
      // The creation (format v1.3) is its own heading, never "step 0".
      if failure.stepIndex < 0 { return "\(failure.title ?? "start (creation)"): " + first.description }
      let title = failure.title.map { " (\($0))" } ?? ""
      return "step \(failure.stepIndex + 1)\(title): " + first.description
    case .known(let known): return "known: \(known.reason)"
    case .noTrace(.errored(let step, let message)): return "errored at step \(step): \(message)"
    case .noTrace(.crashed(let message, _)): return "crashed: \(message)"
    case .noTrace(.timedOut(let seconds, _)): return "timed out after \(ReportText.seconds(seconds))"
    case .noTrace(.protocolError(let message, _)): return "protocol error: \(message)"
    case .noTrace(.skipped(let reason)): return "skipped: \(reason)"
    case .noTrace(.notRun(let reason)): return "not run: \(reason)"
    case .noTrace(.notApplicable(let reason)): return "not applicable: \(reason)"
    }
  }

  /// The lines under a result that did not pass: the failing step with its mismatches and diffs, the harness's
  /// error, or the reason it did not run. Empty for `passed` and `skipped`.
  ///
  /// - Parameter sameReasonAsAbove: Whether a `not run` reason was already printed for this implementation; then
  ///   one short line refers back to it.
  static func details(
    _ outcome: Outcome, indent: String, style: TextStyle, sameReasonAsAbove: Bool = false
  ) -> [String] {
    switch outcome {
    case .passed, .flaky, .noTrace(.skipped), .noTrace(.notApplicable): return []
    case .known(let known):
      return [
        "\(indent)known: \(ReportText.oneLine(known.reason)) (\(ReportText.oneLine(known.entry)), \(ReportText.oneLine(known.spec)))"
      ]
    case .failed(let failure):
      return failureLines(failure, indent: indent, style: style)
    case .noTrace(.errored(let step, let message)):
      return ["\(indent)errored at step \(step): \(ReportText.oneLine(message))"]
    case .noTrace(.crashed(let message, let tail)):
      return ["\(indent)crashed: \(ReportText.oneLine(message))"] + tailLines(tail, indent: indent)
    case .noTrace(.timedOut(let seconds, let tail)):
      return [
        "\(indent)timed out: no reply within \(ReportText.seconds(seconds)); its process group was killed"
      ] + tailLines(tail, indent: indent)
    case .noTrace(.protocolError(let message, let line)):
      let quoted = line.isEmpty ? [] : ["\(indent)  offending line: \(ReportText.oneLine(line, limit: 700))"]
      return ["\(indent)protocol error: \(ReportText.oneLine(message))"] + quoted
    case .noTrace(.notRun(let reason)):
      return sameReasonAsAbove
        ? ["\(indent)not run: the same reason as above"]
        : ["\(indent)not run: \(ReportText.oneLine(reason, limit: 2000))"]
    }
  }

  /// A failing step: what it sent, every mismatch (up to ``ReportText/maximumListedItems``), a `-`/`+` diff of the
  /// state and effects that differ, then the later failing steps by their mismatches.
  ///
  /// The end-of-scenario check of a runtime scenario (`pending.NAME`, README §13.4), which reports carry with the last
  /// step, is printed under its own heading, `at the end: call a1 (authenticate) is still pending`, so that it never
  /// reads as a failure of the last step.
  static func failureLines(_ failure: StepFailure, indent: String, style: TextStyle) -> [String] {
    var lines: [String] = []
    var atEnd: [Mismatch] = []
    let stepMismatches = failure.title == nil ? failure.mismatches : failure.mismatches.filter { !$0.isAtEnd }
    if failure.title != nil { atEnd += failure.mismatches.filter(\.isAtEnd) }
    if !stepMismatches.isEmpty {
      lines.append(indent + heading(failure.stepIndex, of: failure.stepCount, title: failure.title, failure.action))
      if let note = failure.stepDescription { lines.append("\(indent)  (\(ReportText.oneLine(note)))") }
      lines += mismatchLines(stepMismatches, indent: indent + "  ") {
        "… and \($0) more differences (the JSON report lists all)"
      }
      let diffLines = diffs(failure, indent: indent + "  ", style: style)
      // A runtime step that failed only on its calls has no diff to set apart (reducer output is unchanged).
      if !(diffLines.isEmpty && failure.title != nil) { lines.append("") }
      lines += diffLines
    }
    var shown = 0
    for later in failure.laterSteps {
      let mismatches = later.title == nil ? later.mismatches : later.mismatches.filter { !$0.isAtEnd }
      if later.title != nil { atEnd += later.mismatches.filter(\.isAtEnd) }
      guard !mismatches.isEmpty else { continue }
      shown += 1
      guard shown <= ReportText.maximumLaterSteps else { continue }
      lines.append(indent + heading(later.stepIndex, of: failure.stepCount, title: later.title, later.action))
      lines += mismatchLines(mismatches, indent: indent + "  ") {
        "… and \(ReportText.plural($0, "more difference", "more differences"))"
      }
    }
    if shown > ReportText.maximumLaterSteps {
      lines.append(
        "\(indent)… and \(shown - ReportText.maximumLaterSteps) more failing steps (the JSON report lists all)")
    }
    if atEnd.count == 1 {
      lines.append("\(indent)at the end: \(atEnd[0])")
    } else if !atEnd.isEmpty {
      lines.append("\(indent)at the end:")
      lines += mismatchLines(atEnd, indent: indent + "  ") {
        "… and \(ReportText.plural($0, "more difference", "more differences"))"
      }
    }
    return lines
  }

  /// `step 3 of 5: send submit`, or `start (creation)` for the creation (index -1, format v1.3).
  static func heading(_ index: Int, of count: Int, title: String?, _ action: JSONValue) -> String {
    index < 0 ? (title ?? "start (creation)") : "step \(index + 1) of \(count): \(stepText(title, action))"
  }

  /// `step 3`, or `start (creation)` for the creation (index -1): how a diff heading names the step.
  static func stepLabel(_ index: Int) -> String { index < 0 ? "start (creation)" : "step \(index + 1)" }

  /// The divergence block of the matrix report: the step, then each differing path three ways (expected, then each
  /// implementation's value), up to ``ReportText/maximumListedItems`` paths.
  static func divergenceLines(
    _ divergence: Divergence, stepCount: Int, implementations: [String], style: TextStyle
  ) -> [String] {
    var lines = [
      "    " + style.red("divergence")
        + " at \(heading(divergence.stepIndex, of: stepCount, title: divergence.title, divergence.action))"
    ]
    let width = max(8, (implementations.map(\.count).max() ?? 0)) + 2
    if divergence.rows.count > ReportText.maximumListedItems {
      lines.append(
        "      (the first \(ReportText.maximumListedItems) of \(divergence.rows.count) differing paths; the JSON report lists all)"
      )
    }
    for row in divergence.rows.prefix(ReportText.maximumListedItems) {
      lines.append("      \(row.path)")
      let expected = row.expected.map(display) ?? (row.isSpecified ? "(absent)" : "(not checked)")
      lines.append("        \(label("expected:", width))\(ReportText.clip(expected))")
      for (name, value) in row.values {
        lines.append("        \(label("\(name):", width))\(ReportText.clip(value.map(display) ?? "(absent)"))")
      }
    }
    return lines
  }

  /// A scenario as a row of the scenario × implementation matrix, and, when it fails the gate, its file, the details
  /// of each failing implementation (implementations that failed alike are described once, named together), the
  /// divergence and the baseline's findings; then what non-exhaustive steps left unchecked.
  ///
  /// - Parameter sameReasonAsAbove: Whether an implementation's `not run` reason was printed before.
  static func matrixLines(
    _ scenario: ScenarioVerdict, implementations: [String], style: TextStyle,
    sameReasonAsAbove: (Verdict) -> Bool = { _ in false }
  ) -> [String] {
    let cells = scenario.verdicts.enumerated().map { column, verdict -> String in
      let header = implementations.indices.contains(column) ? implementations[column] : ""
      let text = ReportText.pad(verdict.outcome.label, under: header)
      switch verdict.outcome.kind {
      case .passed: return style.green(text)
      case .skipped, .known, .flaky: return style.yellow(text)
      case .notApplicable: return style.dim(text)
      default: return style.red(text)
      }
    }
    let note =
      scenario.divergence == nil
      ? "" : scenario.divergenceIsKnown ? style.yellow(" (known divergence)") : style.red(" (divergence)")
    var lines = [cells.joined() + scenario.id + note]
    if scenario.isFailure {
      lines.append("    file: \(ReportText.oneLine(scenario.file))")
      lines += groupedDetails(scenario, style: style, sameReasonAsAbove: sameReasonAsAbove)
      if let divergence = scenario.divergence, !scenario.divergenceIsKnown {
        lines += divergenceLines(
          divergence, stepCount: scenario.stepCount, implementations: implementations, style: style)
      }
      lines += baselineLines(scenario, style: style)
    }
    for verdict in scenario.verdicts {
      lines += attemptLines(verdict, indent: "    \(verdict.implementation): ")
    }
    for verdict in scenario.verdicts where !verdict.notChecked.isEmpty && verdict.outcome.wasCompared {
      lines.append(style.dim("    \(verdict.implementation): \(notCheckedHeading(verdict))"))
      lines += verdict.notChecked.map { style.dim("      \($0)") }
    }
    return lines
  }

  /// The lines of a scenario run on one implementation: `✓ id`, `- id (skipped: …)`, `~ id (known: …)`, or
  /// `✗ id (outcome)` with the file and the details; then the baseline's findings and what was not checked.
  package static func singleLines(_ scenario: ScenarioVerdict, style: TextStyle, sameReasonAsAbove: Bool) -> [String] {
    guard let verdict = scenario.verdicts.first else { return [] }
    var lines: [String]
    switch verdict.outcome {
    case .passed: lines = [style.green("✓") + " " + scenario.id]
    case .flaky:
      lines = [style.yellow("!") + " " + scenario.id + style.dim(" (flaky: passed on attempt \(verdict.attempts))")]
    case .noTrace(.skipped(let reason)):
      lines = [style.yellow("-") + " " + scenario.id + style.dim(" (skipped: \(ReportText.oneLine(reason)))")]
    case .noTrace(.notApplicable(let reason)):
      lines = [style.dim("·") + " " + scenario.id + style.dim(" (not applicable: \(ReportText.oneLine(reason)))")]
    case .known(let known):
      lines = [style.yellow("~") + " " + scenario.id + style.dim(" (known: \(ReportText.oneLine(known.reason)))")]
    default:
      lines = [
        style.red("✗") + " " + scenario.id + " (\(verdict.outcome.label))",
        "    file: \(ReportText.oneLine(scenario.file))",
      ]
      lines += details(verdict.outcome, indent: "    ", style: style, sameReasonAsAbove: sameReasonAsAbove)
    }
    lines += attemptLines(verdict, indent: "    ")
    lines += baselineLines(scenario, style: style)
    if !verdict.notChecked.isEmpty, verdict.outcome.wasCompared {
      lines.append(style.dim("    \(notCheckedHeading(verdict))"))
      lines += verdict.notChecked.map { style.dim("      \($0)") }
    }
    return lines
  }

  // MARK: - Parts

  /// The attempts before the last of a retried pair (`--retries`), one line each: `attempt 1 of 3: crashed: …`.
  static func attemptLines(_ verdict: Verdict, indent: String) -> [String] {
    verdict.failedAttempts.enumerated().map { index, attempt in
      "\(indent)attempt \(index + 1) of \(verdict.attempts): \(ReportText.oneLine(headline(.noTrace(attempt.fault))))"
    }
  }

  /// `not checked (non-exhaustive):`, or `not checked:` for an exhaustive scenario, whose only unchecked parts are
  /// those not applicable to the implementation (README §14.1).
  private static func notCheckedHeading(_ verdict: Verdict) -> String {
    verdict.isExhaustive ? "not checked:" : "not checked (non-exhaustive):"
  }

  private static func groupedDetails(
    _ scenario: ScenarioVerdict, style: TextStyle, sameReasonAsAbove: (Verdict) -> Bool
  ) -> [String] {
    var groups: [(names: [String], lines: [String])] = []
    for verdict in scenario.verdicts where verdict.outcome.isFailure {
      let lines = details(verdict.outcome, indent: "", style: style, sameReasonAsAbove: sameReasonAsAbove(verdict))
      if let index = groups.firstIndex(where: { $0.lines == lines }) {
        groups[index].names.append(verdict.implementation)
      } else {
        groups.append(([verdict.implementation], lines))
      }
    }
    return groups.flatMap { group in
      group.lines.enumerated().map { index, line in
        index == 0 ? "    \(group.names.joined(separator: ", ")): \(line)" : line.isEmpty ? "" : "    \(line)"
      }
    }
  }

  /// The baseline's `fixed` and `different` findings for a scenario, each `FILE: entries[i]: MESSAGE`.
  private static func baselineLines(_ scenario: ScenarioVerdict, style: TextStyle) -> [String] {
    scenario.baselineProblems.map { "    " + style.red(ReportText.oneLine($0.description)) }
  }

  private static func mismatchLines(
    _ mismatches: [Mismatch], indent: String, more: (Int) -> String
  ) -> [String] {
    var lines = mismatches.prefix(ReportText.maximumListedItems).map { "\(indent)\($0)" }
    if mismatches.count > ReportText.maximumListedItems {
      lines.append(indent + more(mismatches.count - ReportText.maximumListedItems))
    }
    return lines
  }

  private static func tailLines(_ tail: String, indent: String) -> [String] {
    guard !tail.isEmpty else { return [] }
    let lines = tail.split(separator: "\n", omittingEmptySubsequences: false).suffix(20)
    return ["\(indent)  stderr (last lines):"] + lines.map { "\(indent)  | \(ReportText.oneLine(String($0)))" }
  }

  private static func display(_ value: JSONValue) -> String { JSONRenderer.compact(value, style: .display) }

  /// What a step did: `send {…}` at reducer level, the runtime step's title (`advance 1`, `send submit`) otherwise.
  private static func stepText(_ title: String?, _ action: JSONValue) -> String {
    title.map { ReportText.oneLine($0) } ?? "send \(ReportText.clip(display(action)))"
  }

  private static func label(_ text: String, _ width: Int) -> String {
    ReportText.padded(text, to: width + 1)
  }
}
