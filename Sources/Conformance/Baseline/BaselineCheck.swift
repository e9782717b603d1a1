/// Applies a known-divergence baseline to a run, one scenario at a time, and checks the entries when the run ends.
///
/// The rules, each strict:
/// - a pair an active `fails` entry lists that fails at the recorded step with exactly the recorded JSON paths
///   becomes `known`; one that passes is `fixed`; any other outcome is `different`;
/// - a divergence is explained when a `diverges` entry records its step and paths exactly (else `different`; an
///   entry whose scenario no longer diverges is `fixed`), or when every failing pair of the scenario is `known`;
/// - an entry past its expiry date is not applied and is reported `expired`;
/// - an entry whose pattern matches no scenario read in the run makes the baseline invalid.
struct BaselineCheck {
  let baseline: KnownDivergences
  let today: String
  private var exact: [String: [Int]] = [:]
  private var patterns: [Int] = []
  private var matched: [Bool]

  /// Prepares the entries for lookup by scenario id.
  ///
  /// - Parameters:
  ///   - baseline: The baseline.
  ///   - today: The date entries expire against, `YYYY-MM-DD` (injected so tests do not depend on the clock).
  init(_ baseline: KnownDivergences, today: String) {
    self.baseline = baseline
    self.today = today
    self.matched = Array(repeating: false, count: baseline.entries.count)
    for (index, entry) in baseline.entries.enumerated() {
      if entry.scenario.contains("*") {
        patterns.append(index)
      } else {
        exact[entry.scenario, default: []].append(index)
      }
    }
  }

  /// The indices of the entries that match `id`, in file order.
  func entries(for id: String) -> [Int] {
    let direct = exact[id] ?? []
    let wild = patterns.filter { baseline.entries[$0].matches(id) }
    return wild.isEmpty ? direct : (direct + wild).sorted()
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
    case .passed:
      report.baselineProblems.append(
        problem(
          .fixed, index, id, implementation, "fixed: remove the entry ('\(id)' now passes on '\(implementation)')"))
    case .failed(let failure):
      return judge(failure, index: index, report: &report, on: implementation)
    case .noTrace(.errored), .noTrace(.skipped):
      report.baselineProblems.append(
        problem(
          .different, index, id, implementation,
          "'\(id)' is \(outcome.label) on '\(implementation)', not the recorded failure (\(Self.describe(entry.step, entry.paths)))"
        ))
    case .noTrace, .known:
      // A harness fault says nothing about the recorded failure: it fails the gate on its own, and the entry stays
      // (neither fixed nor different), so one flaky run cannot make --update-baseline drop a reason written by hand.
      break
    }
    return nil
  }

  /// A failing listed pair: `known` when it fails at the recorded step and paths (later steps only at recorded
  /// paths), else `nil` after recording how it differs.
  private func judge(_ failure: StepFailure, index: Int, report: inout ScenarioVerdict, on implementation: String)
    -> Outcome?
  {
    let entry = baseline.entries[index]
    let id = report.id
    let paths = Set(failure.mismatches.map(\.path.description)).sorted()
    // Later steps may go on failing at the recorded paths (a wrong state persists), but a failure at any other
    // path is new: it must not hide behind the entry.
    let laterPaths = Set(failure.laterSteps.flatMap { $0.mismatches.map(\.path.description) })
    let newLater = failure.laterSteps.first { step in
      step.mismatches.contains { !entry.paths.contains($0.path.description) }
    }
    if failure.stepIndex + 1 == entry.step, Self.samePaths(paths, laterPaths, entry.paths),
      laterPaths.isSubset(of: entry.paths)
    {
      return .known(
        KnownFailure(
          failure: failure, entry: baseline.name(of: index), entryIndex: index, reason: entry.reason,
          spec: entry.spec,
          expires: entry.expires))
    }
    if failure.stepIndex + 1 == entry.step, Self.samePaths(paths, laterPaths, entry.paths), let newLater {
      let extra = Set(newLater.mismatches.map(\.path.description)).subtracting(entry.paths).sorted()
      report.baselineProblems.append(
        problem(
          .different, index, id, implementation,
          "'\(id)' also fails on '\(implementation)' at \(Self.describe(newLater.stepIndex + 1, extra)), beyond the recorded failure (\(Self.describe(entry.step, entry.paths)))"
        ))
      return nil
    }
    report.baselineProblems.append(
      problem(
        .different, index, id, implementation,
        "'\(id)' fails differently on '\(implementation)': \(Self.describe(failure.stepIndex + 1, paths)); recorded: \(Self.describe(entry.step, entry.paths))"
      ))
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
        let entry = baseline.entries[index]
        let paths = divergence.rows.map(\.path.description).sorted()
        if divergence.stepIndex + 1 == entry.step, paths == entry.paths {
          report.divergenceIsKnown = true
        } else {
          report.baselineProblems.append(
            problem(
              .different, index, report.id, nil,
              "'\(report.id)' diverges differently: \(Self.describe(divergence.stepIndex + 1, paths)); recorded: \(Self.describe(entry.step, entry.paths))"
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

  /// Whether a divergence no entry records is the known failure itself: only when it is at a known step and every
  /// differing path is a known one; two other implementations diverging from each other elsewhere is news.
  private static func knownFailuresExplain(_ divergence: Divergence, in report: ScenarioVerdict) -> Bool {
    let known = report.verdicts.compactMap { result -> KnownFailure? in
      if case .known(let failure) = result.outcome { return failure }
      return nil
    }
    return !known.isEmpty && !report.verdicts.contains(where: { $0.outcome.isFailure })
      && known.contains { $0.failure.stepIndex == divergence.stepIndex }
      && divergence.rows.allSatisfy { row in
        // A row may name a whole value (`effects`) where the failure names a part (`effects[0]`), or the reverse.
        known.contains { known in
          known.failure.mismatches.contains {
            $0.path.components.starts(with: row.path.components)
              || row.path.components.starts(with: $0.path.components)
          }
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

  /// `step 2 at state.error, state.isLoading`.
  /// Whether a failure's paths are the recorded ones: the first failing step's paths equal them, except that calls
  /// left pending (`pending.a1`, runtime scenarios) are reported at the last step whichever step failed first, so
  /// they are compared over the whole failure. Reducer failures have no `pending` paths: for them this is `paths ==
  /// recorded`.
  static func samePaths(_ paths: [String], _ laterPaths: Set<String>, _ recorded: [String]) -> Bool {
    func isPending(_ path: String) -> Bool { path.hasPrefix("pending.") || path.hasPrefix("pending[") }
    guard
      paths.contains(where: isPending) || laterPaths.contains(where: isPending) || recorded.contains(where: isPending)
    else { return paths == recorded }
    let pending = Set(paths.filter(isPending)).union(laterPaths.filter(isPending))
    return paths.filter { !isPending($0) } == recorded.filter { !isPending($0) }
      && pending == Set(recorded.filter(isPending))
  }

  static func describe(_ step: Int, _ paths: [String]) -> String {
    "step \(step) at \(paths.joined(separator: ", "))"
  }
}
