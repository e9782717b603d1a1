import Foundation

/// Runs scenario files against one or more implementations and reports each result as it comes.
///
/// Files are read, validated and run one at a time (streaming), so memory does not grow with the corpus: only small
/// per-scenario results are kept. A file that fails validation is reported with every problem and the run goes on.
///
/// ```swift
/// let runner = ConformanceRunner(implementations: [SwiftImplementation()], loader: loader)
/// let summary = await runner.run(files: files) { event in reporter.handle(event) }
/// ```
public struct ConformanceRunner: Sendable {
  /// Which scenarios to run and when to stop.
  public struct Options: Sendable {
    /// Run only scenarios whose id contains this text, when set.
    public var filter: String?
    /// Run only scenarios with at least one of these tags, when non-empty.
    public var tags: [String]
    /// Stop after the first scenario that fails the gate.
    public var failFast: Bool

    /// Creates options; the defaults run everything.
    public init(filter: String? = nil, tags: [String] = [], failFast: Bool = false) {
      self.filter = filter
      self.tags = tags
      self.failFast = failFast
    }
  }

  /// The implementations, in report order.
  public var implementations: [any Implementation]
  /// Validates scenario files against the manifests.
  public var loader: ScenarioLoader
  /// Selection and stopping options.
  public var options: Options

  /// Creates a runner.
  public init(implementations: [any Implementation], loader: ScenarioLoader, options: Options = Options()) {
    self.implementations = implementations
    self.loader = loader
    self.options = options
  }

  /// Runs every file and reports events in order: `started`, then `invalid`/`scenario` per file, then `finished`.
  ///
  /// - Parameters:
  ///   - files: The scenario files, in run order.
  ///   - invalidInputs: Problems found before the run (for example, broken manifests), reported first.
  ///   - emit: Receives each event as it happens.
  /// - Returns: The totals, also sent as the `finished` event.
  public func run(files: [ScenarioFile], invalidInputs: [InputError] = [], emit: (RunEvent) -> Void) async
    -> RunSummary
  {
    let clock = ContinuousClock.now
    let started = await startImplementations()
    emit(.started(implementations: started.map { ($0.implementation.name, $0.info, $0.error) }))
    var summary = RunSummary(
      counts: [:], implementations: implementations.map(\.name), scenarios: 0, divergences: 0,
      divergencesAmongPassed: 0, invalidFiles: 0, stoppedEarlyWithRemaining: nil, duration: 0)
    for (file, errors) in Dictionary(grouping: invalidInputs, by: \.file).sorted(by: { $0.key < $1.key }) {
      summary.invalidFiles += 1
      emit(.invalid(file: file, errors: errors))
    }
    var seenIDs: [String: String] = [:]
    for (position, file) in files.enumerated() {
      let scenario: Scenario
      switch loader.load(file.url, displayName: file.displayName) {
      case .failure(let failure):
        summary.invalidFiles += 1
        emit(.invalid(file: file.displayName, errors: failure.errors))
        continue
      case .success(let loaded): scenario = loaded
      }
      if let other = seenIDs[scenario.id] {
        summary.invalidFiles += 1
        let error = InputError(
          file: file.displayName, path: JSONPath([.key("id")]),
          message: "duplicate id '\(scenario.id)', already used by \(other); ids must be unique across the corpus")
        emit(.invalid(file: file.displayName, errors: [error]))
        continue
      }
      seenIDs[scenario.id] = file.displayName
      guard isSelected(scenario) else { continue }
      let report = await run(scenario, on: started)
      record(report, into: &summary)
      emit(.scenario(report))
      if options.failFast, report.isFailure {
        let remaining = files.count - position - 1
        if remaining > 0 { summary.stoppedEarlyWithRemaining = remaining }
        break
      }
    }
    for implementation in implementations { await implementation.shutdown() }
    summary.duration = (ContinuousClock.now - clock).seconds
    emit(.finished(summary))
    return summary
  }

  // MARK: - Steps of a run

  private struct Started: Sendable {
    var implementation: any Implementation
    var info: ImplementationInfo?
    var error: String?
  }

  private func startImplementations() async -> [Started] {
    var started: [Started] = []
    for implementation in implementations {
      do {
        started.append(Started(implementation: implementation, info: try await implementation.start()))
      } catch {
        started.append(Started(implementation: implementation, error: error.description))
      }
    }
    return started
  }

  private func isSelected(_ scenario: Scenario) -> Bool {
    if let filter = options.filter, !filter.isEmpty, !scenario.id.contains(filter) { return false }
    if !options.tags.isEmpty, !scenario.tags.contains(where: options.tags.contains) { return false }
    return true
  }

  private func run(_ scenario: Scenario, on started: [Started]) async -> ScenarioReport {
    let request = RunRequest(
      id: scenario.id, feature: scenario.feature, initialState: scenario.initialState,
      actions: scenario.steps.map(\.send))
    var observations: [(Observation, Double)]
    if started.count == 1, let only = started.first {
      observations = [await Self.observe(only, request)]
    } else {
      observations = await withTaskGroup(of: (Int, Observation, Double).self) { group in
        for (index, entry) in started.enumerated() {
          group.addTask {
            let (observation, duration) = await Self.observe(entry, request)
            return (index, observation, duration)
          }
        }
        var collected = Array(repeating: (Observation.notRun(reason: ""), 0.0), count: started.count)
        for await (index, observation, duration) in group { collected[index] = (observation, duration) }
        return collected
      }
    }
    var results: [ScenarioResult] = []
    var traces: [(implementation: String, trace: [TraceEntry])] = []
    for (entry, (observation, duration)) in zip(started, observations) {
      let (outcome, notChecked) = ScenarioJudge.judge(scenario, observation: observation)
      if case .trace(let trace) = observation, trace.count == scenario.steps.count {
        traces.append((entry.implementation.name, trace))
      }
      results.append(
        ScenarioResult(
          scenarioID: scenario.id, feature: scenario.feature, file: scenario.file,
          implementation: entry.implementation.name, outcome: outcome, notChecked: notChecked, duration: duration))
    }
    return ScenarioReport(
      id: scenario.id, file: scenario.file, feature: scenario.feature, description: scenario.description,
      stepCount: scenario.steps.count, results: results, divergence: Divergence.find(in: scenario, traces: traces))
  }

  private static func observe(_ entry: Started, _ request: RunRequest) async -> (Observation, Double) {
    if let error = entry.error {
      return (.notRun(reason: "the implementation '\(entry.implementation.name)' did not start: \(error)"), 0)
    }
    let start = ContinuousClock.now
    let observation = await entry.implementation.run(request)
    return (observation, (ContinuousClock.now - start).seconds)
  }

  private func record(_ report: ScenarioReport, into summary: inout RunSummary) {
    summary.scenarios += 1
    for result in report.results {
      summary.counts[result.implementation, default: [:]][result.outcome.label, default: 0] += 1
    }
    if report.divergence != nil {
      summary.divergences += 1
      if !report.results.contains(where: { $0.outcome.isFailure }) { summary.divergencesAmongPassed += 1 }
    }
  }
}

/// A scenario file to run: where it is and how reports name it.
public struct ScenarioFile: Sendable, Equatable {
  /// The file's location.
  public var url: URL
  /// The name shown in reports, relative to the working directory where possible.
  public var displayName: String

  /// Creates a file entry.
  public init(url: URL, displayName: String) {
    self.url = url
    self.displayName = displayName
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
