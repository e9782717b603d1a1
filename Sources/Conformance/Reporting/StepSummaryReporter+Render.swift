import Foundation

extension StepSummaryReporter {
  /// The document: a heading with the closing line, the totals, then each section that has entries.
  func render(_ summary: RunSummary) -> String {
    let totals = TextReporter.totalsLines(summary, steps: steps, style: .plain)
    var lines = ["## Conformance: \(totals.last ?? "")", "", "```text"]
    lines += totals.dropLast().filter { !$0.isEmpty }.map {
      $0.replacingOccurrences(of: " (see the errors above)", with: "").replacingOccurrences(of: "```", with: "'''")
    }
    lines += ["```", ""]
    if !table.isEmpty {
      lines += ["### Not passed", ""]
      lines.append("| Scenario | " + implementations.map(Self.cell).joined(separator: " | ") + " |")
      lines.append("|---|" + implementations.map { _ in "---|" }.joined())
      lines += table + [""]
    }
    lines += section("Divergences", divergences)
    if !flaky.isEmpty {
      lines += ["### Flaky pairs", "", "| Scenario | Implementation | Attempts | Earlier attempts |", "|---|---|---|---|"]
      lines += flaky + [""]
    }
    if !known.isEmpty {
      lines += ["### Known pairs", "", "| Scenario | Implementation | Reason |", "|---|---|---|"] + known + [""]
    }
    lines += section("Invalid files", invalid)
    if cut > 0 {
      lines.append(
        "_\(ReportText.plural(cut, "entry", "entries")) cut to keep this summary under "
          + "\(Self.budget >> 10) KiB; the text and JSON reports list every one._")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func section(_ title: String, _ entries: [String]) -> [String] {
    entries.isEmpty ? [] : ["### \(title)", ""] + entries + [""]
  }

  /// A table cell's text: `|` escaped, line breaks as `<br>`, so the value stays in its cell.
  static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
      .replacingOccurrences(of: "\r\n", with: "<br>").replacingOccurrences(of: "\n", with: "<br>")
      .replacingOccurrences(of: "\r", with: "<br>")
  }

  /// Text inside a code span: a backtick would end it (it becomes `'`), a line break would end a list item or row (a
  /// space), and `|` is escaped as GitHub's tables require even inside code spans.
  static func code(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ")
      .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "'")
  }
}
