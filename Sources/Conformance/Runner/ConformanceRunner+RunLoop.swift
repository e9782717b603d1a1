import Foundation

// The run loop: one path for every implementation and every `--jobs` value.
//
// The walk goes ahead in windows of files. Workers (at most `jobs` at once, and one more while a harness runs, which
// reads the next window while the others wait on the harness: ``workers(_:on:)``) each read a window and run, as one
// batch, the selected scenarios whose file has a name no earlier file had: a valid scenario's id is its file's name
// (scenario format §3.1), so no earlier scenario can have used their ids. The reporter takes the windows in walk order,
// admits each file (by device and inode, then by id), runs the rare scenario whose file shares an earlier file's name
// once it is admitted, and reports. So every event comes in the order `--jobs 1` gives, and memory holds only the
// windows in flight. The one scenario a worker may run that `--jobs 1` would not is a file first reached through a
// symbolic link of another name (invalid there, as its id is not that name): its own path is then set aside after
// running, unseen.
extension ConformanceRunner {
  /// A walked item after a worker has read it, in walk order. A worker frees what it parsed and keeps only what the
  /// reporter needs: freeing a file's values is a good part of a run's work, and the reporter does its work alone.
  enum ReadItem: Sendable {
    /// A problem of the walk (not a file).
    case problem(InputError)
    /// A file that is not a valid scenario; `fileID` tells a file reached through two paths.
    case invalid(file: String, fileID: FileID?, errors: [InputError])
    /// A valid scenario file, by the id it gives (to admit), and how far each of its cases went: one for a plain file,
    /// one per row for a scenario outline (Conformance/README.md §17).
    case valid(file: String, fileID: FileID?, id: String, cases: [Case])
  }

  /// One case of a valid file: its scenario id (a row's is `ID[n]`) and how far it went.
  struct Case: Sendable {
    var id: String
    var run: Run
  }

  /// How far a worker took a valid scenario.
  enum Run: Sendable {
    /// The options do not select it.
    case notSelected
    /// Run and judged: its file's name is new, so it is admitted.
    case judged(ScenarioVerdict)
    /// Selected, but its file's name was walked before: it runs only once it is admitted.
    case waiting(Scenario)
  }

  /// What the reporter keeps between windows.
  struct Progress {
    /// The walk, which also admits files in walk order.
    var walk: ScenarioCorpus.Iterator
    /// The baseline's bookkeeping of the scenarios read.
    var check: BaselineCheck?
    /// The totals so far.
    var summary: RunSummary
    /// Verdicts of admitted, selected scenarios not yet reported: they are reported a batch at a time, so an invalid
    /// file's event falls at the same place among them whatever `--jobs` is.
    var verdicts: [ScenarioVerdict] = []
    /// Whether `--fail-fast` has stopped the run.
    var stopped = false
  }

  /// Runs the corpus: walks windows of files, has workers read and run them, and reports them in walk order.
  ///
  /// `--fail-fast` is this loop with windows and batches of one file and one worker, so no scenario runs after the
  /// first failure and the files not run are those the walk has not reached.
  func runLoop(_ progress: inout Progress, on started: [Started], emit: (RunEvent) -> Void) async {
    let windowSize = options.failFast ? 1 : Self.batchSize
    let (options, loader, baseline) = (options, loader, progress.check)
    await withTaskGroup(of: (Int, [ReadItem]).self) { group in
      var (launched, reported, running) = (0, 0, 0)
      var finished: [Int: [ReadItem]] = [:]
      while true {
        // Asked again each time round: a harness started by the first batch that needed it brings its worker then.
        let workers = Self.workers(options, on: started)
        let ahead = options.failFast ? 1 : 2 * workers  // Windows read but not yet reported: bounds memory.
        while !progress.stopped, running < workers, launched - reported < ahead {
          var window: [ScenarioCorpus.Iterator.Item] = []
          while window.count < windowSize, let item = progress.walk.nextItem() { window.append(item) }
          guard !window.isEmpty else { break }
          group.addTask { [launched] in
            (launched, await Self.readAndRun(window, on: started, options: options, baseline: baseline, loader: loader))
          }
          (launched, running) = (launched + 1, running + 1)
        }
        guard running > 0, let (index, items) = await group.next() else { break }
        running -= 1
        finished[index] = items
        while !progress.stopped, let ready = finished.removeValue(forKey: reported) {
          for item in ready { await admitAndReport(item, &progress, on: started, emit: emit) }
          reported += 1
        }
      }
    }
    if !progress.verdicts.isEmpty {
      _ = report(progress.verdicts, on: started, into: &progress.summary, emit: emit)
    }
    if progress.stopped {
      let remaining = progress.walk.skipRemainingFiles()
      if remaining > 0 { progress.summary.stoppedEarlyWithRemaining = remaining }
    }
  }

