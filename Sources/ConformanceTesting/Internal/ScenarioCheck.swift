import Conformance
import Foundation

/// Runs one scenario file through the same runner as `conformance run`, and turns what goes wrong into
/// ``ScenarioFailure``s placed at lines of the file, with the text report's words (``VerdictText``).
struct ScenarioCheck {
  let root: URL
  let file: URL
  let implementation: String

  func run(_ adapter: any FeatureAdapter) async -> [ScenarioFailure] {
    await run(SwiftImplementation(name: implementation, features: [adapter]))
  }

  /// Runs the scenario on a runtime adapter: runtime-level scenarios drive the real runtime; a reducer-level
  /// scenario is `not applicable`, which is no failure.
  func run(_ runtime: any RuntimeAdapter) async -> [ScenarioFailure] {
    await run(SwiftImplementation(name: implementation, features: [], runtimes: [runtime]))
  }

  private func run(_ implementation: SwiftImplementation) async -> [ScenarioFailure] {
    let (manifests, manifestErrors) = ManifestLoader().loadAll(
      in: root.appendingPathComponent("features"), displayPath: { $0.path })
    let swift = implementation.bound(to: manifests)
    let runner = ConformanceRunner(implementations: [swift], loader: ScenarioLoader(manifests: manifests))
    var failures = manifestErrors.map { failure(for: $0) }
    let corpus = ScenarioCorpus(roots: [.init(path: file.path, displayName: file.path)], loader: runner.loader)
    _ = await runner.run(corpus) { event in
      switch event {
      case .started(let started):
        // An implementation that did not start (its initial state differs from the manifest's): say why, since
        // each scenario's text then only says "see the error above".
        for entry in started {
          if let error = entry.startError {
            failures.append(
              ScenarioFailure(
                message: ReportText.error("the implementation '\(entry.name)' did not start: \(error)"),
                filePath: file.path,
                line: 1, column: 1))
          }
        }
      case .invalid(_, let errors):
        failures += errors.map { failure(for: $0) }
      // A skip fails too, as it fails `conformance run` without --allow-skipped: an adapter registered under the
      // wrong feature name must not pass every scenario by running none.
      case .scenario(let report) where report.isFailure || report.hasSkip:
        // One implementation, one scenario: the single-implementation lines, with no reason above to refer to.
        let lines = VerdictText.singleLines(report, style: .plain, sameReasonAsAbove: false)
        failures.append(
          ScenarioFailure(
            message: lines.joined(separator: "\n"), filePath: file.path, line: line(of: report), column: 1))
      default:
        break
      }
    }
    return failures
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

  /// The line of the 0-based step `index` in the scenario file, or `nil`.
  private func stepLine(_ index: Int) -> Int? {
    guard let bytes = try? [UInt8](Data(contentsOf: file)) else { return nil }
    let lines = StepLines.lines(in: bytes)
    return index < lines.count ? lines[index] : nil
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
