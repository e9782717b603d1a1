/// The end of the text report: totals per implementation, warnings, and the closing line `N passed, N failed`.
extension TextReporter {
  /// The totals block, as lines: outcome counts per implementation (when there are several, or unusual outcomes),
  /// a warning for an implementation that looks broken, divergences, the baseline's findings, invalid files,
  /// `--fail-fast`, flaky pairs, skips, the time taken, and the closing line `N passed, N failed[, N flaky][, N
  /// skipped][, N known][, N invalid files]`.
  static func totalsLines(_ summary: RunSummary, steps: Int, style: TextStyle) -> [String] {
    var lines = [""]
    lines += countLines(summary, style: style)
    lines += unsentLines(summary, style: style)
    if summary.divergences > 0 {
      lines.append(
        style.red(ReportText.plural(summary.divergences, "divergence", "divergences") + " between implementations"))
    }
    lines += baselineLines(summary, style: style)
    for failure in summary.runFailures {
      lines.append(style.red("The run failed") + ": " + ReportText.oneLine(failure))
    }
    if summary.invalidFiles > 0 {
      lines.append(
        style.red(ReportText.plural(summary.invalidFiles, "file", "files") + " invalid (see the errors above)"))
    }
    if let remaining = summary.stoppedEarlyWithRemaining {
      lines.append(
        "Stopped at the first failure (--fail-fast); \(ReportText.plural(remaining, "file", "files")) not run")
    }
    lines += gateLines(summary, style: style)
    let scenarios = ReportText.plural(summary.scenarios, "scenario", "scenarios")
    lines.append(
      style.dim(
        "Ran \(scenarios) (\(ReportText.plural(steps, "step", "steps"))) in \(ReportText.seconds(summary.duration))"
          + (ReportText.shard(of: summary).map { " (\($0))" } ?? "")))
    lines.append(closingLine(summary))
    return lines
  }

  /// The lines that say why a run without failures can still fail, or checked nothing: flaky pairs, skips, a run on
  /// which no implementation applied, and no scenarios (for a shard, that it holds none).
  private static func gateLines(_ summary: RunSummary, style: TextStyle) -> [String] {
    var lines: [String] = []
    if summary.flaky > 0 {
      let pairs = ReportText.plural(summary.flaky, "flaky pair", "flaky pairs")
      lines.append(
        summary.allowsFlaky
          ? style.yellow(pairs) + " passed only on a retry after a crash or timeout; --no-flaky fails the run on them"
          : style.red(pairs + (summary.flaky == 1 ? " fails" : " fail") + " the run")
            + " (--no-flaky): passed only on a retry after a crash or timeout")
    }
    if summary.skipped > 0, !summary.allowsSkipped {
      lines.append(
        style.red(ReportText.plural(summary.skipped, "skip", "skips")) + (summary.skipped == 1 ? " fails" : " fail")
          + " the run; pass --allow-skipped to accept scenarios an implementation does not support")
    }
    if summary.ranNothing {
      lines.append(
        style.red("No implementation ran any scenario")
          + ": every pair is not applicable (the implementations' declared levels leave the scenarios' level out), "
          + "and a run that checks nothing is not a pass")
    }
    if summary.scenarios == 0, let shard = summary.shard?.shard {
      lines.append(
        "Shard \(shard) holds no scenarios" + (summary.invalidFiles > 0 ? "" : "; the other shards hold them"))
    } else if summary.scenarios == 0 {
      lines.append(
        style.red("No scenarios were run") + (summary.invalidFiles > 0 ? "" : "; check the paths and filters"))
    }
    return lines
  }

  /// `N passed, N failed`, then flaky, skipped, known, divergences, baseline problems, invalid baseline entries and invalid
  /// files when there are any: one count per JUnit testcase kind, so the text and JUnit reports agree, and the
  /// closing line never reads
  /// like a clean run when something besides scenarios went wrong.
  static func closingLine(_ summary: RunSummary) -> String {
    var closing = "\(summary.passed) passed, \(summary.failed) failed"
    if summary.flaky > 0 { closing += ", \(summary.flaky) flaky" }
    if summary.skipped > 0 { closing += ", \(summary.skipped) skipped" }
    if summary.notApplicable > 0 { closing += ", \(summary.notApplicable) not applicable" }
    if summary.known > 0 { closing += ", \(summary.known) known" }
    if summary.divergences > 0 { closing += ", " + ReportText.plural(summary.divergences, "divergence", "divergences") }
    if !summary.baselineProblems.isEmpty {
      closing += ", " + ReportText.plural(summary.baselineProblems.count, "baseline problem", "baseline problems")
    }
    if !summary.invalidBaseline.isEmpty {
      closing +=
        ", "
        + ReportText.plural(summary.invalidBaseline.count, "invalid baseline entry", "invalid baseline entries")
    }
    if summary.invalidFiles > 0 {
      closing += ", " + ReportText.plural(summary.invalidFiles, "invalid file", "invalid files")
    }
    if !summary.runFailures.isEmpty {
      closing += ", " + ReportText.plural(summary.runFailures.count, "run failure", "run failures")
    }
    return closing
  }

