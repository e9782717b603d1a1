import Foundation

/// Writes a run as one self-contained HTML page (`--html FILE`): the totals, the scenario × implementation matrix
/// with each cell coloured by outcome and filterable by outcome, feature, tag and id, each failure and divergence
/// with its diff as the text report shows it, the known pairs, the invalid files and the timings; then the
/// ``sections`` the command adds (`run`: the run's coverage, ``CoverageReport/htmlSections()``).
///
/// The page needs nothing outside itself: no network, no external script, style or font. Its one inline script only
/// filters (without it every row is shown), and a Content-Security-Policy `<meta>` allows nothing but that script and
/// the inline style, by their SHA-256 hashes (CSP Level 3 §8.3), so even a value that escaped escaping could not run.
/// Every text from a scenario, a harness or a file name is escaped (``HTMLText``).
///
/// Rows and sections are spooled as they come (``Spool``), so memory stays flat and the page grows linearly with the
/// corpus: each cell holds its outcome, its time and a one-line headline; the long text of a failure is written once,
/// in its section. Outcomes are handled by their JSON name (``Outcome/Kind/key``): a cell's class is `o-<key>`, plus
/// `bad` when the outcome fails the gate.
package final class HTMLReporter: RunReporter {
  /// How many of the slowest pairs the timings list.
  static let slowestShown = 20

  let locator: ScenarioLocator
  private(set) var implementations: [String] = []
  private(set) var steps = 0
  private(set) var rowCount = 0
  let matrix = Spool()
  let details = Spool()
  private(set) var detailCount = 0
  let known = Spool()
  private(set) var knownCount = 0
  let invalid = Spool()
  private(set) var invalidCount = 0
  /// Outcome keys seen, with their labels, in the order ``Outcome/Kind`` lists them (unknown kinds after).
  private(set) var outcomes: [String: String] = [:]
  private(set) var features: Set<String> = []
  private(set) var tags: Set<String> = []
  /// Seconds and pairs per implementation.
  private(set) var time: [String: (seconds: Double, pairs: Int)] = [:]
  private(set) var slowest: [(seconds: Double, scenario: String, implementation: String, outcome: String)] = []
  private(set) var summary: RunSummary?
  /// Why implementations did not start, as the text report's error lines (styled).
  private(set) var startErrors: [String] = []

  /// Sections shown after the report's own, in order: results of other commands given as values (the coverage of
  /// features by implementations), so one writer renders and escapes the whole page.
  package var sections: [HTMLReportSection] = []

  /// Whether the page joins the JSON reports of shards (`merge-reports`): the run's time is then the slowest
  /// shard's, since the shards ran side by side, and the page says so.
  package var joinsShards = false

  /// Creates a reporter.
  ///
  /// - Parameter locator: Places scenarios and invalid files in their files (repository-relative paths, lines).
  package init(locator: ScenarioLocator) { self.locator = locator }

  /// Collects one event; the page can be written after `finished`.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      implementations = started.map(\.name)
      for entry in started {
        guard let error = entry.startError else { continue }
        startErrors += ReportText.startErrorLines(
          implementation: entry.name, error: error, style: TextStyle(enabled: true))
      }
    case .implementationStarted(let name, _, let startError?):
      startErrors += ReportText.startErrorLines(
        implementation: name, error: startError, style: TextStyle(enabled: true))
    case .implementationStarted: break
    case .invalid(let file, let errors): for error in errors { addInvalid(error, file: file) }
    case .scenario(let report): collect(report)
    case .finished(let summary):
      self.summary = summary
      for error in summary.invalidBaseline { addInvalid(error, file: error.file) }
    }
  }

  private func collect(_ report: ScenarioVerdict) {
    steps += report.stepCount
    rowCount += 1
    features.insert(report.feature)
    tags.formUnion(report.tags)
    let anchor = "s-\(rowCount)"
    let hasDetails = report.isFailure || report.divergence != nil || !report.baselineProblems.isEmpty
    var keys = report.verdicts.map(\.outcome.key)
    if report.divergence != nil { keys.append(report.divergenceIsKnown ? "known_divergence" : "divergence") }
    var seen: Set<String> = []
    keys = keys.filter { seen.insert($0).inserted }
    let attributes = filterAttributes(report, keys: keys)
    var row = "<div class=\"row\" role=\"row\"\(attributes)><div class=\"id\" role=\"cell\">"
    let title =
      report.description.isEmpty
      ? "" : " title=\"\(HTMLText.escape(ReportText.oneLine(report.description, limit: 300)))\""
    row +=
      hasDetails
      ? "<a href=\"#\(anchor)\"\(title)>\(HTMLText.escape(report.id))</a>"
      : "<span\(title)>\(HTMLText.escape(report.id))</span>"
    row +=
      "</div><div role=\"cell\">\(HTMLText.escape(report.feature))</div>"
      + "<div class=\"tags\" role=\"cell\">\(tagSpans(report.tags))</div>"
    for verdict in report.verdicts {
      row += cell(verdict)
      note(verdict, scenario: report.id)
    }
    row += divergenceCell(report) + "</div>\n"
    matrix.append(row)
    if hasDetails { addDetails(report, anchor: anchor, attributes: attributes) }
    for verdict in report.verdicts {
      guard case .known(let failure) = verdict.outcome else { continue }
      addKnown(report.id, verdict.implementation, failure.reason, failure.entry, failure.spec)
    }
    if let divergence = report.divergence, report.divergenceIsKnown {
      let names = report.verdicts.map(\.implementation).joined(separator: ", ")
      addKnown(report.id, names, "diverge at \(VerdictText.stepLabel(divergence.stepIndex))", "", "")
    }
  }

  /// The attributes the page's filter reads: outcome keys, feature, tags (a JSON array) and id.
  private func filterAttributes(_ report: ScenarioVerdict, keys: [String]) -> String {
    let tags = JSONRenderer.compact(.array(report.tags.map(JSONValue.string)))
    return " data-outcomes=\"\(HTMLText.escape(keys.joined(separator: " ")))\""
      + " data-feature=\"\(HTMLText.escape(report.feature))\" data-tags=\"\(HTMLText.escape(tags))\""
      + " data-id=\"\(HTMLText.escape(report.id))\""
  }

  private func tagSpans(_ tags: [String]) -> String {
    tags.map { "<span class=\"tag\">\(HTMLText.escape($0))</span>" }.joined(separator: " ")
  }

  /// One matrix cell: the outcome's label and the pair's time; the headline of anything but a pass as its title.
  private func cell(_ verdict: Verdict) -> String {
    let outcome = verdict.outcome
    outcomes[outcome.key] = outcome.label
    let headline =
      outcome.kind == .passed
      ? "" : " title=\"\(HTMLText.escape(ReportText.oneLine(VerdictText.headline(outcome), limit: 300)))\""
    return
      "<div class=\"o o-\(HTMLText.escape(outcome.key))\(outcome.isFailure ? " bad" : "")\" role=\"cell\"\(headline)>"
      + "\(HTMLText.escape(outcome.label))<span class=\"t\">\(ReportText.seconds(verdict.duration))</span></div>"
  }

  private func divergenceCell(_ report: ScenarioVerdict) -> String {
    guard let divergence = report.divergence else { return "<div class=\"o\" role=\"cell\"></div>" }
    outcomes[report.divergenceIsKnown ? "known_divergence" : "divergence"] =
      report.divergenceIsKnown ? "known divergence" : "divergence"
    let label = report.divergenceIsKnown ? "known" : "diverges"
    let path = divergence.rows.first.map { " at " + $0.path.description } ?? ""
    let title = HTMLText.escape(ReportText.oneLine(VerdictText.stepLabel(divergence.stepIndex) + path, limit: 300))
    let kind = report.divergenceIsKnown ? "o-known" : "o-divergence bad"
    return "<div class=\"o \(kind)\" role=\"cell\" title=\"\(title)\">\(label)</div>"
  }

  /// Adds the pair's time to its implementation's and keeps the slowest pairs.
  private func note(_ verdict: Verdict, scenario: String) {
    time[verdict.implementation, default: (0, 0)].seconds += verdict.duration
    time[verdict.implementation, default: (0, 0)].pairs += 1
    guard slowest.count < Self.slowestShown || verdict.duration > (slowest.last?.seconds ?? 0) else { return }
    slowest.append((verdict.duration, scenario, verdict.implementation, verdict.outcome.label))
    slowest.sort { $0.seconds > $1.seconds }
    if slowest.count > Self.slowestShown { slowest.removeLast() }
  }

  /// A failure or divergence: where it is, what it is about, and the text report's lines for it (its matrix row,
  /// each failing implementation's step, mismatches and `-`/`+` diff, the divergence), coloured as on a terminal.
  private func addDetails(_ report: ScenarioVerdict, anchor: String, attributes: String) {
    detailCount += 1
    let style = TextStyle(enabled: true)
    let lines =
      implementations.count > 1
      ? VerdictText.matrixLines(report, implementations: implementations, style: style)
      : VerdictText.singleLines(report, style: style, sameReasonAsAbove: false)
    // The first failing step's line, as JUnit and the annotations give it; the scenario's line for a divergence.
    let failing = report.verdicts.first { if case .failed = $0.outcome { true } else { false } }
    let line = failing.map(locator.line(of:)) ?? locator.scenarioLine(id: report.id, file: report.file)
    let place = "\(locator.relativePath(report.file)):\(line)"
    var text = "<section class=\"detail\" id=\"\(anchor)\"\(attributes)>\n"
    text += "<h3>\(HTMLText.escape(report.id))</h3>\n<p class=\"where\"><code>\(HTMLText.escape(place))</code>"
    if !report.description.isEmpty { text += " — \(HTMLText.escape(ReportText.oneLine(report.description)))" }
    text += "</p>\n<pre class=\"diff\">" + lines.map(HTMLText.styledLine).joined(separator: "\n") + "</pre>\n"
    details.append(text + "</section>\n")
  }

  private func addKnown(_ cells: String...) {
    knownCount += 1
    known.append("<tr>" + cells.map { "<td>\(HTMLText.escape(ReportText.oneLine($0)))</td>" }.joined() + "</tr>\n")
  }

  private func addInvalid(_ error: InputError, file: String) {
    invalidCount += 1
    let path = locator.relativePath(error.file.isEmpty ? file : error.file)
    let place = "\(locator.line(of: error))" + (error.column.map { ":\($0)" } ?? "")
    let cells = [path, error.path?.description ?? "", place, error.message]
    invalid.append("<tr>" + cells.map { "<td>\(HTMLText.escape(ReportText.oneLine($0)))</td>" }.joined() + "</tr>\n")
  }
}

/// A section the HTML report shows after its own: a heading, an optional note and a table, escaped like the rest of
/// the page. A cell with an outcome key is coloured as a matrix cell of that outcome (`o-<key>`).
package struct HTMLReportSection: Sendable {
  /// One table cell: its text and, to colour it, an outcome key (`passed`, `failed`…) or `nil`.
  package struct Cell: Sendable {
    /// The cell's text, escaped when the page is written.
    package var text: String
    /// The outcome key (`passed`, `failed`…) that colours the cell, or `nil` for no colour.
    package var outcome: String?

    /// Creates a cell.
    package init(_ text: String, outcome: String? = nil) {
      self.text = text
      self.outcome = outcome
    }
  }

  /// The section's anchor (`coverage`), also its entry in the page's contents.
  package var id: String
  /// The heading.
  package var title: String
  /// A paragraph under the heading, or empty.
  package var note: String
  /// The table's column headings.
  package var columns: [String]
  /// The table's rows; with none, the section is its heading and note alone.
  package var rows: [[Cell]]

  /// Creates a section.
  package init(id: String, title: String, note: String = "", columns: [String], rows: [[Cell]]) {
    self.id = id
    self.title = title
    self.note = note
    self.columns = columns
    self.rows = rows
  }
}
