/// Applies a known-divergence baseline to a run, one scenario at a time, and checks the entries when the run ends.
///
/// The rules, each strict:
/// - a pair an active `fails` entry lists whose failure is exactly the recorded one (``RecordedFailure``: step, paths,
///   later paths) becomes `known`; one that passes is `fixed`; any other outcome is `different`;
/// - a divergence is explained when a `diverges` entry records its step and paths exactly (``RecordedDivergence``;
///   else `different`; an entry whose scenario no longer diverges is `fixed`), or when the scenario's known failures
///   explain it (``knownFailuresExplain(_:failures:othersFail:)``);
/// - an entry past its expiry date is not applied and is reported `expired`;
/// - an entry whose pattern matches no scenario read in the run makes the baseline invalid.
///
/// ``BaselineUpdate`` records through the same definitions, so what it writes holds on a re-run of the same run.
struct BaselineCheck {
  let baseline: Baseline
  let today: String
  private var exact: [String: [Int]] = [:]
  /// Pattern entries by their literal text before the first `*` (as scalars), so a lookup tries only the patterns
  /// whose prefix the id starts with: thousands of patterns against thousands of scenarios stay linear in practice.
  private var patternsByPrefix: [String: [Int]] = [:]
  /// The distinct prefix lengths of ``patternsByPrefix``, in scalars, ascending.
  private var prefixLengths: [Int] = []
  private var matched: [Bool]

  /// Prepares the entries for lookup by scenario id.
  ///
  /// - Parameters:
  ///   - baseline: The baseline.
  ///   - today: The date entries expire against, `YYYY-MM-DD` (injected so tests do not depend on the clock).
  init(_ baseline: Baseline, today: String) {
    self.baseline = baseline
    self.today = today
    self.matched = Array(repeating: false, count: baseline.entries.count)
    var lengths = Set<Int>()
    for (index, entry) in baseline.entries.enumerated() {
      let scalars = entry.scenario.unicodeScalars
      if let star = scalars.firstIndex(of: "*") {
        let prefix = String(scalars[..<star])
        patternsByPrefix[prefix, default: []].append(index)
        lengths.insert(prefix.unicodeScalars.count)
      } else {
        exact[entry.scenario, default: []].append(index)
      }
    }
    prefixLengths = lengths.sorted()
  }

  /// The indices of the entries that match `id`: exact entries first, then patterns, each in file order. A pair is
  /// judged by the first entry that covers it, so an exact entry (one `--update-baseline` adds) wins over a pattern.
  func entries(for id: String) -> [Int] {
    let direct = exact[id] ?? []
    let wild = patternCandidates(for: id).filter { baseline.entries[$0].matches(id) }
    return wild.isEmpty ? direct : direct + wild
  }

  /// The pattern entries whose literal prefix `id` starts with, in file order: the only ones that can match it.
  func patternCandidates(for id: String) -> [Int] {
    guard !prefixLengths.isEmpty else { return [] }
    let scalars = id.unicodeScalars
    var candidates: [Int] = []
    for length in prefixLengths {
      guard let end = scalars.index(scalars.startIndex, offsetBy: length, limitedBy: scalars.endIndex) else { break }
      if let found = patternsByPrefix[String(scalars[..<end])] { candidates += found }
    }
    return prefixLengths.count > 1 ? candidates.sorted() : candidates
  }

  /// Records that a scenario was read (selected or not), so entries that match it are not reported as unmatched.
  mutating func noteRead(_ id: String) {
    for index in entries(for: id) { matched[index] = true }
  }

  /// Marks the pairs of `report` that fail as recorded as `known`, explains its divergence when the baseline does,
  /// and records every `fixed` and `different` problem in the report.
  func apply(to report: inout ScenarioVerdict) {
    let active = entries(for: report.id).filter { !baseline.entries[$0].hasExpired(today: today) }
    guard !active.isEmpty else { return }
    applyFailsEntries(active, to: &report)
    applyDivergesEntries(active, to: &report)
  }

  // MARK: - Failing pairs

