/// Rebuilds a known-divergence baseline from a run's failures (`conformance run --update-baseline`), like protobuf's
/// `--fix` and wptrunner's `update-expectations`.
///
/// Entries that held in the run are kept as they are (reason, spec and expiry included). Entries that failed the
/// gate (`fixed`, `different`, `expired`) or matched no scenario are removed; a pair a removed entry still held (a
/// pattern fixed on one scenario, held on another) is kept as an exact entry with the same reason, and so are its
/// pairs on implementations the run did not run (a `fails` entry for swift and kotlin, fixed on swift in a swift-only
/// run, keeps kotlin's pair). Every `failed` pair
/// that no entry covers gets a new exact entry (one implementation, its ``RecordedFailure``: step, paths, later
/// paths), and every divergence that neither an entry nor the scenario's recorded failures explain
/// (``BaselineCheck/knownFailuresExplain(_:failures:othersFail:)``) a `diverges` entry (its ``RecordedDivergence``),
/// each with a placeholder reason to replace. Because the check compares through the same definitions, every entry
/// written holds on a re-run of the same run. Outcomes a baseline cannot record (errored, crashed, timed out,
/// protocol error, not run) are counted in ``unrecordable``.
package final class BaselineUpdate: RunReporter {
  /// A removed entry and why (`fixed`, `different`, `expired` or `unmatched`).
  package struct Removal: Sendable, Equatable {
    /// The entry's index in the old file.
    package var index: Int
    /// The entry.
    package var entry: Baseline.Entry
    /// Why it goes.
    package var why: String
  }

  private let old: Baseline
  private let today: String
  private var removed: [Int: String] = [:]
  private var added: [Baseline.Entry] = []
  /// The pairs each entry held in this run, as exact entries: if the entry goes (a pattern whose other scenario is
  /// fixed), these stay recorded, so the next run does not fail on what this one accepted.
  private var held: [Int: [Baseline.Entry]] = [:]
  /// Failing pairs whose outcome a baseline cannot record.
  package private(set) var unrecordable = 0
  /// The implementations this run ran: a removed entry's pairs on the others were not checked, so they stay.
  private var ran: Set<String> = []

  /// Creates an update of `old` (an empty baseline when there is no file yet).
  package init(_ old: Baseline, today: String) {
    self.old = old
    self.today = today
  }

  /// Records one event.
  package func handle(_ event: RunEvent) {
    switch event {
    case .scenario(let report):
      for problem in report.baselineProblems where removed[problem.index] == nil {
        removed[problem.index] = problem.kind.rawValue
      }
      record(report)
    case .finished(let summary):
      for problem in summary.baselineProblems where removed[problem.index] == nil {
        removed[problem.index] = problem.kind.rawValue
      }
      for error in summary.invalidBaseline {
        if case .index(let index)? = error.path?.components.last { removed[index] = "unmatched" }
      }
    case .started(let implementations): ran = Set(implementations.map(\.name))
    case .invalid, .implementationStarted: break
    }
  }

  private func record(_ report: ScenarioVerdict) {
    let spec = Self.spec(of: report)
    let reason = "Recorded by 'conformance run --update-baseline' on \(today); say why, or fix the implementation."
    // The failures the next run will hold as known: the ones entries held, and the ones recorded now.
    var recordedFailures: [StepFailure] = []
    var othersFail = false
    for result in report.verdicts {
      switch result.outcome {
      case .known(let known):
        recordedFailures.append(known.failure)
        held[known.entryIndex, default: []].append(
          Self.entry(
            report.id, result.implementation, RecordedFailure(known.failure), reason: known.reason, spec: known.spec,
            expires: known.expires))
      case .passed, .flaky, .noTrace(.skipped), .noTrace(.notApplicable): break
      case .failed(let failure):
        recordedFailures.append(failure)
        added.append(Self.entry(report.id, result.implementation, RecordedFailure(failure), reason: reason, spec: spec))
      default:
        unrecordable += 1
        othersFail = true
      }
    }
    if let divergence = report.divergence, !report.divergenceIsKnown,
      !BaselineCheck.knownFailuresExplain(divergence, failures: recordedFailures, othersFail: othersFail)
    {
      let recorded = RecordedDivergence(divergence)
      // The implementations whose traces were compared (not those that produced none).
      let names = divergence.rows.first.map { $0.values.map(\.implementation) } ?? report.verdicts.map(\.implementation)
      added.append(
        Baseline.Entry(
          scenario: report.id, implementations: names, expect: .diverges, step: recorded.step, paths: recorded.paths,
          laterPaths: recorded.laterPaths, reason: reason, spec: spec))
    }
  }

  /// The `fails` entry that records `failure` on one implementation.
  private static func entry(
    _ id: String, _ implementation: String, _ failure: RecordedFailure, reason: String, spec: String,
    expires: String? = nil
  ) -> Baseline.Entry {
    Baseline.Entry(
      scenario: id, implementations: [implementation], expect: .fails, step: failure.step, paths: failure.paths,
      laterPaths: failure.laterPaths, reason: reason, spec: spec, expires: expires)
  }

  /// The spec section a new entry names: the rules the scenario cites (`rules`, format v1.4: `login.md L3.e, L4.b`),
  /// else the rule ids that open its description (`L3.e, §3.3: …`, as files before v1.4 cite them:
  /// `login.md L3.e, §3.3`), else just the feature's spec file (`login.md`).
  static func spec(of report: ScenarioVerdict) -> String {
    let file = "\(report.feature).md"
    if !report.rules.isEmpty { return "\(file) \(report.rules.joined(separator: ", "))" }
    guard let colon = report.description.firstIndex(of: ":") else { return file }
    let prefix = report.description[..<colon]
    // Rule lists look like `L3.e, §3.3` or `LR4, L5`: every item a rule id or a section. A prose opening
    // ("Deliberately wrong:", "Found by conformance fuzz --seed 7: …") is not a section.
    let items = prefix.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard prefix.count <= 40, !items.isEmpty, items.allSatisfy({ ManifestNames.isRuleID($0) || isSection($0) }) else {
      return file
    }
    return "\(file) \(prefix)"
  }

  /// `§3`, `§3.3`, `§13.2`: a section number of a spec.
  private static func isSection(_ text: String) -> Bool {
    guard text.hasPrefix("§") else { return false }
    let number = text.dropFirst()
    return !number.isEmpty && number.first != "." && number.last != "."
      && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }

  /// The new baseline, the entries added (in the new file's order, after the kept ones) and the entries removed.
  package func result() -> (baseline: Baseline, added: [Baseline.Entry], removed: [Removal]) {
    var entries: [Baseline.Entry] = []
    var origins: [Int?] = []
    var removals: [Removal] = []
    var added = self.added
    for (index, entry) in old.entries.enumerated() {
      if let why = removed[index] {
        removals.append(Removal(index: index, entry: entry, why: why))
        // What the removed entry still held this run stays recorded, one exact entry per pair.
        added.append(contentsOf: held[index] ?? [])
        // Its pairs on implementations this run did not run were not checked: they stay as they were recorded.
        let unchecked = entry.implementations.filter { !ran.contains($0) }
        if entry.expect == .fails, why != "expired", why != "unmatched", !unchecked.isEmpty {
          var kept = entry
          kept.implementations = unchecked
          added.append(kept)
        }
      } else {
        entries.append(entry)
        origins.append(index)
      }
    }
    var baseline = Baseline(file: old.file, entries: entries + added, schema: old.schema)
    baseline.layout = old.layout.map { layout in
      var layout = layout
      layout.origins = origins + Array(repeating: nil, count: added.count)
      return layout
    }
    return (baseline, added, removals)
  }

  /// The baseline as a file: one entry per block, keys in a fixed order, newline-terminated.
  ///
  /// - Parameter schema: The `$schema` reference to write, relative to the file, or `nil` for none; the file's own
  ///   `$schema` (``Baseline/schema``), when it had one, is written instead, unchanged.
  /// When the baseline was read from a file and keeps some of its entries, the file's text is kept: the kept entries
  /// and everything around them as written, the removed ones cut, the added ones appended (``BaselineLayout``).
  /// The spliced text is parsed again before it is used: unless it gives exactly the entries being written, the whole
  /// file is rendered instead, so a layout the scanner misread can never cut an entry in half.
  package static func render(_ baseline: Baseline, schema: String?) -> String {
    if let layout = baseline.layout, layout.origins.count == baseline.entries.count,
      let text = layout.splice(
        layout.origins,
        zip(layout.origins, baseline.entries).filter { $0.0 == nil }.map { render($0.1) }),
      case .success(let reread) = (try? JSONParser().parse(text)).map({ Baseline.load($0, file: "") })
        ?? .failure(InputErrors([])),
      reread.entries == baseline.entries
    {
      return text
    }
    var lines = ["{"]
    if let schema = baseline.schema ?? schema { lines.append("  \"$schema\": \(JSONRenderer.quoted(schema)),") }
    guard !baseline.entries.isEmpty else { return (lines + ["  \"entries\": []", "}"]).joined(separator: "\n") + "\n" }
    lines.append("  \"entries\": [")
    for (position, entry) in baseline.entries.enumerated() {
      lines.append(render(entry) + (position == baseline.entries.count - 1 ? "" : ","))
    }
    lines += ["  ]", "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One entry as the file shows it: a block indented by four spaces, one key a line, without a trailing comma.
  static func render(_ entry: Baseline.Entry) -> String {
    let list = { (items: [String]) in "[" + items.map(JSONRenderer.quoted).joined(separator: ", ") + "]" }
    var members = [
      "\"scenario\": \(JSONRenderer.quoted(entry.scenario))",
      "\"implementations\": \(list(entry.implementations))",
      "\"expect\": \(JSONRenderer.quoted(entry.expect.rawValue))", "\"step\": \(entry.step)",
      "\"paths\": \(list(entry.paths))",
    ]
    if !entry.laterPaths.isEmpty { members.append("\"laterPaths\": \(list(entry.laterPaths))") }
    members += [
      "\"reason\": \(JSONRenderer.quoted(entry.reason))", "\"spec\": \(JSONRenderer.quoted(entry.spec))",
    ]
    if let expires = entry.expires { members.append("\"expires\": \(JSONRenderer.quoted(expires))") }
    return "    {\n" + members.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
  }

  /// One line describing an entry: `'login-x' fails on swift at step 1 (state.error)`.
  package static func summary(of entry: Baseline.Entry) -> String {
    let names = entry.implementations.joined(separator: ", ")
    let verb = entry.expect == .fails ? "fails on" : "diverges between"
    let later = entry.laterPaths.isEmpty ? "" : "; later at \(entry.laterPaths.joined(separator: ", "))"
    return "'\(entry.scenario)' \(verb) \(names) at step \(entry.step) (\(entry.paths.joined(separator: ", "))\(later))"
  }
}
