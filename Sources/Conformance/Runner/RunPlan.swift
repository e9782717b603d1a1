/// Everything one run does, decided before it starts: which files, on which implementations, with which options, and
/// who hears about it. The command line builds one from its options; ``run()`` carries it out.
///
/// Keeping the decisions in one value means a run reads top to bottom: build the plan, run it, act on the summary.
///
/// ```swift
/// let plan = RunPlan(
///   corpus: ScenarioCorpus(roots: roots, loader: loader), implementations: [swift],
///   options: .init(jobs: 2), reporters: [TextReporter(colored: false, output: { print($0) }, errorOutput: { print($0) })])
/// let summary = await plan.run()
/// ```
package struct RunPlan {
  /// The scenario files and folders, in run order, and the loader that validates them against the manifests.
  package var corpus: ScenarioCorpus
  /// Problems found before the run (for example, broken manifests), reported first as invalid files.
  package var invalidInputs: [InputError]
  /// The implementations, in report order.
  package var implementations: [any Implementation]
  /// Selection, stopping, baseline and `--jobs`.
  package var options: ConformanceRunner.Options
  /// Receive every event of the run, each in this order.
  package var reporters: [any RunReporter]

  /// Creates a plan.
  ///
  /// - Parameters:
  ///   - corpus: The scenario files and folders, with their loader.
  ///   - invalidInputs: Problems found before the run, reported first.
  ///   - implementations: The implementations, in report order.
  ///   - options: Selection, stopping, baseline and `--jobs`.
  ///   - reporters: Receive every event, in order.
  package init(
    corpus: ScenarioCorpus, invalidInputs: [InputError] = [], implementations: [any Implementation],
    options: ConformanceRunner.Options, reporters: [any RunReporter]
  ) {
    self.corpus = corpus
    self.invalidInputs = invalidInputs
    self.implementations = implementations
    self.options = options
    self.reporters = reporters
  }

  /// Runs the plan: every event goes to each reporter in turn.
  ///
  /// - Returns: The totals, also sent to the reporters as the `finished` event.
  package func run() async -> RunSummary {
    let runner = ConformanceRunner(implementations: implementations, loader: corpus.loader, options: options)
    return await runner.run(corpus, invalidInputs: invalidInputs) { event in
      for reporter in reporters { reporter.handle(event) }
    }
  }
}