  /// How many windows are read and run at once: `--jobs`, and one more while a harness is running.
  ///
  /// A batch on a harness leaves its worker waiting on another process (a JVM for Kotlin), and the harness waiting in
  /// turn while a worker reads, judges and reports; the one worker more reads and parses the next window meanwhile
  /// and queues its batch behind the one in flight (``ProcessImplementation`` and ``ProcessPool`` take batches in the
  /// order they come), so the harness goes from one batch to the next without waiting on the runner. Measured on 2
  /// cores, release builds with and without the worker more, paired rounds, load average 1.2–3.8: on 10,000 bench
  /// login scenarios (`scripts/bench`'s corpus) `run --impl kotlin --jobs 1` took a median 5.26 s → 3.99 s of wall
  /// time (median ratio 0.74), CPU time not more (6.2 → 5.8 s); on its 2,000 runtime scenarios, `--impl kotlin`
  /// 1.25 → 1.13 s and `--impl kotlin-viewmodel` 1.28 → 1.06 s. `run --all --jobs 2` did not change (its two workers
  /// already kept its one harness process fed). In process alone nothing waits, so `--jobs` workers keep `--jobs`
  /// cores busy and no more; `--fail-fast` runs one scenario at a time, so that none runs after the first failure.
  static func workers(_ options: Options, on started: [Started]) -> Int {
    if options.failFast { return 1 }
    return options.jobs + (started.contains(where: \.isRunningHarness) ? 1 : 0)
  }

  /// Reads a window of walked files and runs, as one batch, the selected scenarios whose file has a new name
  /// (``ScenarioCorpus/Iterator/FileToRead/hasNewName``). Touches nothing shared: any task may call it.
  private static func readAndRun(
    _ window: [ScenarioCorpus.Iterator.Item], on started: [Started], options: Options, baseline: BaselineCheck?,
    loader: ScenarioLoader
  ) async -> [ReadItem] {
    let parser = JSONParser()
    var items: [ReadItem] = []
    var runnable: [(position: Int, row: Int, scenario: Scenario)] = []
    for item in window {
      guard case .file(let file) = item else {
        if case .problem(let error) = item { items.append(.problem(error)) }
        continue
      }
      let (loaded, fileID) = file.load(with: loader, parser: parser)
      guard case .success(let scenarios) = loaded, let first = scenarios.first else {
        if case .failure(let failure) = loaded {
          items.append(.invalid(file: file.name, fileID: fileID, errors: failure.errors))
        }
        continue
      }
      let cases = scenarios.enumerated().map { row, scenario in
        guard options.selects(scenario) else { return Case(id: scenario.id, run: .notSelected) }
        guard file.hasNewName else { return Case(id: scenario.id, run: .waiting(scenario)) }
        runnable.append((items.count, row, scenario))
        return Case(id: scenario.id, run: .notSelected)  // Judged below.
      }
      items.append(.valid(file: file.name, fileID: fileID, id: first.fileID, cases: cases))
    }
    guard !runnable.isEmpty else { return items }
    let verdicts = await evaluate(
      runnable.map(\.scenario), on: started, baseline: baseline, retries: options.retries, coverage: options.coverage)
    for ((position, row, _), verdict) in zip(runnable, verdicts) {
      guard case .valid(let file, let fileID, let id, var cases) = items[position] else { continue }
      cases[row].run = .judged(verdict)
      items[position] = .valid(file: file, fileID: fileID, id: id, cases: cases)
    }
    return items
  }

  /// Admits and reports one read item, in walk order: an invalid file at once, verdicts with their batch.
  private func admitAndReport(
    _ item: ReadItem, _ progress: inout Progress, on started: [Started], emit: (RunEvent) -> Void
  ) async {
    switch item {
    case .problem(let error):
      progress.summary.invalidFiles += 1
      emit(.invalid(file: error.file, errors: [error]))
      return
    case .invalid(let file, let fileID, let errors):
      guard progress.walk.admitFile(fileID) else { return }  // Already read through another path.
      progress.summary.invalidFiles += 1
      emit(.invalid(file: file, errors: errors))
      return
    case .valid(let file, let fileID, let id, let cases):
      guard progress.walk.admitFile(fileID) else { return }
      if let duplicate = progress.walk.admit(id: id, file: file) {
        progress.summary.invalidFiles += 1
        emit(.invalid(file: file, errors: [duplicate]))
        return
      }
      for admitted in cases where !progress.stopped {
        progress.check?.noteRead(admitted.id)
        switch admitted.run {
        case .notSelected: continue
        case .judged(let judged): queue(judged, &progress, on: started, emit: emit)
        case .waiting(let scenario):  // Admitted now, so it may run.
          let verdicts = await Self.evaluate(
            [scenario], on: started, baseline: progress.check, retries: options.retries, coverage: options.coverage)
          queue(verdicts[0], &progress, on: started, emit: emit)
        }
      }
    }
  }

  /// Adds a verdict to the batch being reported, and reports the batch once it is full.
  private func queue(
    _ verdict: ScenarioVerdict, _ progress: inout Progress, on started: [Started], emit: (RunEvent) -> Void
  ) {
    progress.verdicts.append(verdict)
    guard progress.verdicts.count == (options.failFast ? 1 : Self.batchSize) else { return }
    let failed = report(progress.verdicts, on: started, into: &progress.summary, emit: emit)
    progress.verdicts.removeAll(keepingCapacity: true)
    progress.stopped = options.failFast && failed
  }
}

// MARK: - RunPlan

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
