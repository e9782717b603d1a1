import Foundation

extension StepSummaryReporter {
  /// The document: the ``marker``, a heading with the closing line, the totals, then each section that has entries.
  func render(_ summary: RunSummary) -> String {
    let totals = TextReporter.totalsLines(summary, steps: steps, style: .plain)
    let title = "Conformance" + (ReportText.shard(of: summary).map { " (\($0))" } ?? "")
    var lines = [Self.marker, "## \(title): \(totals.last ?? "")", "", "```text"]
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
      lines += [
        "### Flaky pairs", "", "| Scenario | Implementation | Attempts | Earlier attempts |", "|---|---|---|---|",
      ]
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

  /// A table cell's (or list item's) text, shown as typed: `|` and every character that starts inline markup
  /// (`\`, `*`, `_`, `` ` ``, `[`, `<`, `&`, `~`) backslash-escaped, and line breaks as `<br>`, so that no value
  /// leaves its cell or turns into emphasis, code, a link, HTML or an entity (CommonMark 0.31 §2.4 "Backslash
  /// escapes": any ASCII punctuation may be escaped; GitHub Flavored Markdown §4.10 for `\|` in tables).
  static func cell(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "\\", "|", "*", "_", "`", "[", "<", "&", "~":
        escaped.append("\\")
        escaped.append(character)
      case "\r\n", "\n", "\r": escaped += "<br>"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// Text inside a code span: a backtick would end it (it becomes `'`), a line break would end a list item or row (a
  /// space), and `|` is escaped as GitHub's tables require even inside code spans.
  static func code(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r", with: " ")
      .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "'")
  }
}
