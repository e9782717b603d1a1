import Foundation

// The run loop: one path for every implementation and every `--jobs` value.
//
// The walk goes ahead in windows of files. Workers (at most `jobs` at once) each read a window and run, as one batch,
// the selected scenarios whose file has a name no earlier file had: a valid scenario's id is its file's name (scenario
// format §3.1), so those scenarios are admitted whatever the files ahead of them hold, and no implementation ever runs
// a scenario that `--jobs 1` would not run. The reporter takes the windows in walk order, admits each file (its id, for
// duplicates), runs the rare scenario whose file shares an earlier file's name once it is admitted, and reports. So
// every event comes in the order `--jobs 1` gives, and memory holds only the windows in flight.
extension ConformanceRunner {
  /// A walked item after a worker has read it: a problem of the walk, or a file with what it holds and, when the
  /// worker could run it, its verdict.
  enum ReadItem: Sendable {
    case problem(InputError)
    case file(name: String, loaded: Result<Scenario, InputErrors>, verdict: ScenarioVerdict?)
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
    let workers = options.failFast ? 1 : options.jobs
    let ahead = options.failFast ? 1 : 2 * workers  // Windows read but not yet reported: bounds memory.
    let (options, loader, baseline) = (options, loader, progress.check)
    await withTaskGroup(of: (Int, [ReadItem]).self) { group in
      var (launched, reported, running) = (0, 0, 0)
      var finished: [Int: [ReadItem]] = [:]
      while true {
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
    if !progress.verdicts.isEmpty { _ = report(progress.verdicts, into: &progress.summary, emit: emit) }
    if progress.stopped {
      let remaining = progress.walk.skipRemainingFiles()
      if remaining > 0 { progress.summary.stoppedEarlyWithRemaining = remaining }
    }
  }

  /// Reads a window of walked files and runs, as one batch, the selected scenarios whose file has a new name
  /// (``ScenarioCorpus/Iterator/FileToRead/hasNewName``). Touches nothing shared: any task may call it.
  private static func readAndRun(
    _ window: [ScenarioCorpus.Iterator.Item], on started: [Started], options: Options, baseline: BaselineCheck?,
    loader: ScenarioLoader
  ) async -> [ReadItem] {
    let parser = JSONParser()
    var items: [ReadItem] = []
    var runnable: [(position: Int, scenario: Scenario)] = []
    for item in window {
      switch item {
      case .problem(let error): items.append(.problem(error))
      case .file(let file):
        let loaded = file.load(with: loader, parser: parser)
        if file.hasNewName, case .success(let scenario) = loaded, options.selects(scenario) {
          runnable.append((items.count, scenario))
        }
        items.append(.file(name: file.name, loaded: loaded, verdict: nil))
      }
    }
    guard !runnable.isEmpty else { return items }
    let verdicts = await evaluate(runnable.map(\.scenario), on: started, baseline: baseline)
    for ((position, _), verdict) in zip(runnable, verdicts) {
      guard case .file(let name, let loaded, nil) = items[position] else { continue }
      items[position] = .file(name: name, loaded: loaded, verdict: verdict)
    }
    return items
  }

  /// Admits and reports one read item, in walk order: an invalid file at once, a verdict with its batch.
  private func admitAndReport(
    _ item: ReadItem, _ progress: inout Progress, on started: [Started], emit: (RunEvent) -> Void
  ) async {
    let entry: ScenarioCorpus.Entry
    let ranVerdict: ScenarioVerdict?
    switch item {
    case .problem(let error): (entry, ranVerdict) = (.invalid(file: error.file, errors: [error]), nil)
    case .file(let name, let loaded, let verdict):
      (entry, ranVerdict) = (progress.walk.admit(loaded, file: name), verdict)
    }
    switch entry {
    case .invalid(let file, let errors):
      progress.summary.invalidFiles += 1
      emit(.invalid(file: file, errors: errors))
    case .scenario(let scenario):
      progress.check?.noteRead(scenario.id)
      guard options.selects(scenario) else { return }
      // A file that shares an earlier file's name is run only now that its id is admitted.
      let verdict: ScenarioVerdict
      if let ranVerdict {
        verdict = ranVerdict
      } else {
        verdict = await Self.evaluate([scenario], on: started, baseline: progress.check)[0]
      }
      progress.verdicts.append(verdict)
      guard progress.verdicts.count == (options.failFast ? 1 : Self.batchSize) else { return }
      let failed = report(progress.verdicts, into: &progress.summary, emit: emit)
      progress.verdicts.removeAll(keepingCapacity: true)
      progress.stopped = options.failFast && failed
    }
  }
}
