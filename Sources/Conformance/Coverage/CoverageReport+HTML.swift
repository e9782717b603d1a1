// MARK: - HTML

extension CoverageReport {
  /// The HTML report's coverage (`run --html FILE`), as two sections of its page (``HTMLReporter/sections``): a table
  /// of each feature's categories by implementation, the cells as the text report writes them (`12/15 80.0%`, `—` for
  /// an implementation that ran none of the feature's scenarios) and a whole category coloured as passed; then the
  /// gaps and differences, one row each, with the file and path that declare the item (``gaps(_:)``).
  ///
  /// The sections are values: the page's writer escapes every text, so a name from a manifest stays text. Their size
  /// follows the manifests (a row per category and per gap), not the corpus.
  package func htmlSections() -> [HTMLReportSection] {
    [categoriesSection(), gapsSection()]
  }

  /// What the coverage section says when there is none to show: a merged report's page (`merge-reports --html`), as
  /// the shards' JSON reports do not carry what their scenarios covered.
  package static let notInMergedReport = HTMLReportSection(
    id: "coverage", title: "Coverage",
    note:
      "Coverage is not part of a merged report: the shards' JSON reports do not carry what their scenarios covered. "
      + "Run 'conformance coverage' over the whole corpus for it (or 'conformance coverage --shard <i>/<n>' for one "
      + "shard's), or open the page each shard's 'conformance run --html' wrote.",
    columns: [], rows: [])

  private func categoriesSection() -> HTMLReportSection {
    var rows: [[HTMLReportSection.Cell]] = []
    for feature in features {
      let name = feature.universe.feature
      for category in categories(of: feature) {
        let label = category.rawValue + (category.countsInTotal ? "" : " (not in the total)")
        rows.append(
          [.init(name), .init(label)] + implementations.map { cell(feature, $0) { count(feature, category, on: $0) } })
      }
      rows.append(
        [.init(name), .init("total")] + implementations.map { cell(feature, $0) { total(on: $0, in: [feature]) } })
    }
    let note =
      (shardNote.map { $0 + " " } ?? "")
      + "What this run's scenarios test, counted as 'conformance coverage' counts them: per feature and category, "
      + "the items each implementation's runs covered (— where it ran none of the feature's scenarios). "
      + totalsLine() + "."
    return HTMLReportSection(
      id: "coverage", title: "Coverage", note: note, columns: ["Feature", "Category"] + implementations, rows: rows)
  }

  private func gapsSection() -> HTMLReportSection {
    let rows = features.flatMap { feature in
      gaps(feature).map { gap -> [HTMLReportSection.Cell] in
        [
          .init(feature.universe.feature), .init(gap.file), .init(gap.item),
          .init(gap.coveredBy.isEmpty ? "none" : gap.coveredBy.joined(separator: ", ")),
          .init(gap.missedBy.joined(separator: ", ")),
        ]
      }
    }
    let note =
      rows.isEmpty
      ? "None: every item is covered by every implementation measured on its feature."
      : "Each item no implementation covered, then each one an implementation missed in a scenario where another "
        + "covered it, named by the file and path that declare it."
    return HTMLReportSection(
      id: "coverage-gaps", title: "Coverage gaps", note: note,
      columns: rows.isEmpty ? [] : ["Feature", "File", "Item", "Covered by", "Not covered by"], rows: rows)
  }

  /// A cell as the text report writes it, coloured as passed when the count is whole.
  private func cell(
    _ feature: Feature, _ implementation: String, _ count: (String) -> (covered: Int, total: Int)
  ) -> HTMLReportSection.Cell {
    let whole = feature.measures(implementation) && count(implementation).covered == count(implementation).total
    return .init(cellText(feature, implementation, count), outcome: whole ? "passed" : nil)
  }
}
