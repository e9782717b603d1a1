import Foundation

// `--jobs N` above 1 (issue 12): the two ways ``ConformanceRunner`` reads and runs files on several tasks at once,
// with every event in the order `--jobs 1` gives. With only the in-process implementation, each window of files is one
// task (``runOnWorkers``); with a harness, windows go through a pipeline that admits ids before anything is sent
// (``runInParallel``).
extension ConformanceRunner {
  /// What a window of files leads to, in walk order: an invalid file to report, or a full batch to run.
  private enum Queued {
    case invalid(file: String, errors: [InputError])
    case batch([Scenario])
  }

  /// Reads `jobs` batches' worth of files at a time, validating them in parallel, then runs that window's batches in
  /// parallel and reports everything in walk order. Used when a harness takes part: its scenarios are admitted (their
  /// duplicate ids found) before they are sent, so a harness never runs a file `--jobs 1` would not send it. Events
  /// are the same as ``runInOrder`` gives: an invalid file is reported where it was read, and a batch where its last
  /// scenario was read (issue 12).
  ///
  /// Three windows are in flight, as a pipeline: while one window is reported (serial work: the walk, duplicate ids,
  /// the text), the next one runs and the one after it is read and validated, so no core waits at the end of a window
  /// for the slowest chunk or for the report. A window is admitted (its duplicate ids found) before any of its
  /// scenarios runs, as with `--jobs 1`.
  func runInParallel(
    _ entries: inout ScenarioCorpus.Iterator, on started: [Started], check: inout BaselineCheck?,
    into summary: inout RunSummary, emit: (RunEvent) -> Void
  ) async {
    let window = options.jobs * Self.batchSize
    let (jobs, loader) = (options.jobs, loader)
    var batch: [Scenario] = []
    func nextWindow(_ entries: inout ScenarioCorpus.Iterator) -> [ScenarioCorpus.Iterator.Pending] {
      var pending: [ScenarioCorpus.Iterator.Pending] = []
      pending.reserveCapacity(window)
      while pending.count < window, let next = entries.nextPending() { pending.append(next) }
      return pending
    }
    // The admitted window that is running while the one before it is reported.
    var running: (queue: [Queued], judged: Task<[Int: [ScenarioVerdict]], Never>)?
    func run(_ queue: [Queued], baseline: BaselineCheck?) async {
      let next = (queue, Task { await Self.evaluate(queue, on: started, baseline: baseline) })
      if let running { reportQueue(running.queue, judged: await running.judged.value, into: &summary, emit: emit) }
      running = next
    }
    var pending = nextWindow(&entries)
    guard !pending.isEmpty else { return }  // No file at all: nothing to read, run or report.
    var loading = Task { [pending] in await Self.load(pending, jobs: jobs, loader: loader) }
    while !pending.isEmpty {
      let loaded = await loading.value
      let current = pending
      var queue: [Queued] = []
      for (item, result) in zip(current, loaded) {
        let entry: ScenarioCorpus.Entry
        switch (item, result) {
        case (.invalid(let file, let errors), _): entry = .invalid(file: file, errors: errors)
        case (.file, let loaded?):
          guard let admitted = entries.admit(loaded) else { continue }  // Already read through another path.
          entry = admitted
        case (.file(let file), nil):  // Not reached: every file is loaded.
          entry = .invalid(file: file.name, errors: [InputError(file: file.name, path: nil, message: "was not read")])
        }
        switch entry {
        case .invalid(let file, let errors): queue.append(.invalid(file: file, errors: errors))
        case .scenario(let scenario):
          check?.noteRead(scenario.id)
          guard options.selects(scenario) else { continue }
          batch.append(scenario)
          guard batch.count == Self.batchSize else { continue }
          queue.append(.batch(batch))
          batch.removeAll(keepingCapacity: true)
        }
      }
      pending = nextWindow(&entries)
      if !pending.isEmpty { loading = Task { [pending] in await Self.load(pending, jobs: jobs, loader: loader) } }
      await run(queue, baseline: check)
    }
    if !batch.isEmpty { await run([.batch(batch)], baseline: check) }
    if let running { reportQueue(running.queue, judged: await running.judged.value, into: &summary, emit: emit) }
  }