  /// Each pair an active `fails` entry lists becomes `known`, or records a `fixed` or `different` problem.
  private func applyFailsEntries(_ active: [Int], to report: inout ScenarioVerdict) {
    for position in report.verdicts.indices {
      let implementation = report.verdicts[position].implementation
      guard
        let index = active.first(where: {
          baseline.entries[$0].expect == .fails && baseline.entries[$0].implementations.contains(implementation)
        })
      else { continue }
      if let outcome = judge(report.verdicts[position].outcome, index: index, report: &report, on: implementation) {
        report.verdicts[position].outcome = outcome
      }
    }
  }

  /// The new outcome of a listed pair (`known`), or `nil` after recording a `fixed` or `different` problem.
  private func judge(_ outcome: Outcome, index: Int, report: inout ScenarioVerdict, on implementation: String)
    -> Outcome?
  {
    let entry = baseline.entries[index]
    let id = report.id
    switch outcome {
    case .passed, .flaky:
      report.baselineProblems.append(
        problem(
          .fixed, index, id, implementation, "fixed: remove the entry ('\(id)' now passes on '\(implementation)')"))
    case .failed(let failure):
      return judge(failure, index: index, report: &report, on: implementation)
    case .noTrace(.errored), .noTrace(.skipped):
      report.baselineProblems.append(
        problem(
          .different, index, id, implementation,
          "'\(id)' is \(outcome.label) on '\(implementation)', not the recorded failure (\(RecordedFailure(entry).text))"
        ))
    case .noTrace, .known:
      // A harness fault says nothing about the recorded failure: it fails the gate on its own, and the entry stays
      // (neither fixed nor different), so one flaky run cannot make --update-baseline drop a reason written by hand.
      break
    }
    return nil
  }

  /// A failing listed pair: `known` when its ``RecordedFailure`` is the entry's, else `nil` after recording how it
  /// differs (a later step beyond the recorded failure, a recorded later path that no longer fails, or another step
  /// or other paths).
  private func judge(_ failure: StepFailure, index: Int, report: inout ScenarioVerdict, on implementation: String)
    -> Outcome?
  {
    let entry = baseline.entries[index]
    let id = report.id
    let recorded = RecordedFailure(entry)
    let observed = RecordedFailure(failure)
    let message: String
    switch RecordedFailure.difference(observed, recorded, failure: failure) {
    case nil:
      return .known(
        KnownFailure(
          failure: failure, entry: baseline.name(of: index), entryIndex: index, reason: entry.reason,
          spec: entry.spec, expires: entry.expires))
    case .beyond(let text)?:
      message = "'\(id)' also fails on '\(implementation)' at \(text), beyond the recorded failure (\(recorded.text))"
    case .noLonger(let paths)?:
      message =
        "'\(id)' fails differently on '\(implementation)': later steps no longer fail at \(paths); recorded: \(recorded.text)"
    case .other(let text)?:
      message = "'\(id)' fails differently on '\(implementation)': \(text); recorded: \(recorded.text)"
    }
    report.baselineProblems.append(problem(.different, index, id, implementation, message))
    return nil
  }

  // MARK: - Divergences

  /// The scenario's divergence is known when a `diverges` entry records it exactly, or when the known failures
  /// explain it; an entry whose scenario no longer diverges is `fixed`; one recorded otherwise is `different`.
  private func applyDivergesEntries(_ active: [Int], to report: inout ScenarioVerdict) {
    let names = Set(report.verdicts.map(\.implementation))
    let diverges = active.first {
      baseline.entries[$0].expect == .diverges && baseline.entries[$0].implementations.allSatisfy(names.contains)
    }
    if let divergence = report.divergence {
      if let index = diverges {
        let observed = RecordedDivergence(divergence)
        let recorded = RecordedDivergence(baseline.entries[index])
        if observed == recorded {
          report.divergenceIsKnown = true
        } else {
          report.baselineProblems.append(
            problem(
              .different, index, report.id, nil,
              "'\(report.id)' diverges differently: \(observed.text); recorded: \(recorded.text)"
            ))
        }
      } else if Self.knownFailuresExplain(divergence, in: report) {
        report.divergenceIsKnown = true
      }
    } else if let index = diverges, !Self.hasFault(report, among: baseline.entries[index].implementations) {
      // No divergence, and every implementation the entry names produced a trace: it is fixed. (A harness fault
      // leaves no trace to diverge; it fails the gate on its own and the entry stays.)
      report.baselineProblems.append(
        problem(.fixed, index, report.id, nil, "fixed: remove the entry ('\(report.id)' no longer diverges)"))
    }
  }