  /// Outcome counts per implementation, and Bowtie's lesson: when nearly everything is a harness fault, say so
  /// instead of listing "failures".
  private static func countLines(_ summary: RunSummary, style: TextStyle) -> [String] {
    var lines: [String] = []
    let usual: Set<Outcome.Kind> = [.passed, .failed, .skipped]
    let unusual = summary.tallies.values.contains { tally in tally.nonZero.contains { !usual.contains($0.kind) } }
    if summary.implementations.count > 1 || unusual {
      for name in summary.implementations {
        let parts = (summary.tallies[name] ?? OutcomeTally()).nonZero.map { "\($0.count) \($0.kind.label)" }
        lines.append("\(name): \(parts.isEmpty ? "nothing run" : parts.joined(separator: ", "))")
      }
    }
    for name in summary.implementations {
      let tally = summary.tallies[name] ?? OutcomeTally()
      let broken = Outcome.Kind.allCases.filter(\.isHarnessFault).reduce(0) { $0 + tally[$1] }
      if tally.total > 0, broken * 10 >= tally.total * 9 {
        lines.append(
          style.red("\(name): the implementation looks broken")
            + " (\(broken) of \(ReportText.plural(tally.total, "scenario", "scenarios")) crashed, timed out, broke the protocol or did not run); fix it first"
        )
      }
    }
    return lines
  }

  /// What each implementation did not check, and why: one line per reason a pair was `skipped` or `not applicable`,
  /// skips first, at most ``unsentReasonLimit`` per implementation, so that a gate that passes with pairs left out
  /// says which.
  private static func unsentLines(_ summary: RunSummary, style: TextStyle) -> [String] {
    var lines: [String] = []
    for name in summary.implementations {
      if summary.notStarted.contains(name) {
        lines.append(
          style.dim("\(name): not started, as no scenario in the run needs it (see its declared levels and features)"))
      }
      guard let reasons = summary.unsentReasons[name], !reasons.isEmpty else { continue }
      let sorted = reasons.sorted { $0.key < $1.key }
      for (key, count) in sorted.prefix(unsentReasonLimit) {
        let text = "\(name): \(count) \(key.kind.label): \(ReportText.oneLine(key.reason))"
        lines.append(key.kind == .skipped ? style.red(text) : style.dim(text))
      }
      if sorted.count > unsentReasonLimit {
        let rest = sorted.dropFirst(unsentReasonLimit).reduce(0) { $0 + $1.value }
        lines.append(
          style.dim(
            "\(name): \(ReportText.plural(rest, "more pair", "more pairs")) for "
              + ReportText.plural(sorted.count - unsentReasonLimit, "other reason", "other reasons")
              + " (see the report)"))
      }
    }
    return lines
  }

  /// The most reasons listed per implementation in the closing lines.
  static let unsentReasonLimit = 5

  /// The baseline's lines: known pairs and divergences on a line of their own, expired entries, how many entries
  /// fail the run, and whether the baseline is invalid (its errors go to the error output).
  private static func baselineLines(_ summary: RunSummary, style: TextStyle) -> [String] {
    var lines: [String] = []
    let file = summary.baselineFile ?? "the baseline"
    var known: [String] = []
    if summary.known > 0 { known.append(ReportText.plural(summary.known, "known failure", "known failures")) }
    if summary.knownDivergences > 0 {
      known.append(ReportText.plural(summary.knownDivergences, "known divergence", "known divergences"))
    }
    if !known.isEmpty {
      lines.append(style.yellow(known.joined(separator: " and ")) + ", listed in \(ReportText.oneLine(file))")
    }
    for problem in summary.baselineProblems where problem.kind == .expired {
      lines.append(style.red(ReportText.oneLine(problem.description)))
    }
    if !summary.baselineProblems.isEmpty {
      let kinds: [BaselineProblem.Kind] = [.fixed, .different, .expired]
      let parts = kinds.compactMap { kind -> String? in
        let count = summary.baselineProblems.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(count) \(kind.rawValue)"
      }
      lines.append(
        style.red(ReportText.plural(summary.baselineProblems.count, "baseline entry fails", "baseline entries fail"))
          + " the run (\(parts.joined(separator: ", ")))")
    }
    if !summary.invalidBaseline.isEmpty {
      lines.append(style.red("The baseline \(ReportText.oneLine(file)) is invalid (see the errors above)"))
    }
    return lines
  }
}