  /// What a worker made of one walked item, kept for the reporter to admit in walk order.
  private enum Processed: Sendable {
    /// A problem of the walk itself (not a file).
    case walkProblem(file: String, errors: [InputError])
    /// A file the loader rejected; `fileID` is `nil` when it could not be opened.
    case invalid(file: String, fileID: FileID?, errors: [InputError])
    /// A valid scenario file: the scenario's id, to admit, and its verdict when the options select it.
    case scenario(file: String, fileID: FileID?, scenarioID: String, verdict: ScenarioVerdict?)
  }

  /// Runs a corpus on in-process implementations only (``SwiftImplementation``) with `--jobs N`: each window of
  /// ``batchSize`` walked files is one task that reads, validates, runs and judges its files, and the reporter admits
  /// and reports the windows in walk order, as `runInOrder` does.
  ///
  /// At most `jobs` windows run at once, and at most `2 × jobs` are walked ahead of the reporter, so memory stays
  /// bounded and no worker waits for another: there is no barrier between windows (a worker done with its window
  /// starts the next while a slower one goes on), a file's values are made and freed by the task that judges them,
  /// and only verdicts cross tasks. A scenario runs before its id is admitted; one whose id an earlier file used is
  /// then reported invalid and its verdict dropped, and a file reached again through another path is read again
  /// before it is set aside. That costs time only: in-process runs have no restart budget a wasted run could use up.
  /// (A reducer that traps on the duplicate's steps stops this run where `--jobs 1` reports the duplicate; it stops
  /// `--jobs 1` too on any file that is not a duplicate.)
  func runOnWorkers(
    _ entries: inout ScenarioCorpus.Iterator, on started: [Started], check: inout BaselineCheck?,
    into summary: inout RunSummary, emit: (RunEvent) -> Void
  ) async {
    let (options, loader, snapshot) = (options, loader, check)
    let ahead = 2 * options.jobs
    // Verdicts of admitted, selected scenarios not yet reported: they are reported 32 at a time, as `runInOrder`
    // runs batches, so an invalid file's event falls at the same place among them.
    var batch: [ScenarioVerdict] = []
    batch.reserveCapacity(Self.batchSize)
    func reportWindow(_ processed: [Processed]) {
      for item in processed {
        switch item {
        case .walkProblem(let file, let errors):
          summary.invalidFiles += 1
          emit(.invalid(file: file, errors: errors))
        case .invalid(let file, let fileID, let errors):
          guard entries.admitFile(fileID) else { continue }  // Already read through another path.
          summary.invalidFiles += 1
          emit(.invalid(file: file, errors: errors))
        case .scenario(let file, let fileID, let id, let verdict):
          guard entries.admitFile(fileID) else { continue }
          if let duplicate = entries.admit(id: id, file: file) {
            summary.invalidFiles += 1
            emit(.invalid(file: file, errors: [duplicate]))
            continue
          }
          check?.noteRead(id)
          guard let verdict else { continue }  // Not selected.
          batch.append(verdict)
          guard batch.count == Self.batchSize else { continue }
          _ = report(batch, into: &summary, emit: emit)
          batch.removeAll(keepingCapacity: true)
        }
      }
    }
    await withTaskGroup(of: (Int, [Processed]).self) { group in
      var (launched, running, reported) = (0, 0, 0)
      var finished: [Int: [Processed]] = [:]
      /// Walks the next window and starts it; `false` when the walk is over.
      func launch() -> Bool {
        var pending: [ScenarioCorpus.Iterator.Pending] = []
        pending.reserveCapacity(Self.batchSize)
        while pending.count < Self.batchSize, let next = entries.nextPending() { pending.append(next) }
        guard !pending.isEmpty else { return false }
        let sequence = launched
        launched += 1
        running += 1
        group.addTask {
          (sequence, await Self.process(pending, on: started, options: options, baseline: snapshot, loader: loader))
        }
        return true
      }
      /// Starts windows while fewer than `jobs` run and fewer than `ahead` wait to be reported.
      func fill() {
        while running < options.jobs, launched - reported < ahead, launch() {}
      }
      fill()
      while let (sequence, processed) = await group.next() {
        running -= 1
        finished[sequence] = processed
        while let ready = finished.removeValue(forKey: reported) {
          reportWindow(ready)
          reported += 1
        }
        fill()
      }
    }
    if !batch.isEmpty { _ = report(batch, into: &summary, emit: emit) }
  }

