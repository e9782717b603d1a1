import Foundation

/// Collects a run into JUnit XML, the format CI systems annotate (the Ant/Surefire `testsuites` dialect).
///
/// One `testsuite` per feature; one `testcase` per (scenario, implementation), named by scenario id with
/// `classname` `conformance.<feature>.<implementation>` (GitLab shows the classname as the suite name; Jenkins splits
/// it at the last `.`), and, given a ``ScenarioLocator``, `file` (repository-relative) and `line` (the failing step's
/// line for a failure, else the scenario's first line) for the CI tools that place results in files. `failed` maps to `<failure>` with the text report's diff in the body;
/// `errored`, `crashed`, `timed out`, `protocol error` and `not run` map to `<error>`; `skipped` to `<skipped>`, and
/// `known` (a pair a known-divergence baseline lists) to `<skipped message="known: …reason…"/>`, `not applicable` to
/// `<skipped message="not applicable: …reason…"/>` (the text and JSON reports count it apart). Baseline problems
/// (`fixed`, `different`, `expired`) are failing testcases, and entries that match no scenario are errors, of a suite
/// named `baseline`.
/// A pair retried after a crash or timeout (`--retries`) carries its earlier attempts as Maven Surefire does: `flaky`
/// is a passing testcase with a `<flakyError>` per failed attempt, and a pair still failing has a `<rerunError>` per
/// attempt before the last, whose outcome is the testcase's.
/// A divergence adds a failing testcase with `classname` `conformance.<feature>.parity`. A crash or timeout puts the
/// harness's stderr tail in `<system-err>`. Every other testcase's `classname` is `conformance.` and its suite's
/// name. Invalid files are listed in a suite
/// named `invalid-files`, one `<error>` testcase per file. Times are in seconds.
///
/// Testcases are spooled to temporary files per suite as they come (``Spool``), so memory stays flat however many
/// scenarios run; ``write(to:)`` puts the document together.
package final class JUnitReporter: RunReporter {
  private var suites: [String: Spool] = [:]
  private var counts: [String: (tests: Int, failures: Int, errors: Int, skipped: Int, time: Double)] = [:]
  private var order: [String] = []
  private let locator: ScenarioLocator?
  /// The `testsuites` name: `conformance`, and for a shard which one (`conformance (shard 2/3 of 12 files)`).
  private var name = "conformance"

  /// Creates an empty reporter; with a `locator`, testcases carry `file` and `line`.
  package init(locator: ScenarioLocator? = nil) { self.locator = locator }

  /// Records one event.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started, .implementationStarted: break
    case .finished(let summary):
      name = "conformance" + (ReportText.shard(of: summary).map { " (\($0))" } ?? "")
      addBaseline(summary)
      for failure in summary.runFailures {
        add(
          suite: "run",
          testcase: "    <testcase name=\"run\" classname=\"conformance.run\" time=\"0\">\n"
            + "      <error message=\(attribute(failure)) type=\"run\">\(text(failure))</error>\n    </testcase>",
          kind: .error, time: 0)
      }
    case .invalid(let file, let errors): addInvalid(file, errors)
    case .scenario(let report):
      for result in report.verdicts { add(result) }
      for problem in report.baselineProblems { addBaseline(problem) }
      if let divergence = report.divergence { add(divergence, of: report) }
    }
  }

  /// The baseline's expired entries and its invalid entries, in the `baseline` suite.
  private func addBaseline(_ summary: RunSummary) {
    for problem in summary.baselineProblems where problem.kind == .expired { addBaseline(problem) }
    for error in summary.invalidBaseline {
      add(
        suite: "baseline",
        testcase:
          "    <testcase name=\(attribute(error.path?.description ?? error.file)) classname=\"conformance.baseline\" time=\"0\">\n"
          + "      <error message=\(attribute("invalid baseline entry")) type=\"invalid\">\(text(error.description))</error>\n"
          + "    </testcase>", kind: .error, time: 0)
    }
  }

  /// An invalid scenario file, as an error in the `invalid-files` suite.
  private func addInvalid(_ file: String, _ errors: [InputError]) {
    let body = errors.map(\.description).joined(separator: "\n")
    add(
      suite: "invalid-files",
      testcase:
        "    <testcase name=\(attribute(file)) classname=\"conformance.invalid-files\" time=\"0\"\(place(file, line: errors.first.map { locator?.line(of: $0) ?? 1 } ?? 1))>\n"
        + "      <error message=\(attribute("invalid scenario file")) type=\"invalid\">\(text(body))</error>\n"
        + "    </testcase>", kind: .error, time: 0)
  }

  /// A scenario's divergence, as the `<feature>.parity` test case: skipped when the baseline knows it, else failed
  /// with the divergence rows.
  private func add(_ divergence: Divergence, of report: ScenarioVerdict) {
    let divergenceLine = place(
      report.file, line: locator?.stepLine(divergence.stepIndex, id: report.id, file: report.file) ?? 1)
    if report.divergenceIsKnown {
      add(
        suite: report.feature,
        testcase:
          "    <testcase name=\(attribute(report.id)) classname=\(attribute("conformance." + report.feature + ".parity")) time=\"0\"\(divergenceLine)>\n"
          + "      <skipped message=\(attribute("known: implementations diverge at step \(divergence.stepIndex + 1)"))/>\n"
          + "    </testcase>", kind: .skipped, time: 0)
    } else {
      let lines = VerdictText.matrixLines(
        report, implementations: report.verdicts.map(\.implementation), style: .plain)
      let message = "implementations diverge at step \(divergence.stepIndex + 1)"
      add(
        suite: report.feature,
        testcase:
          "    <testcase name=\(attribute(report.id)) classname=\(attribute("conformance." + report.feature + ".parity")) time=\"0\"\(divergenceLine)>\n"
          + "      <failure message=\(attribute(message)) type=\"divergence\">\(text(lines.joined(separator: "\n")))</failure>\n"
          + "    </testcase>", kind: .failure, time: 0)
    }
  }

  /// The XML document, newline-terminated.
  package var document: String {
    var data = Data()
    write { data.append($0) }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes the document to `sink` piece by piece, each suite's spooled testcases copied in; the bytes are those of
  /// ``document``.
  ///
  /// - Throws: Whatever `sink` throws.
  package func write(to sink: (Data) throws -> Void) rethrows {
    let total = counts.values.reduce((0, 0, 0, 0)) {
      ($0.0 + $1.tests, $0.1 + $1.failures, $0.2 + $1.errors, $0.3 + $1.skipped)
    }
    try sink(
      Data(
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          + "<testsuites name=\(attribute(name)) tests=\"\(total.0)\" failures=\"\(total.1)\" errors=\"\(total.2)\" skipped=\"\(total.3)\">\n")
          .utf8))
    for name in order {
      let count = counts[name] ?? (0, 0, 0, 0, 0)
      try sink(
        Data(
          ("  <testsuite name=\(attribute(name)) tests=\"\(count.tests)\" failures=\"\(count.failures)\" "
            + "errors=\"\(count.errors)\" skipped=\"\(count.skipped)\" time=\"\(Self.seconds(count.time))\">\n").utf8))
      try suites[name]?.copy(to: sink)
      try sink(Data("\n  </testsuite>\n".utf8))
    }
    try sink(Data("</testsuites>\n".utf8))
  }

  // MARK: - Building

  private enum Kind { case pass, failure, error, skipped }

  private func add(_ result: Verdict) {
    let open =
      "    <testcase name=\(attribute(result.scenarioID)) classname=\(attribute("conformance." + result.feature + "." + result.implementation)) time=\"\(Self.seconds(result.duration))\""
      + place(result.file, line: locator?.line(of: result) ?? 1)
    let details = VerdictText.details(result.outcome, indent: "", style: .plain).joined(separator: "\n")
    let message = VerdictText.headline(result.outcome)
    switch result.outcome {
    case .passed:
      add(suite: result.feature, testcase: open + "/>", kind: .pass, time: result.duration)
    case .flaky:
      add(
        suite: result.feature, testcase: open + ">\n" + attempts(result, element: "flakyError") + "    </testcase>",
        kind: .pass, time: result.duration)
    case .noTrace(.skipped(let reason)):
      add(
        suite: result.feature, testcase: open + ">\n      <skipped message=\(attribute(reason))/>\n    </testcase>",
        kind: .skipped, time: result.duration)
    case .noTrace(.notApplicable(let reason)):
      add(
        suite: result.feature,
        testcase: open + ">\n      <skipped message=\(attribute("not applicable: " + reason))/>\n    </testcase>",
        kind: .skipped, time: result.duration)
    case .known(let known):
      add(
        suite: result.feature,
        testcase: open + ">\n      <skipped message=\(attribute("known: " + known.reason))/>\n    </testcase>",
        kind: .skipped, time: result.duration)
    case .failed:
      add(
        suite: result.feature,
        testcase: open
          + ">\n      <failure message=\(attribute(message)) type=\"failed\">\(text(details))</failure>\n"
          + attempts(result, element: "rerunError") + "    </testcase>",
        kind: .failure, time: result.duration)
    default:
      add(
        suite: result.feature,
        testcase: open
          + ">\n      <error message=\(attribute(message)) type=\(attribute(result.outcome.key))>\(text(details))</error>\n"
          + systemErr(result.outcome) + attempts(result, element: "rerunError") + "    </testcase>",
        kind: .error, time: result.duration)
    }
  }

  /// The attempts before the last of a retried pair, as Maven Surefire writes reruns (`rerunFailingTestsCount`): a
  /// `<flakyError>` each under a testcase that passed on a retry, a `<rerunError>` each under one that did not, with
  /// the fault as `message` and `type`, its details as `<stackTrace>`, and the harness's stderr tail as
  /// `<system-err>`. Readers that do not know these elements see a plain passing or failing testcase.
  private func attempts(_ result: Verdict, element: String) -> String {
    result.failedAttempts.map { attempt in
      let fault = Outcome.noTrace(attempt.fault)
      let details = VerdictText.details(fault, indent: "", style: .plain).joined(separator: "\n")
      return "      <\(element) message=\(attribute(VerdictText.headline(fault))) type=\(attribute(fault.key))>\n"
        + "        <stackTrace>\(text(details))</stackTrace>\n" + systemErr(fault, indent: "        ")
        + "      </\(element)>\n"
    }.joined()
  }

  /// A baseline problem as a failing testcase of the suite `baseline`, named by the entry.
  private func addBaseline(_ problem: BaselineProblem) {
    add(
      suite: "baseline",
      testcase: "    <testcase name=\(attribute(problem.entry)) classname=\"conformance.baseline\" time=\"0\">\n"
        + "      <failure message=\(attribute(problem.message)) type=\(attribute(problem.kind.rawValue))>\(text(problem.description))</failure>\n"
        + "    </testcase>", kind: .failure, time: 0)
  }

  private func add(suite: String, testcase: String, kind: Kind, time: Double) {
    let spool: Spool
    if let existing = suites[suite] {
      spool = existing
      spool.append("\n" + testcase)
    } else {
      order.append(suite)
      spool = Spool()
      suites[suite] = spool
      spool.append(testcase)
    }
    var count = counts[suite] ?? (0, 0, 0, 0, 0)
    count.tests += 1
    count.time += time
    switch kind {
    case .pass: break
    case .failure: count.failures += 1
    case .error: count.errors += 1
    case .skipped: count.skipped += 1
    }
    counts[suite] = count
  }

  /// ` file="…" line="N"` when a locator places results, else nothing.
  private func place(_ file: String, line: Int) -> String {
    guard let locator else { return "" }
    return " file=\(attribute(locator.relativePath(file))) line=\"\(line)\""
  }

  /// The harness's stderr tail of a crash or timeout as `<system-err>` (GitLab and Jenkins show it with the
  /// testcase), or nothing.
  private func systemErr(_ outcome: Outcome, indent: String = "      ") -> String {
    switch outcome {
    case .noTrace(.crashed(_, let tail)) where !tail.isEmpty, .noTrace(.timedOut(_, let tail)) where !tail.isEmpty:
      return "\(indent)<system-err>\(text(tail))</system-err>\n"
    default: return ""
    }
  }

  /// Seconds in fixed-point notation with 6 decimals (`0.000018`), which every JUnit reader parses; Swift's
  /// default `Double` rendering would write `1.8e-05`.
  static func seconds(_ value: Double) -> String {
    let micros = Int((max(0, value) * 1_000_000).rounded())
    let fraction = String(micros % 1_000_000)
    return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
  }

  /// An XML attribute value in double quotes, escaped (XML 1.0 §2.4, §3.3.3).
  private func attribute(_ value: String) -> String { "\"" + escape(value, quotes: true) + "\"" }

  /// XML character data, escaped.
  private func text(_ value: String) -> String { escape(value, quotes: false) }

  /// Escapes markup characters and replaces characters XML 1.0 forbids (§2.2: controls other than tab, LF, CR)
  /// with a visible `\uXXXX`.
  private func escape(_ value: String, quotes: Bool) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "\n" where quotes: result += "&#10;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
          result += ControlEscaping.unicodeEscape(scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
