/// The recorded failure: what a `fails` entry records of a failing (scenario, implementation) pair, and what
/// ``BaselineCheck`` compares a failure with (Conformance/README.md §12.1, §12.2). `--update-baseline`
/// (``BaselineUpdate``) writes an entry from `RecordedFailure(failure)` and the check accepts a failure exactly when
/// `RecordedFailure(failure) == RecordedFailure(entry)`, so an entry written from a run always holds on that run.
///
/// Shape (every list sorted by Unicode scalars and without repeats):
/// - ``step``: the 1-based first failing step;
/// - ``paths``: the JSON paths that differ at that step (`state.error`, `effects[0]`, `calls[0].arguments.email`),
///   plus every call left pending at the end of a runtime scenario (`pending.a1`): the judge reports those at the
///   last step whichever step failed first, so they belong to the failure as a whole;
/// - ``laterPaths``: the paths later steps fail at that ``paths`` does not hold (the entry's optional `laterPaths`,
///   empty when absent). An entry without `laterPaths` therefore keeps its v1 meaning: later steps may fail only at
///   recorded paths.
struct RecordedFailure: Equatable {
  /// The 1-based first failing step.
  var step: Int
  /// The paths at ``step``, with every `pending.NAME` path of the failure.
  var paths: [String]
  /// The paths later steps fail at, beyond ``paths``.
  var laterPaths: [String]

  /// What `failure` records.
  init(_ failure: StepFailure) {
    let first = Set(failure.mismatches.map(\.path.description))
    let later = Set(failure.laterSteps.flatMap { $0.mismatches.map(\.path.description) })
    let paths = first.union(later.filter(Self.isPending))
    self.step = failure.stepIndex + 1
    self.paths = Self.sorted(paths)
    self.laterPaths = Self.sorted(later.subtracting(paths))
  }

  /// What `entry` records.
  init(_ entry: Baseline.Entry) {
    self.step = entry.step
    self.paths = Self.sorted(Set(entry.paths))
    self.laterPaths = Self.sorted(Set(entry.laterPaths).subtracting(entry.paths))
  }

  /// Whether `path` names a call left pending at the end (`pending.a1`).
  static func isPending(_ path: String) -> Bool { path.hasPrefix("pending.") || path.hasPrefix("pending[") }

  static func sorted(_ paths: Set<String>) -> [String] { paths.sorted { ScalarOrder.less($0, $1) } }

  /// `step 2 at state.error, state.isLoading`, then `; later at state.password` when later steps fail elsewhere.
  var text: String {
    let head = "step \(step) at \(paths.joined(separator: ", "))"
    return laterPaths.isEmpty ? head : head + "; later at \(laterPaths.joined(separator: ", "))"
  }

  /// How `observed` (made from `failure`, which says at which step each path was reported) differs from `recorded`,
  /// naming the steps and paths that differ, so a message never shows two equal descriptions; `nil` when equal.
  static func difference(_ observed: RecordedFailure, _ recorded: RecordedFailure, failure: StepFailure)
    -> Difference?
  {
    guard observed != recorded else { return nil }
    if observed.step == recorded.step, observed.paths == recorded.paths {
      let extra = Set(observed.laterPaths).subtracting(recorded.laterPaths)
      if let step = failure.laterSteps.first(where: { $0.mismatches.contains { extra.contains($0.path.description) } })
      {
        let here = sorted(Set(step.mismatches.map(\.path.description)).intersection(extra))
        return .beyond("step \(step.stepIndex + 1) at \(here.joined(separator: ", "))")
      }
      let gone = sorted(Set(recorded.laterPaths).subtracting(observed.laterPaths))
      return .noLonger(gone.joined(separator: ", "))
    }
    return .other(describe(failure, observed))
  }

  /// What differs: a failure at a later step beyond the recorded ones, a recorded later path that no longer fails, or
  /// another first step or other paths.
  enum Difference: Equatable {
    case beyond(String)
    case noLonger(String)
    case other(String)
  }

  /// The observed failure for a message: the first step's paths, and each pending call at the step that reported it
  /// when that is a later one (`step 4 at cancelled.a1, pending.a1 (at the end, step 5)`), then the later paths.
  private static func describe(_ failure: StepFailure, _ observed: RecordedFailure) -> String {
    let first = Set(failure.mismatches.map(\.path.description))
    var reportedAt: [String: Int] = [:]
    for step in failure.laterSteps {
      for mismatch in step.mismatches where reportedAt[mismatch.path.description] == nil {
        reportedAt[mismatch.path.description] = step.stepIndex + 1
      }
    }
    let items = observed.paths.map { path in
      first.contains(path) ? path : "\(path) (at the end, step \(reportedAt[path] ?? observed.step))"
    }
    let head = "step \(observed.step) at \(items.joined(separator: ", "))"
    return observed.laterPaths.isEmpty ? head : head + "; later at \(observed.laterPaths.joined(separator: ", "))"
  }
}

/// The recorded divergence: what a `diverges` entry records of a divergence (its 1-based step and the differing
/// paths, sorted, without repeats), shared by ``BaselineCheck`` and ``BaselineUpdate`` like ``RecordedFailure``.
struct RecordedDivergence: Equatable {
  var step: Int
  var paths: [String]
  /// The paths later steps also differ at, beyond ``paths``.
  var laterPaths: [String]
  /// The implementations compared, sorted: a divergence among others is not the one recorded.
  var implementations: [String]

  init(_ divergence: Divergence) {
    step = divergence.stepIndex + 1
    paths = RecordedFailure.sorted(Set(divergence.rows.map(\.path.description)))
    laterPaths = divergence.laterPaths
    implementations = divergence.implementations.sorted()
  }

  init(_ entry: Baseline.Entry) {
    step = entry.step
    paths = RecordedFailure.sorted(Set(entry.paths))
    laterPaths = RecordedFailure.sorted(Set(entry.laterPaths))
    implementations = entry.implementations.sorted()
  }

  var text: String {
    "step \(step) at \(paths.joined(separator: ", "))"
      + (laterPaths.isEmpty ? "" : "; later at \(laterPaths.joined(separator: ", "))")
      + " between \(implementations.joined(separator: ", "))"
  }
}