  /// Reads, validates, runs and judges one window of walked files on the calling task; one result per file.
  private static func process(
    _ pending: [ScenarioCorpus.Iterator.Pending], on started: [Started], options: Options, baseline: BaselineCheck?,
    loader: ScenarioLoader
  ) async -> [Processed] {
    let parser = JSONParser()
    var processed: [Processed] = []
    processed.reserveCapacity(pending.count)
    var selected: [Scenario] = []
    var positions: [Int] = []
    for item in pending {
      switch item {
      case .invalid(let file, let errors): processed.append(.walkProblem(file: file, errors: errors))
      case .file(let file):
        let loaded = ScenarioCorpus.Iterator.load(file, loader: loader, parser: parser)
        switch loaded.result {
        case .failure(let failure):
          processed.append(.invalid(file: loaded.name, fileID: loaded.id, errors: failure.errors))
        case .success(let scenario):
          if options.selects(scenario) {
            positions.append(processed.count)
            selected.append(scenario)
          }
          processed.append(.scenario(file: loaded.name, fileID: loaded.id, scenarioID: scenario.id, verdict: nil))
        }
      }
    }
    guard !selected.isEmpty else { return processed }
    let verdicts = await evaluate(selected, on: started, baseline: baseline)
    for (position, verdict) in zip(positions, verdicts) {
      guard case .scenario(let file, let fileID, let scenarioID, nil) = processed[position] else { continue }
      processed[position] = .scenario(file: file, fileID: fileID, scenarioID: scenarioID, verdict: verdict)
    }
    return processed
  }

  /// Loads the files of `pending` in `jobs` contiguous chunks at once; one result per item, `nil` for a problem of
  /// the walk.
  private static func load(_ pending: [ScenarioCorpus.Iterator.Pending], jobs: Int, loader: ScenarioLoader) async
    -> [ScenarioCorpus.Iterator.LoadedFile?]
  {
    guard !pending.isEmpty else { return [] }
    let chunk = max(1, (pending.count + jobs - 1) / jobs)
    return await withTaskGroup(of: (Int, [ScenarioCorpus.Iterator.LoadedFile?]).self) { group in
      for start in stride(from: 0, to: pending.count, by: chunk) {
        let slice = pending[start..<min(start + chunk, pending.count)]
        group.addTask {
          let parser = JSONParser()
          return (
            start,
            slice.map { item in
              guard case .file(let file) = item else { return nil }
              return ScenarioCorpus.Iterator.load(file, loader: loader, parser: parser)
            }
          )
        }
      }
      var results = [ScenarioCorpus.Iterator.LoadedFile?](repeating: nil, count: pending.count)
      for await (start, loaded) in group { results.replaceSubrange(start..<start + loaded.count, with: loaded) }
      return results
    }
  }

  /// Runs a window's batches at once; the verdicts of each batch by its index in `queue`.
  private static func evaluate(_ queue: [Queued], on started: [Started], baseline: BaselineCheck?) async
    -> [Int: [ScenarioVerdict]]
  {
    await withTaskGroup(of: (Int, [ScenarioVerdict]).self) { group in
      for (index, item) in queue.enumerated() {
        guard case .batch(let batch) = item else { continue }
        group.addTask { (index, await Self.evaluate(batch, on: started, baseline: baseline)) }
      }
      var judged: [Int: [ScenarioVerdict]] = [:]
      for await (index, verdicts) in group { judged[index] = verdicts }
      return judged
    }
  }

  /// Reports a window in walk order: its invalid files and its batches' verdicts.
  private func reportQueue(
    _ queue: [Queued], judged: [Int: [ScenarioVerdict]], into summary: inout RunSummary, emit: (RunEvent) -> Void
  ) {
    for (index, item) in queue.enumerated() {
      switch item {
      case .invalid(let file, let errors):
        summary.invalidFiles += 1
        emit(.invalid(file: file, errors: errors))
      case .batch:
        _ = report(judged[index] ?? [], into: &summary, emit: emit)
      }
    }
  }
}
