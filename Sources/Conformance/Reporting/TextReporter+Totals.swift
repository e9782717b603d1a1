/// The end of the text report: totals per implementation, warnings, and the closing line `N passed, N failed`.
extension TextReporter {
  // MARK: - Totals

  func writeTotals(_ summary: RunSummary) {
    output("")
    let unusual = summary.counts.values.contains { $0.keys.contains { !["passed", "failed", "skipped"].contains($0) } }
    if summary.implementations.count > 1 || unusual {
      for name in summary.implementations {
        let counts = summary.counts[name] ?? [:]
        let parts = Self.outcomeOrder.compactMap { label in counts[label].map { "\($0) \(label)" } }
        output("\(name): \(parts.isEmpty ? "nothing run" : parts.joined(separator: ", "))")
      }
    }
    for name in summary.implementations {
      let counts = summary.counts[name] ?? [:]
      let total = counts.values.reduce(0, +)
      let broken = ["crashed", "timed out", "protocol error", "not run"].reduce(0) { $0 + (counts[$1] ?? 0) }
      // Bowtie's lesson: when nearly everything is a harness fault, say so instead of listing "failures".
      if total > 0, broken * 10 >= total * 9 {
        output(
          style.red("\(name): the implementation looks broken")
            + " (\(broken) of \(Self.plural(total, "scenario", "scenarios")) crashed, timed out, broke the protocol or did not run); fix it first"
        )
      }
    }
    if summary.divergences > 0 {
      output(style.red(Self.plural(summary.divergences, "divergence", "divergences") + " between implementations"))
    }
    writeBaselineTotals(summary)
    if summary.invalidFiles > 0 {
      output(style.red(Self.plural(summary.invalidFiles, "file", "files") + " invalid (see the errors above)"))
    }
    if let remaining = summary.stoppedEarlyWithRemaining {
      output("Stopped at the first failure (--fail-fast); \(Self.plural(remaining, "file", "files")) not run")
    }
    if summary.skipped > 0, !summary.allowsSkipped {
      output(
        style.red(Self.plural(summary.skipped, "skip", "skips")) + (summary.skipped == 1 ? " fails" : " fail")
          + " the run; pass --allow-skipped to accept scenarios an implementation does not support")
    }
    if summary.scenarios == 0 {
      output(style.red("No scenarios were run") + (summary.invalidFiles > 0 ? "" : "; check the paths and filters"))
    }
    let scenarios = Self.plural(summary.scenarios, "scenario", "scenarios")
    output(
      style.dim("Ran \(scenarios) (\(Self.plural(steps, "step", "steps"))) in \(Self.formatSeconds(summary.duration))"))
    var closing = "\(summary.passed) passed, \(summary.failed) failed"
    if summary.skipped > 0 { closing += ", \(summary.skipped) skipped" }
    if summary.known > 0 { closing += ", \(summary.known) known" }
    // What went wrong besides scenarios is counted too, so the closing line never reads like a clean run.
    if summary.invalidFiles > 0 { closing += ", " + Self.plural(summary.invalidFiles, "invalid file", "invalid files") }
    output(closing)
  }

  /// The baseline's lines: known pairs and divergences on a line of their own, expired entries, how many entries
  /// fail the run, and (on the error output) entries that match no scenario.
  private func writeBaselineTotals(_ summary: RunSummary) {
    let file = summary.baselineFile ?? "the baseline"
    var known: [String] = []
    if summary.known > 0 { known.append(Self.plural(summary.known, "known failure", "known failures")) }
    if summary.knownDivergences > 0 {
      known.append(Self.plural(summary.knownDivergences, "known divergence", "known divergences"))
    }
    if !known.isEmpty { output(style.yellow(known.joined(separator: " and ")) + ", listed in \(Self.oneLine(file))") }
    for problem in summary.baselineProblems where problem.kind == .expired {
      output(style.red(Self.oneLine(problem.description)))
    }
    if !summary.baselineProblems.isEmpty {
      let kinds: [BaselineProblem.Kind] = [.fixed, .different, .expired]
      let parts = kinds.compactMap { kind -> String? in
        let count = summary.baselineProblems.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(count) \(kind.rawValue)"
      }
      let count = summary.baselineProblems.count
      output(
        style.red(Self.plural(count, "baseline entry fails", "baseline entries fail"))
          + " the run (\(parts.joined(separator: ", ")))")
    }
    for error in summary.invalidBaseline { errorOutput(style.red("error: ") + error.description) }
    if !summary.invalidBaseline.isEmpty {
      output(style.red("The baseline \(Self.oneLine(file)) is invalid (see the errors above)"))
    }
  }

  /// Text from a harness or a scenario, made safe and short: every control character (ESC, CR, LF, BEL…) is shown as
  /// `\uXXXX`, so it can neither drive the terminal nor fake a report line, and it is clipped to `limit` scalars.
  package static func oneLine(_ text: String, limit: Int = 500) -> String {
    clip(ControlEscaping.escape(text), limit: limit)
  }

  /// A line cut to 500 Unicode scalars, saying how much was left out, so a huge value cannot flood the report (the
  /// JSON report keeps values whole).
  static func clip(_ line: String, limit: Int = 500) -> String {
    guard line.utf8.count > limit else { return line }
    let scalars = line.unicodeScalars
    let total = scalars.count
    guard total > limit else { return line }
    var clipped = String(String.UnicodeScalarView(scalars.prefix(limit)))
    clipped += "… (\(total - limit) more characters)"
    return clipped
  }

  /// How many failing steps after the first are listed (by their mismatch lines, without diffs).
  static let maximumLaterSteps = 10

  /// How many mismatches or divergence rows a failure lists before summarising the rest.
  static let maximumListedItems = 50

  static let outcomeOrder = [
    "passed", "known", "failed", "errored", "crashed", "timed out", "protocol error", "skipped", "not run",
  ]

  /// `1 scenario`, `2 scenarios`.
  package static func plural(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }

  /// `0.004 s`, `0.37 s`, `12 s`.
  static func formatSeconds(_ seconds: Double) -> String {
    if seconds < 0.1 { return "\((seconds * 1000).rounded() / 1000) s" }
    return seconds < 10 ? "\((seconds * 100).rounded() / 100) s" : "\(Int(seconds.rounded())) s"
  }

  static func pad(_ text: String) -> String {
    text.padding(toLength: max(16, text.count + 2), withPad: " ", startingAt: 0)
  }
}