  /// Whether a divergence no entry records is the known failure itself (``knownFailuresExplain(_:failures:othersFail:)``
  /// over the report's `known` pairs).
  private static func knownFailuresExplain(_ divergence: Divergence, in report: ScenarioVerdict) -> Bool {
    let known = report.verdicts.compactMap { result -> StepFailure? in
      if case .known(let failure) = result.outcome { return failure.failure }
      return nil
    }
    return knownFailuresExplain(
      divergence, failures: known, othersFail: report.verdicts.contains { $0.outcome.isFailure })
  }

  /// Whether `failures` (the known failures of a scenario) explain `divergence`: none other fails, some failure fails
  /// at the divergence's step (its first or a later one), and every differing path is one a failure reports at that
  /// step; two other implementations diverging from each other elsewhere is news. ``BaselineUpdate`` asks the same
  /// question of the failures it records, to decide whether a divergence needs a `diverges` entry of its own.
  static func knownFailuresExplain(_ divergence: Divergence, failures: [StepFailure], othersFail: Bool) -> Bool {
    guard !failures.isEmpty, !othersFail else { return false }
    let atStep = failures.flatMap { failure -> [Mismatch] in
      if failure.stepIndex == divergence.stepIndex { return failure.mismatches }
      return failure.laterSteps.first { $0.stepIndex == divergence.stepIndex }?.mismatches ?? []
    }
    return !atStep.isEmpty
      && divergence.rows.allSatisfy { row in
        // A row may name a whole value (`effects`) where the failure names a part (`effects[0]`), or the reverse; a
        // runtime row names the cancelled list by index (`cancelled[0]`) where the failure names the call
        // (`cancelled.a1`).
        atStep.contains { mismatch in
          mismatch.path.components.starts(with: row.path.components)
            || row.path.components.starts(with: mismatch.path.components)
            || (mismatch.path.components.first == .key("cancelled") && row.path.components.first == .key("cancelled"))
        }
      }
  }

  // MARK: - End of the run

  /// After the run: every expired entry that matched is a problem, every entry that matched nothing an error.
  ///
  /// - Parameter checkUnmatched: `false` when not every scenario could be read (`--fail-fast` stopped the run, or a
  ///   file was invalid), so an entry's scenario may exist unseen.
  func finish(into summary: inout RunSummary, checkUnmatched: Bool) {
    summary.baselineFile = baseline.file
    for (index, entry) in baseline.entries.enumerated() {
      if !matched[index] {
        guard checkUnmatched else { continue }
        summary.invalidBaseline.append(
          InputError(
            file: baseline.file, path: JSONPath([.key("entries"), .index(index)]),
            message:
              "'\(entry.scenario)' matches no scenario in this run; remove the entry, or run without it (--no-baseline, or a --baseline file of its own)"
          ))
      } else if let expires = entry.expires, entry.hasExpired(today: today) {
        summary.baselineProblems.append(
          problem(
            .expired, index, nil, nil,
            "expired on \(expires): fix the divergence, or renew the entry with a later date (today is \(today))"))
      }
    }
  }

  private func problem(
    _ kind: BaselineProblem.Kind, _ index: Int, _ scenario: String?, _ implementation: String?,
    _ message: String
  ) -> BaselineProblem {
    BaselineProblem(
      kind: kind, entry: baseline.name(of: index), index: index, scenario: scenario, implementation: implementation,
      message: message)
  }

  /// Whether one of `implementations` ended `report` with a harness fault (crashed, timed out, protocol error, not
  /// run), so its trace could not be compared.
  static func hasFault(_ report: ScenarioVerdict, among implementations: [String]) -> Bool {
    report.verdicts.contains { result in
      guard implementations.contains(result.implementation) else { return false }
      return result.outcome.kind.isHarnessFault
    }
  }
}
