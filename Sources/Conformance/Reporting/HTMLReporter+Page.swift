import Foundation

/// The page itself: the document around the spooled rows and sections, its style and its filter script.
extension HTMLReporter {
  /// How every page starts: what ``ReportFile`` checks before it replaces a file, so only a page this tool wrote is
  /// overwritten.
  package static let head = "<!DOCTYPE html>\n<html lang=\"en\" data-generator=\"conformance\">\n"

  /// How every page ends.
  package static let tail = "</html>\n"

  /// The page, newline-terminated.
  package var document: String {
    var data = Data()
    write { data.append($0) }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes the page to `sink` piece by piece, the spooled rows and sections copied in; the bytes are those of
  /// ``document``.
  ///
  /// - Throws: Whatever `sink` throws.
  package func write(to sink: (Data) throws -> Void) rethrows {
    func text(_ string: String) throws { try sink(Data(string.utf8)) }
    try text(Self.head + headElement() + "<body>\n" + header() + contents())
    try text(matrixOpening())
    try matrix.copy(to: sink)
    try text("</div>\n</section>\n")
    if detailCount > 0 {
      try text("<section id=\"details\"><h2>Failures and divergences (\(detailCount))</h2>\n")
      try details.copy(to: sink)
      try text("</section>\n")
    }
    if knownCount > 0 || !(summary?.baselineProblems.isEmpty ?? true) {
      try text(knownOpening())
      try known.copy(to: sink)
      try text("</tbody></table>\n" + baselineProblems() + "</section>\n")
    }
    if invalidCount > 0 {
      try text(
        "<section id=\"invalid\"><h2>Invalid files (\(invalidCount))</h2>\n<table class=\"list\"><thead><tr>"
          + "<th>File</th><th>JSON path</th><th>Line:column</th><th>Message</th></tr></thead><tbody>\n")
      try invalid.copy(to: sink)
      try text("</tbody></table>\n</section>\n")
    }
    try text(timings() + sections.map(Self.render).joined())
    try text("<script>\(Self.script)</script>\n</body>\n" + Self.tail)
  }

  // MARK: - Parts

  /// `Conformance`, and for a shard which one (`Conformance (shard 2/3 of 12 files)`), as the title and heading begin.
  private var title: String {
    "Conformance" + (summary.flatMap(ReportText.shard(of:)).map { " (\($0))" } ?? "")
  }

  private func headElement() -> String {
    let policy =
      "default-src 'none'; script-src '\(Self.hash(Self.script))'; style-src '\(Self.hash(Self.style))'; "
      + "base-uri 'none'; form-action 'none'"
    return "<head>\n<meta charset=\"utf-8\">\n"
      + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
      + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      + "<title>\(HTMLText.escape(title)): \(HTMLText.escape(summary.map(TextReporter.closingLine) ?? "report"))</title>\n"
      + "<style>\(Self.style)</style>\n</head>\n"
  }

  /// The verdict, the closing line, the counts as tiles, then why implementations did not start and the text report's
  /// totals.
  private func header() -> String {
    guard let summary else { return "<header><h1>Conformance</h1></header>\n" }
    let passed = summary.exitCode == ExitCode.success
    let tiles: [(String, Int, String)] = [
      ("scenarios", summary.scenarios, ""), ("passed", summary.passed, summary.passed > 0 ? "o-passed" : ""),
      ("failed", summary.failed, summary.failed > 0 ? "bad" : ""),
      ("known", summary.known, summary.known > 0 ? "o-known" : ""),
      ("divergences", summary.divergences, summary.divergences > 0 ? "bad" : ""),
      ("invalid files", summary.invalidFiles, summary.invalidFiles > 0 ? "bad" : ""),
    ]
    let totals = TextReporter.totalsLines(summary, steps: steps, style: TextStyle(enabled: true))
      .filter { !$0.isEmpty }.map {
        HTMLText.styledLine($0.replacingOccurrences(of: " (see the errors above)", with: ""))
      }
    return "<header class=\"\(passed ? "pass" : "fail")\">\n"
      + "<h1>\(HTMLText.escape(title)): \(passed ? "passed" : "failed")</h1>\n"
      + "<p class=\"closing\">\(HTMLText.escape(TextReporter.closingLine(summary)))</p>\n<ul class=\"tiles\">"
      + tiles.map { "<li class=\"\($0.2)\"><b>\($0.1)</b> \($0.0)</li>" }.joined()
      + "<li><b>\(HTMLText.escape(ReportText.seconds(summary.duration)))</b> total</li></ul>\n</header>\n"
      + "<pre class=\"totals\">\((startErrors.map(HTMLText.styledLine) + totals).joined(separator: "\n"))</pre>\n"
  }

  private func contents() -> String {
    var links = [("matrix", "Matrix")]
    if detailCount > 0 { links.append(("details", "Failures and divergences")) }
    if knownCount > 0 { links.append(("known", "Known pairs")) }
    if invalidCount > 0 { links.append(("invalid", "Invalid files")) }
    links.append(("timings", "Timings"))
    links += sections.map { ($0.id, $0.title) }
    return "<nav>"
      + links.map { "<a href=\"#\(HTMLText.escape($0.0))\">\(HTMLText.escape($0.1))</a>" }
      .joined(separator: " · ") + "</nav>\n"
  }

  /// The matrix's heading, its filters (hidden until the script shows them, as they need it) and its head row.
  ///
  /// The matrix is rows of `div`s (ARIA `table`, `row`, `cell`) rather than a `<table>`: each row is laid out only
  /// when it nears the viewport (`content-visibility: auto`), which a table row cannot do, so a page of 10,000
  /// scenarios opens in about half the time.
  private func matrixOpening() -> String {
    let order = Outcome.Kind.allCases.map(\.key) + ["divergence", "known_divergence"]
    let keys = outcomes.keys.sorted {
      (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1)
    }
    func select(_ name: String, _ label: String, _ values: [(String, String)]) -> String {
      "<label>\(label) <select name=\"\(name)\"><option value=\"\">any</option>"
        + values.map { "<option value=\"\(HTMLText.escape($0.0))\">\(HTMLText.escape($0.1))</option>" }.joined()
        + "</select></label>\n"
    }
    return "<section id=\"matrix\"><h2>Matrix (\(ReportText.plural(rowCount, "scenario", "scenarios")))</h2>\n"
      + "<form id=\"filters\" class=\"filters\" hidden>\n"
      + select("outcome", "Outcome", keys.map { ($0, outcomes[$0] ?? $0) })
      + select("feature", "Feature", features.sorted().map { ($0, $0) })
      + select("tag", "Tag", tags.sorted().map { ($0, $0) })
      + "<label>Id <input name=\"id\" type=\"search\" placeholder=\"contains…\"></label>\n"
      + "<output name=\"count\"></output>\n</form>\n"
      + "<div class=\"matrix\" role=\"table\"><div class=\"row head\" role=\"row\">"
      + ([("id", "Scenario"), ("", "Feature"), ("tags", "Tags")] + implementations.map { ("o", $0) } + [("o", "Parity")])
      .map { "<div class=\"\($0.0)\" role=\"columnheader\">\(HTMLText.escape($0.1))</div>" }.joined() + "</div>\n"
  }

  private func knownOpening() -> String {
    let file = summary?.baselineFile.map { " from <code>\(HTMLText.escape($0))</code>" } ?? ""
    return
      "<section id=\"known\"><h2>Known pairs (\(knownCount))</h2>\n<p>Listed in the baseline\(file); they pass the gate.</p>\n"
      + "<table class=\"list\"><thead><tr><th>Scenario</th><th>Implementation</th><th>Reason</th><th>Entry</th>"
      + "<th>Spec</th></tr></thead><tbody>\n"
  }

  private func baselineProblems() -> String {
    guard let problems = summary?.baselineProblems, !problems.isEmpty else { return "" }
    return "<h3>Baseline problems</h3>\n<ul class=\"problems\">"
      + problems.map { "<li>\(HTMLText.escape(ReportText.oneLine($0.description)))</li>" }.joined() + "</ul>\n"
  }

  /// The run's wall-clock time, each implementation's time over its pairs, and the slowest pairs.
  private func timings() -> String {
    var text = "<section id=\"timings\"><h2>Timings</h2>\n"
    if let summary {
      let took = ReportText.seconds(summary.duration)
      text +=
        joinsShards
        ? "<p>The slowest shard took \(took) (wall clock); pairs are timed in the shard that ran them.</p>\n"
        : "<p>The run took \(took) (wall clock).</p>\n"
    }
    text +=
      "<table class=\"list\"><thead><tr><th>Implementation</th><th>Pairs</th><th>Time</th><th>Mean</th></tr>"
      + "</thead><tbody>\n"
    for name in implementations {
      let entry = time[name] ?? (0, 0)
      let mean = entry.pairs > 0 ? entry.seconds / Double(entry.pairs) : 0
      text +=
        "<tr><td>\(HTMLText.escape(name))</td><td>\(entry.pairs)</td><td>\(ReportText.seconds(entry.seconds))</td>"
        + "<td>\(ReportText.seconds(mean))</td></tr>\n"
    }
    text += "</tbody></table>\n"
    guard !slowest.isEmpty else { return text + "</section>\n" }
    text +=
      "<h3>Slowest pairs</h3>\n<table class=\"list\"><thead><tr><th>Scenario</th><th>Implementation</th>"
      + "<th>Outcome</th><th>Time</th></tr></thead><tbody>\n"
    for pair in slowest {
      text +=
        "<tr><td>\(HTMLText.escape(pair.scenario))</td><td>\(HTMLText.escape(pair.implementation))</td>"
        + "<td>\(HTMLText.escape(pair.outcome))</td><td>\(ReportText.seconds(pair.seconds))</td></tr>\n"
    }
    return text + "</tbody></table>\n</section>\n"
  }

  private static func render(_ section: HTMLReportSection) -> String {
    var text = "<section id=\"\(HTMLText.escape(section.id))\"><h2>\(HTMLText.escape(section.title))</h2>\n"
    if !section.note.isEmpty { text += "<p>\(HTMLText.escape(section.note))</p>\n" }
    // A section with nothing to list is its note alone: an empty table would read as a rendering fault.
    guard !section.rows.isEmpty else { return text + "</section>\n" }
    text +=
      "<table class=\"list\"><thead><tr>" + section.columns.map { "<th>\(HTMLText.escape($0))</th>" }.joined()
      + "</tr></thead><tbody>\n"
    for row in section.rows {
      text +=
        "<tr>"
        + row.map { cell in
          let kind = cell.outcome.map { " class=\"o o-\(HTMLText.escape($0))\"" } ?? ""
          return "<td\(kind)>\(HTMLText.escape(cell.text))</td>"
        }.joined() + "</tr>\n"
    }
    return text + "</tbody></table>\n</section>\n"
  }

  /// `sha256-BASE64`: a CSP hash source for an inline element's text (CSP Level 3 §2.3.1).
  static func hash(_ text: String) -> String {
    "sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString()
  }
}
