// MARK: - Text and Markdown

extension CoverageReport {
  /// The text report: per feature, a table of categories by implementation (`—` for one that ran none of its
  /// scenarios), then what no implementation covered and what one missed where another covered it, each item named by
  /// its file and path; then the totals.
  ///
  /// ```text
  /// login  Conformance/features/login.json, 97 scenarios
  ///   swift          category
  ///   15/15 100.0%   actions
  ///   …
  ///   not covered:
  ///     Conformance/features/login.md: LR5
  /// ```
  package func text() -> [String] {
    var lines = shardNote.map { [$0, ""] } ?? []
    let width = max(16, (implementations.map(\.count).max() ?? 0) + 2)
    func pad(_ text: String) -> String {
      ReportText.padded(text, to: max(width, text.count + 1))
    }
    for feature in features {
      lines.append("\(feature.universe.feature)  \(feature.universe.manifestFile), \(ranText(feature))")
      lines.append("  " + implementations.map(pad).joined() + "category")
      for category in categories(of: feature) {
        let cells = implementations.map { pad(cellText(feature, $0) { count(feature, category, on: $0) }) }
        lines.append("  " + cells.joined() + category.rawValue + (category.countsInTotal ? "" : " (not in the total)"))
      }
      let totals = implementations.map { pad(cellText(feature, $0) { total(on: $0, in: [feature]) }) }
      lines.append("  " + totals.joined() + "total")
      let (gaps, differences) = gapLines(feature)
      if !gaps.isEmpty { lines += ["  not covered:"] + gaps.map { "    " + $0 } }
      if !differences.isEmpty {
        lines += ["  missed by some implementations:"] + differences.map { "    " + $0 }
      }
      lines.append("")
    }
    lines.append(totalsLine())
    return lines
  }

  /// The Markdown report (a CI step summary): a table per feature and the gaps as lists.
  package func markdown() -> [String] {
    var lines = ["# Coverage", ""] + (shardNote.map { [$0, ""] } ?? [])
    for feature in features {
      lines += ["## \(feature.universe.feature)", "", "`\(feature.universe.manifestFile)`, \(ranText(feature)).", ""]
      lines.append("| Category | " + implementations.joined(separator: " | ") + " |")
      lines.append("| --- |" + String(repeating: " ---: |", count: implementations.count))
      for category in categories(of: feature) {
        let cells = implementations.map { cellText(feature, $0) { count(feature, category, on: $0) } }
        let name = category.rawValue + (category.countsInTotal ? "" : " (not in the total)")
        lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
      }
      let totals = implementations.map { cellText(feature, $0) { total(on: $0, in: [feature]) } }
      lines += ["| **total** | " + totals.joined(separator: " | ") + " |", ""]
      let (gaps, differences) = gapLines(feature)
      if !gaps.isEmpty { lines += ["Not covered:", ""] + gaps.map { "- `\($0)`" } + [""] }
      if !differences.isEmpty {
        lines += ["Missed by some implementations:", ""] + differences.map { "- `\($0)`" } + [""]
      }
    }
    lines.append(totalsLine())
    return lines
  }

  /// `Shard 2/3 only: the other shards' scenarios are not counted.`, the first line of every report of a shard's run;
  /// `nil` for the whole selection.
  package var shardNote: String? {
    shard.map { "Shard \($0) only: the other shards' scenarios are not counted." }
  }

  /// `97 scenarios`, and how many each implementation that did not run them all ran: `97 scenarios (kotlin ran 65)`.
  private func ranText(_ feature: Feature) -> String {
    let partial = implementations.filter { (feature.ran[$0] ?? 0) < feature.scenarios }.map {
      "\($0) ran \(feature.ran[$0] ?? 0)"
    }
    let scenarios = ReportText.plural(feature.scenarios, "scenario", "scenarios")
    return partial.isEmpty ? scenarios : "\(scenarios) (\(partial.joined(separator: ", ")))"
  }

  /// `12/15 80.0%`, or `—` for an implementation that ran none of the feature's scenarios.
  func cellText(
    _ feature: Feature, _ implementation: String, _ count: (String) -> (covered: Int, total: Int)
  ) -> String {
    guard feature.measures(implementation) else { return "—" }
    let count = count(implementation)
    return "\(count.covered)/\(count.total) \(Self.percent(count))"
  }

  /// `Coverage: swift 97.3% (146 of 150 items), kotlin 90.0% (135 of 150 items)`.
  func totalsLine() -> String {
    let parts = implementations.map { name -> String in
      let count = total(on: name)
      guard count.total > 0 else { return "\(name) ran no scenario" }
      return "\(name) \(Self.percent(count)) (\(count.covered) of \(ReportText.plural(count.total, "item", "items")))"
    }
    return "Coverage: " + (parts.isEmpty ? "no implementation ran" : parts.joined(separator: ", "))
  }

  /// The items no implementation covered, then those an implementation missed in a scenario where another covered
  /// them, one line each, named by file and path.
  func gapLines(_ feature: Feature) -> (gaps: [String], differences: [String]) {
    var gaps: [String] = []
    var differences: [String] = []
    for gap in self.gaps(feature) {
      if gap.coveredBy.isEmpty {
        gaps.append("\(gap.file): \(gap.item)")
      } else {
        let who =
          "covered by \(gap.coveredBy.joined(separator: ", ")); missed by \(gap.missedBy.joined(separator: ", "))"
        differences.append("\(gap.file): \(gap.item): \(who)")
      }
    }
    return (gaps, differences)
  }

  /// The items no implementation covered, then those an implementation missed in a scenario where another covered
  /// them, as every rendering lists them (text, Markdown, the HTML report's section). Transitions not covered are
  /// grouped by the action they follow, so n × n pairs stay readable.
  package func gaps(_ feature: Feature) -> [Gap] {
    var gaps: [Gap] = []
    var differences: [Gap] = []
    var transitions: [(first: String, next: [String])] = []
    let measured = implementations.filter(feature.measures)
    for (item, coveredBy, missedBy) in feature.items {
      let file = Self.file(of: item, in: feature)
      if coveredBy.isEmpty {
        guard item.category == .transitions else {
          gaps.append(Gap(file: file, item: Self.label(item), coveredBy: [], missedBy: measured))
          continue
        }
        let pair = item.name.components(separatedBy: " → ")
        if transitions.last?.first == pair[0] {
          transitions[transitions.count - 1].next.append(pair[pair.count - 1])
        } else {
          transitions.append((pair[0], [pair[pair.count - 1]]))
        }
      } else if !missedBy.isEmpty {
        differences.append(Gap(file: file, item: Self.label(item), coveredBy: coveredBy, missedBy: missedBy))
      }
    }
    gaps += transitions.map {
      Gap(
        file: feature.universe.manifestFile,
        item: "transitions: never after \($0.first): \($0.next.joined(separator: ", "))", coveredBy: [],
        missedBy: measured)
    }
    return gaps + differences
  }

  /// How a gap reads: the path, and for state fields which of the two was missed.
  static func label(_ item: CoverageItem) -> String {
    switch item.category {
    case .state: return "\(item.name) (no step asserts it)"
    case .changes: return "\(item.name) (no trace changes it)"
    case .transitions: return "transitions: \(item.name)"
    default: return item.name
    }
  }
}
