import Conformance
import Foundation

/// Runs one scenario file through the same runner as `conformance run`, and turns what goes wrong into
/// ``ScenarioFailure``s placed at lines of the file, with the text report's words (``VerdictText``).
struct ScenarioCheck {
  let root: URL
  let file: URL
  let implementation: String

  /// Runs the scenario on whichever of the adapters matches its level: `adapter` for a reducer-level scenario,
  /// `runtime` for a runtime-level one. A scenario whose level has no adapter here is a failure (see below).
  func run(_ adapter: (any FeatureAdapter)?, runtime: (any RuntimeAdapter)?) async -> [ScenarioFailure] {
    await run(
      SwiftImplementation(
        name: implementation, features: adapter.map { [$0] } ?? [], runtimes: runtime.map { [$0] } ?? []))
  }

  private func run(_ implementation: SwiftImplementation) async -> [ScenarioFailure] {
    let (manifests, manifestErrors) = ManifestLoader().loadAll(
      in: root.appendingPathComponent("features"), displayPath: { $0.path })
    let swift = implementation.bound(to: manifests)
    var failures = manifestErrors.map { failure(for: $0) }
    let baseline = loadBaseline(into: &failures)
    // The same baseline and strictness as `conformance run` over this file: a listed pair is `known`, one that passes
    // or fails differently fails, and an expired entry fails. An entry for another scenario is not this file's
    // business, so unmatched entries are not checked (as `conformance run <file>` does not).
    let runner = ConformanceRunner(
      implementations: [swift], loader: ScenarioLoader(manifests: manifests),
      options: .init(baseline: baseline, filesAreWholeCorpus: false))
    let corpus = ScenarioCorpus(roots: [.init(path: file.path, displayName: file.path)], loader: runner.loader)
    _ = await runner.run(corpus) { event in failures += self.failures(for: event) }
    return failures
  }

  /// What one event of the run says went wrong, if anything.
  private func failures(for event: RunEvent) -> [ScenarioFailure] {
    switch event {
    case .started(let started):
      // An implementation that did not start (its initial state differs from the manifest's): say why, since
      // each scenario's text then only says "see the error above".
      return started.compactMap { entry in
        entry.startError.map { error in
          ScenarioFailure(
            message: ReportText.error("the implementation '\(entry.name)' did not start: \(error)"),
            filePath: file.path, line: 1, column: 1)
        }
      }
    case .invalid(_, let errors):
      return errors.map { failure(for: $0) }
    // A skip fails too, as it fails `conformance run` without --allow-skipped: an adapter registered under the
    // wrong feature name must not pass every scenario by running none. So does `not applicable` here, unlike in
    // `conformance run`: a test case that ran nothing (a runtime-level scenario checked with a reducer adapter
    // only) must not show as a pass.
    case .scenario(let report) where report.isFailure || report.hasSkip || report.isNotApplicable:
      // One implementation, one scenario: the single-implementation lines, with no reason above to refer to.
      var lines = VerdictText.singleLines(report, style: .plain, sameReasonAsAbove: false)
      if report.isNotApplicable || report.hasSkip {
        lines.append(
          "    (a test case that runs nothing would pass silently: give the scenario's other adapter too, "
            + "scenario.check(reducerAdapter, runtime: runtimeAdapter))")
      }
      return [
        ScenarioFailure(message: lines.joined(separator: "\n"), filePath: file.path, line: line(of: report), column: 1)
      ]
    case .finished(let summary):
      return summary.baselineProblems.filter { $0.kind == .expired }.map { problem in
        ScenarioFailure(message: ReportText.error(problem.description), filePath: file.path, line: 1, column: 1)
      }
    default:
      return []
    }
  }

  /// The known-divergence baseline `conformance run` uses by default, `known-divergences.json` in the `Conformance`
  /// folder (Conformance/README.md §12), or `nil` when there is none. An invalid one adds its errors to `failures` and
  /// is not applied: a broken baseline must fail the test, not silently stop explaining failures.
  private func loadBaseline(into failures: inout [ScenarioFailure]) -> Baseline? {
    let url = root.appendingPathComponent(Baseline.defaultFileName)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    switch Baseline.load(url, displayName: url.path, keepingText: false) {
    case .success(let baseline): return baseline
    case .failure(let errors):
      failures += errors.errors.map { failure(for: $0) }
      return nil
    }
  }

  /// An invalid file or manifest, at its line and column when it has them (syntax errors), at the line of the step
  /// its JSON path is in (`steps[2].send.type`), else at line 1.
  private func failure(for error: InputError) -> ScenarioFailure {
    let filePath = error.file.hasPrefix("/") ? error.file : file.path
    var line = error.line
    if line == nil, filePath == file.path, let components = error.path?.components, components.count >= 2,
      components[0] == .key("steps"), case .index(let step) = components[1]
    {
      line = stepLine(step)
    }
    return ScenarioFailure(
      message: ReportText.error("\(error)"), filePath: filePath, line: line ?? 1, column: error.column ?? 1)
  }

  /// The line of the 0-based step `index` in the scenario file, or `nil` (also for -1, the creation of format v1.3,
  /// which has no step of its own).
  private func stepLine(_ index: Int) -> Int? {
    guard index >= 0, let text = try? String(contentsOf: file, encoding: .utf8),
      let spans = JSONArraySpans.spans(of: "steps", in: text), index < spans.count
    else { return nil }
    return text.utf8[..<spans[index].lowerBound].count(where: { $0 == UInt8(ascii: "\n") }) + 1
  }

  /// The line of the first step that went wrong, or line 1.
  private func line(of report: ScenarioVerdict) -> Int {
    let step = report.verdicts.lazy.compactMap { result -> Int? in
      switch result.outcome {
      case .failed(let failure): return failure.stepIndex
      case .noTrace(.errored(let step, _)): return step > 0 ? step - 1 : nil
      default: return nil
      }
    }.first
    return step.flatMap(stepLine) ?? 1
  }
}
