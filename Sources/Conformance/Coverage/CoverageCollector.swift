/// Collects what a run's scenarios cover (the ``CoverageSample`` each verdict carries) by feature and
/// implementation: the reporter `conformance coverage` adds to the run, so coverage comes from the same run loop,
/// implementations and traces as `conformance run`.
package final class CoverageCollector: RunReporter {
  /// The implementations, in report order, as the run started them.
  package private(set) var implementations: [String] = []
  /// The implementations that did not start: their coverage is not known.
  package private(set) var notStarted: [String] = []
  /// Per feature, the items covered on each implementation (only those that ran a scenario of it).
  package private(set) var covered: [String: [String: Set<CoverageItem>]] = [:]
  /// Per feature and item, the implementations that ran a scenario in which another implementation covered the item
  /// and they did not: a difference between implementations, not a gap in the scenarios.
  package private(set) var missed: [String: [CoverageItem: Set<String>]] = [:]
  /// Per feature, how many selected scenarios it has, and how many each implementation produced a trace for.
  package private(set) var scenarios: [String: (all: Int, ran: [String: Int])] = [:]
  /// The run's totals, once it is over.
  package private(set) var summary: RunSummary?

  /// Creates an empty collector.
  package init() {}

  /// Notes what the event adds: the implementations and their start errors, each verdict's covered items, the
  /// scenarios run per feature, and the totals.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      implementations = started.map(\.name)
      notStarted = started.filter { $0.startError != nil }.map(\.name)
    case .scenario(let verdict):
      var counts = scenarios[verdict.feature] ?? (0, [:])
      counts.all += 1
      let samples = verdict.coverage?.items ?? [:]
      let union = samples.values.reduce(into: Set<CoverageItem>()) { $0.formUnion($1) }
      for (implementation, items) in samples {
        counts.ran[implementation, default: 0] += 1
        covered[verdict.feature, default: [:]][implementation, default: []].formUnion(items)
        for item in union where !items.contains(item) {
          missed[verdict.feature, default: [:]][item, default: []].insert(implementation)
        }
      }
      scenarios[verdict.feature] = counts
    case .implementationStarted(let name, _, let startError):
      if startError != nil { notStarted.append(name) }
    case .finished(let summary): self.summary = summary
    case .invalid: return
    }
  }
}
