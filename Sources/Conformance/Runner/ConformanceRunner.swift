import Foundation

/// Runs scenario files against one or more implementations and reports each result as it comes.
///
/// Files are read, validated and run as they are walked, in windows of 32 (streaming), so memory does not grow with
/// the corpus: only small per-scenario results are kept. A file that fails validation is reported with every problem
/// and the run goes on. With ``Options/jobs`` above 1, that many windows are read and run at once, and the events are
/// the same as with 1 (the run loop is in `ConformanceRunner+RunLoop.swift`).
///
/// ```swift
/// let runner = ConformanceRunner(implementations: [swift], loader: loader, options: .init(jobs: 2))
/// let summary = await runner.run(ScenarioCorpus(roots: roots, loader: loader)) { event in reporter.handle(event) }
/// ```
package struct ConformanceRunner: Sendable {
  /// Which scenarios to run and when to stop.
  package struct Options: Sendable {
    /// Run only scenarios whose id contains this text, when set.
    package var filter: String?
    /// How an earlier attempt at this same run ended, when it crashed with the Swift implementation in process (for
    /// example `killed by signal 4 (SIGILL)`): a run in which no pair then crashes records the crash as a run failure,
    /// so neither the exit status nor the reports read green.
    package var earlierCrash: String? = nil
    /// Run only scenarios with at least one of these tags, when non-empty.
    package var tags: [String]
    /// Stop after the first scenario that fails the gate.
    package var failFast: Bool
    /// Whether skipped (scenario, implementation) pairs are acceptable. By default they fail the gate: a harness
    /// that skips everything must not keep CI green.
    package var allowSkipped: Bool
    /// The known-divergence baseline to apply, or `nil` for a raw run (Conformance/README.md §12).
    package var baseline: Baseline?
    /// The date baseline entries expire against, `YYYY-MM-DD`; `nil` means today in UTC, read when the run starts.
    package var today: String?
    /// Whether the files are the whole corpus the baseline describes (no paths were given). Only then is a baseline
    /// entry that matches no scenario an error: a run over some files cannot tell a stale entry from one whose
    /// scenario it did not read.
    package var filesAreWholeCorpus: Bool
    /// How many tasks read and run files at once (`--jobs N`, 1 to 1,024; other values are clamped), each a window of
    /// 32 files. Every event and report is the same as with 1. `--fail-fast` runs one scenario at a time whatever
    /// this is.
    package var jobs: Int
    /// How many times a pair that crashed or timed out is run again, each time on a fresh harness process
    /// (`--retries N`, 0 to 10): a pair that then passes is `flaky`; one still faulting keeps its fault, with its
    /// attempts (``Verdict/failedAttempts``). Only crashes and timeouts are retried (``Outcome/Kind/isRetried``).
    package var retries: Int = 0
    /// Whether a `flaky` pair passes the gate; `--no-flaky` makes it fail the run (``RunSummary/allowsFlaky``).
    package var allowFlaky = true
    /// The `Conformance` folder the run's manifests and default baseline come from, as reports name it
    /// (``RunSummary/conformanceFolder``), or `nil` when there is none.
    package var conformanceFolder: String? = nil
    /// When set, each verdict carries what its scenario covers on each implementation (``ScenarioVerdict/coverage``),
    /// for `conformance coverage`; `nil` for a plain run, which then does no coverage work.
    package var coverage: CoverageProbe? = nil

    /// Whether a scenario is selected: its id contains ``filter`` (an empty filter selects all) and it has one of
    /// ``tags`` (no tags select all).
    package func selects(_ scenario: Scenario) -> Bool {
      if let filter, !filter.isEmpty, !scenario.id.contains(filter) { return false }
      if !tags.isEmpty, !scenario.tags.contains(where: tags.contains) { return false }
      return true
    }

    /// Creates options; the defaults run everything, let nothing be skipped and use no baseline.
    package init(
      filter: String? = nil, tags: [String] = [], failFast: Bool = false, allowSkipped: Bool = false,
      baseline: Baseline? = nil, today: String? = nil, filesAreWholeCorpus: Bool = true, jobs: Int = 1
    ) {
      self.jobs = min(max(1, jobs), 1024)
      self.filter = filter
      self.tags = tags
      self.failFast = failFast
      self.allowSkipped = allowSkipped
      self.baseline = baseline
      self.today = today
      self.filesAreWholeCorpus = filesAreWholeCorpus
    }
  }

  /// The implementations, in report order.
  package var implementations: [any Implementation]
  /// Validates scenario files against the manifests.
  package var loader: ScenarioLoader
  /// Selection and stopping options.
  package var options: Options

  /// Creates a runner.
  package init(implementations: [any Implementation], loader: ScenarioLoader, options: Options = Options()) {
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
  package func run(files: [ScenarioFile], invalidInputs: [InputError] = [], emit: (RunEvent) -> Void) async
    -> RunSummary
  {
    await run(ScenarioCorpus(files: files, loader: loader), invalidInputs: invalidInputs, emit: emit)
  }

  /// Runs the corpus's scenarios as it reads them and reports events in order: `started`, then `invalid`/`scenario`
  /// per file, then `finished`.
  ///
  /// - Parameters:
  ///   - corpus: The scenario files and folders, in run order; the corpus's loader validates them.
  ///   - invalidInputs: Problems found before the run (for example, broken manifests), reported first.
  ///   - emit: Receives each event as it happens.
  /// - Returns: The totals, also sent as the `finished` event.
  package func run(_ corpus: ScenarioCorpus, invalidInputs: [InputError] = [], emit: (RunEvent) -> Void) async
    -> RunSummary
  {
    let clock = ContinuousClock.now
    let started = await startImplementations()
    emit(.started(implementations: started.map { ($0.implementation.name, $0.info, $0.error) }))
    var summary = RunSummary(
      tallies: [:], implementations: implementations.map(\.name), scenarios: 0, divergences: 0,
      invalidFiles: 0, stoppedEarlyWithRemaining: nil, duration: 0,
      allowsSkipped: options.allowSkipped)
    summary.allowsFlaky = options.allowFlaky
    summary.conformanceFolder = options.conformanceFolder
    for (file, errors) in Dictionary(grouping: invalidInputs, by: \.file).sorted(by: { $0.key < $1.key }) {
      summary.invalidFiles += 1
      emit(.invalid(file: file, errors: errors))
    }
    var progress = Progress(
      walk: corpus.makeIterator(),
      check: options.baseline.map { BaselineCheck($0, today: options.today ?? Baseline.today()) },
      summary: summary)
    await runLoop(&progress, on: started, emit: emit)
    summary = progress.summary
    summary.notStarted = started.filter { $0.deferred?.wasAnnounced == false }.map(\.implementation.name)
    for implementation in implementations { await implementation.shutdown() }
    if let shard = corpus.shard {
      summary.shard = ShardRun(shard: shard, filesBeforeSharding: progress.walk.walkedBeforeSharding)
      summary.shard?.selection = ShardRun.Selection(
        corpus: ShardRun.Selection.corpus(hash: progress.walk.namesBeforeSharding), filter: options.filter,
        tags: options.tags, retries: options.retries, noFlaky: !options.allowFlaky)
    }
    // Unread files (--fail-fast) and invalid ones may hold the scenarios an entry names: no verdict on them then. A
    // shard leaves both judgements to merge-reports (ShardRun): an entry may name another shard's scenario.
    progress.check?.finish(
      into: &summary,
      checkUnmatched: options.filesAreWholeCorpus && summary.stoppedEarlyWithRemaining == nil
        && (summary.invalidFiles == 0 || corpus.shard != nil))
    summary.duration = (ContinuousClock.now - clock).seconds
    if let crash = options.earlierCrash, summary.count(.crashed) == 0 {
      summary.runFailures.append(
        "the run \(crash) with the Swift implementation in process, but no scenario crashed when it ran again out of "
          + "process; the crash may depend on timing or on more than one scenario")
    }
    emit(.finished(summary))
    return summary
  }

  // MARK: - Steps of a run

  /// How many scenarios are sent to the implementations at a time (harnesses pipeline a batch's requests); small
  /// enough that memory stays flat and output streams.
  static let batchSize = 32

  /// Runs a batch on every implementation (concurrently across implementations), runs again each pair that
  /// crashed or timed out, up to `retries` times, and judges each scenario. Touches nothing shared, so several
  /// batches can be evaluated at once (`--jobs`).
  static func evaluate(
    _ batch: [Scenario], on started: [Started], baseline: BaselineCheck?, retries: Int, coverage: CoverageProbe? = nil
  ) async -> [ScenarioVerdict] {
    // Only a harness needs the bound of the expected trace (its reply limit); in-process runs skip the walk.
    let needsTraceSize = started.contains { !($0.implementation is SwiftImplementation) }
    let requests = batch.map { RunRequest(running: $0, measuringTrace: needsTraceSize) }
    var perImplementation: [[Attempted]]
    if started.count == 1, let only = started.first {
      perImplementation = [await Self.observe(only, requests, retries: retries)]
    } else {
      perImplementation = await withTaskGroup(of: (Int, [Attempted]).self) {
        group in
        for (index, entry) in started.enumerated() {
          group.addTask { (index, await Self.observe(entry, requests, retries: retries)) }
        }
        var collected = Array(repeating: [Attempted](), count: started.count)
        for await (index, observations) in group { collected[index] = observations }
        return collected
      }
    }
    return batch.enumerated().map { position, scenario in
      var verdict = judge(
        scenario, position: position, on: started, perImplementation: perImplementation, baseline: baseline)
      verdict.coverage = coverage?.sample(
        scenario,
        observations: zip(started, perImplementation).compactMap { entry, observations in
          observations.indices.contains(position)
            ? (entry.implementation.name, observations[position].observation) : nil
        })
      return verdict
    }
  }

  /// One scenario's verdicts on every implementation, its divergence, and the baseline's reading of them.
  private static func judge(
    _ scenario: Scenario, position: Int, on started: [Started],
    perImplementation: [[Attempted]], baseline: BaselineCheck?
  ) -> ScenarioVerdict {
    var verdicts: [Verdict] = []
    var traces: [(implementation: String, trace: [TraceEntry])] = []
    var starts: [String: TraceEntry] = [:]
    // The judgment depends on the scenario and the observation alone, so a trace equal to one that already passed (as
    // implementations that agree give) passes too, with the same keys not checked, without being judged again. Only a
    // pass is taken over: equal by value (`1` and `1.0`), two traces may still be quoted differently in a failure.
    var passed: [(trace: Observation, notChecked: [String])] = []
    for (entry, observations) in zip(started, perImplementation) {
      let attempted =
        observations.indices.contains(position)
        ? observations[position]
        : Attempted(observation: .notRun(reason: "the implementation returned too few observations"), seconds: 0)
      let observation = attempted.observation
      var (outcome, notChecked): (Outcome, [String])
      if case .trace = observation, let earlier = passed.first(where: { $0.trace == observation }) {
        (outcome, notChecked) = (.passed, earlier.notChecked)
      } else {
        (outcome, notChecked) = ScenarioJudge.judge(scenario, observation: observation)
        if case .trace = observation, case .passed = outcome { passed.append((observation, notChecked)) }
      }
      if case .passed = outcome, !attempted.failedAttempts.isEmpty { outcome = .flaky }
      if case .trace(let trace, let start) = observation, trace.count == scenario.steps.count {
        traces.append((entry.implementation.name, trace))
        starts[entry.implementation.name] = start
      }
      verdicts.append(
        Verdict(
          scenarioID: scenario.id, feature: scenario.feature, file: scenario.file,
          implementation: entry.implementation.name, outcome: outcome, notChecked: notChecked,
          duration: attempted.seconds, isExhaustive: scenario.exhaustive, failedAttempts: attempted.failedAttempts))
    }
    var verdict = ScenarioVerdict(
      id: scenario.id, file: scenario.file, feature: scenario.feature, description: scenario.description,
      stepCount: scenario.steps.count, verdicts: verdicts,
      divergence: traces.count < 2 ? nil : Divergence.find(in: scenario, traces: traces, starts: starts))
    (verdict.line, verdict.level) = (scenario.line, scenario.level)
    (verdict.tags, verdict.rules) = (scenario.tags, scenario.rules)
    baseline?.apply(to: &verdict)
    return verdict
  }

  /// Counts and emits judged scenarios in order. Returns whether any failed the gate.
  func report(
    _ verdicts: [ScenarioVerdict], on started: [Started], into summary: inout RunSummary, emit: (RunEvent) -> Void
  ) -> Bool {
    var failed = false
    for verdict in verdicts {
      Self.announceStarts(before: verdict, on: started, emit: emit)
      summary.record(verdict)
      emit(.scenario(verdict))
      failed =
        failed || verdict.isFailure || (verdict.hasSkip && !options.allowSkipped)
        || (!options.allowFlaky && verdict.verdicts.contains { $0.outcome.kind == .flaky })
    }
    return failed
  }

  /// One implementation's answer for one scenario: the last attempt's observation and wall-clock seconds, and the
  /// faults of the attempts before it (`--retries`).
  struct Attempted: Sendable {
    var observation: Observation
    var seconds: Double
    var failedAttempts: [Verdict.FailedAttempt] = []
  }

  /// One implementation's observations of a batch, each with the wall-clock seconds it took; a crash or timeout is
  /// run again, up to `retries` times.
  private static func observe(_ entry: Started, _ requests: [RunRequest], retries: Int) async
    -> [Attempted]
  {
    let name = entry.implementation.name
    // Pairs the user's declaration rules out are not applicable without the implementation: a deferred one starts
    // only for a batch that holds a pair it admits (ConformanceRunner+Start.swift).
    let ruledOut = requests.map { entry.ruledOut(level: $0.level, feature: $0.feature) }
    var (info, error) = (entry.info, entry.error)
    if let deferred = entry.deferred, ruledOut.contains(where: { $0 == nil }) {
      let result = await deferred.start()
      (info, error) = (result.info, result.error)
    }
    guard let info, error == nil else {
      let notRun = Observation.notRun(reason: "the implementation '\(name)' did not start (see the error above)")
      return ruledOut.map { Attempted(observation: $0?.observation ?? notRun, seconds: 0) }
    }
    // Scenarios the implementation does not run are reported without being sent: skipped or not applicable
    // (ImplementationInfo.applicability, harness protocol §2.5.1).
    let intended = entry.implementation.intendedLevels
    let features = entry.implementation.intendedFeatures
    let applicability = requests.map {
      info.applicability(
        of: $0.level, feature: $0.feature, implementation: name, intendedLevels: intended, intendedFeatures: features)
    }
    let sent = zip(requests, applicability).filter { $0.1 == .runs }.map(\.0)
    let answered = await entry.implementation.run(batch: sent)
    var answers = answered.makeIterator()
    var results = applicability.map { applicability -> Attempted in
      if let unsent = applicability.observation { return Attempted(observation: unsent, seconds: 0) }
      let (observation, seconds) =
        answers.next() ?? (.notRun(reason: "the implementation returned too few observations"), 0)
      return Attempted(observation: observation, seconds: seconds)
    }
    if retries > 0 { await retryFaults(&results, requests, on: entry.implementation, retries: retries) }
    return results
  }

  /// Runs each crashed or timed-out pair again (``Outcome/Kind/isRetried``), one at a time after the batch, in batch
  /// order, until it ends otherwise or has been retried `retries` times. A retry the implementation cannot run (its
  /// harness is stopped: `not run`) ends the retries, and the last fault stands.
  private static func retryFaults(
    _ results: inout [Attempted], _ requests: [RunRequest], on implementation: any Implementation, retries: Int
  ) async {
    for index in results.indices {
      while results[index].failedAttempts.count < retries, case .noTrace(let fault) = results[index].observation,
        fault.kind.isRetried
      {
        let (observation, seconds) = await implementation.retry(requests[index])
        if case .noTrace(.notRun) = observation { break }
        results[index].failedAttempts.append(.init(fault: fault, duration: results[index].seconds))
        (results[index].observation, results[index].seconds) = (observation, seconds)
      }
    }
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
