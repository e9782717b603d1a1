/// Joins the JSON reports of a sharded run (`conformance run --shard i/n --json …`, one per shard) into the events of
/// the one unsharded run they split, for the reporters to replay (`conformance merge-reports`, docs/ci.md "Sharding
/// and merging").
///
/// The merged run is the unsharded one: the same `started` event, the invalid files and scenarios in the walk's order
/// (files sorted by name, as ``ScenarioWalk`` sorts them, with the problems every shard reports — broken manifests —
/// once and first), and totals counted by ``RunSummary/record(_:)`` as the run loop counts them. The baseline entries
/// a shard could not judge alone are judged here (``BaselineCheck/merge(_:into:checkUnmatched:)``).
///
/// ```swift
/// let merge = try ShardMerge(runs)
/// merge.replay { event in reporter.handle(event) }
/// ```
package struct ShardMerge {
  /// The implementations, each as the first shard that started it, or failed to, gave it: a harness that starts with
  /// its first scenario may have started in some shards only (``RunSummary/notStarted``).
  package var implementations: [(name: String, info: ImplementationInfo?, startError: String?)]
  /// The invalid files and scenarios, in run order.
  package var items: [RecordedRun.Item]
  /// The merged totals.
  package var summary: RunSummary

  /// Checks that `runs` are the shards of one run, every shard once, and merges them.
  ///
  /// - Throws: ``Problems`` listing every reason they are not: a report of an unsharded run, different tool or
  ///   format versions, implementations, shard counts, corpora (file counts or file lists), baselines, `--allow-skipped`,
  ///   `--filter`, `--tag`, `--retries` or `--no-flaky`, a shard report that does not record its selection (an older
  ///   version's), a shard given twice or missing, or a scenario reported by two shards.
  package init(_ runs: [RecordedRun]) throws(Problems) {
    try Self.check(runs)
    let shards = runs.compactMap { run in run.shard.map { (run, $0) } }.sorted { $0.1.shard.index < $1.1.shard.index }
    let first = shards[0].0
    implementations = first.implementations.enumerated().map { index, entry in
      shards.lazy.map { $0.0.implementations[index] }.first { $0.info != nil || $0.startError != nil } ?? entry
    }
    items = Self.ordered(shards.map(\.0.items))
    summary = RunSummary(
      tallies: [:], implementations: implementations.map(\.name), scenarios: 0, divergences: 0, invalidFiles: 0,
      stoppedEarlyWithRemaining: nil, duration: shards.map(\.0.duration).max() ?? 0,
      allowsSkipped: first.allowsSkipped)
    summary.baselineFile = first.baselineFile
    // Shards of one CI job may run in checkouts at different paths: the first one's folder stands for them all.
    summary.conformanceFolder = first.conformanceFolder
    summary.notStarted = implementations.filter { $0.info == nil && $0.startError == nil }.map(\.name)
    for item in items {
      switch item {
      case .invalid: summary.invalidFiles += 1
      case .scenario(let verdict): summary.record(verdict)
      }
    }
    for failure in shards.flatMap(\.0.runFailures) where !summary.runFailures.contains(failure) {
      summary.runFailures.append(failure)
    }
    BaselineCheck.merge(
      shards.map(\.1), into: &summary,
      checkUnmatched: shards.allSatisfy { $0.1.unmatchedBaseline != nil } && summary.invalidFiles == 0)
  }

  /// Sends the merged run's events, in order: `started`, the items, `finished`.
  package func replay(_ emit: (RunEvent) -> Void) {
    emit(.started(implementations: implementations))
    for item in items {
      switch item {
      case .invalid(let file, let errors): emit(.invalid(file: file, errors: errors))
      case .scenario(let verdict): emit(.scenario(verdict))
      }
    }
    emit(.finished(summary))
  }

  /// Every shard's items in the order the unsharded run reports them.
  ///
  /// The invalid files that lead every shard's list (problems found before the walk, such as a broken manifest) come
  /// once, first. The rest are put in walk order: a shard's scenarios are in walk order among themselves, and so are
  /// its invalid files, and the walk's order is the order of the files' names (``ScenarioWalk`` sorts a folder's
  /// entries as whole paths sort), so merging these lists by file name gives the whole walk. Then they are sent as the
  /// run loop sends them: an invalid file at once, scenarios a batch (``ConformanceRunner/batchSize``) at a time.
  static func ordered(_ lists: [[RecordedRun.Item]]) -> [RecordedRun.Item] {
    func leadingInvalid(_ list: [RecordedRun.Item]) -> [String] {
      list.prefix(while: isInvalid).map(\.file)
    }
    // With one shard, every leading invalid file is sent first, as the run sent it.
    let common = leadingInvalid(lists[0]).filter { file in
      lists.dropFirst().allSatisfy { leadingInvalid($0).contains(file) }
    }
    var sent = lists[0].filter { isInvalid($0) && common.contains($0.file) }
    let rests = lists.map { list in
      list.enumerated().filter { position, item in
        !(position < common.count && isInvalid(item) && common.contains(item.file))
      }.map(\.element)
    }
    var sequences = rests.flatMap { rest in [rest.filter(isInvalid)[...], rest.filter { !isInvalid($0) }[...]] }
    var queued: [RecordedRun.Item] = []
    while true {
      var best: Int?
      for (index, sequence) in sequences.enumerated() {
        guard let head = sequence.first else { continue }
        if let current = best, let other = sequences[current].first,
          !head.file.utf8.lexicographicallyPrecedes(other.file.utf8)
        {
          continue
        }
        best = index
      }
      guard let best, let head = sequences[best].first else { break }
      sequences[best] = sequences[best].dropFirst()
      if isInvalid(head) {
        sent.append(head)
        continue
      }
      queued.append(head)
      if queued.count == ConformanceRunner.batchSize {
        sent += queued
        queued.removeAll()
      }
    }
    return sent + queued
  }

  private static func isInvalid(_ item: RecordedRun.Item) -> Bool {
    if case .invalid = item { return true }
    return false
  }

  // MARK: - Checks

  /// Why reports cannot be merged: one line each.
  package struct Problems: Error {
    /// The problems, each a sentence naming the files.
    package var messages: [String]
  }

  private static func check(_ runs: [RecordedRun]) throws(Problems) {
    var problems: [String] = []
    let unsharded = runs.filter { $0.shard == nil }.map { "'\($0.displayName)'" }
    if !unsharded.isEmpty {
      let mixed = unsharded.count < runs.count ? " mixed with shards' reports" : ""
      problems.append(
        "\(unsharded.joined(separator: ", ")) \(unsharded.count == 1 ? "is the report" : "are reports") of an "
          + "unsharded run\(mixed); merge-reports joins the --json reports of 'conformance run --shard <i>/<n>'")
    }
    let shards = runs.filter { $0.shard != nil }
    guard let first = shards.first, let firstShard = first.shard else { throw Problems(messages: problems) }
    func differ<T: Equatable>(_ what: String, _ value: (RecordedRun) -> T, _ show: (T) -> String) {
      guard let other = shards.first(where: { value($0) != value(first) }) else { return }
      problems.append(
        "'\(first.displayName)' and '\(other.displayName)' come from different runs: \(what) \(show(value(first))) "
          + "and \(show(value(other)))")
    }
    differ("report format versions", \.formatVersion) { "\($0)" }
    differ("tool versions", \.toolVersion) { "'\($0)'" }
    differ("implementations", { $0.implementations.map(\.name) }) { "[\($0.joined(separator: ", "))]" }
    differ("shard counts", { $0.shard?.shard.total ?? 0 }) { "\($0)" }
    differ("corpora of", { $0.shard?.filesBeforeSharding ?? 0 }) { "\($0) files" }
    differ("baselines", \.baselineFile) { $0.map { "'\($0)'" } ?? "none" }
    differ("--allow-skipped settings", \.allowsSkipped) { $0 ? "on" : "off" }
    let unrecorded = shards.filter { $0.shard?.selection == nil }.map { "'\($0.displayName)'" }
    if !unrecorded.isEmpty {
      problems.append(
        "\(unrecorded.joined(separator: ", ")) \(unrecorded.count == 1 ? "does" : "do") not record what selection "
          + "\(unrecorded.count == 1 ? "it is a shard" : "they are shards") of (written by an older version); re-run "
          + "the shards with this version")
    } else {
      differ("corpus file lists", { $0.shard?.selection?.corpus }) { "'\($0 ?? "")'" }
      differ("--filter settings", { $0.shard?.selection?.filter }) { $0.map { "'\($0)'" } ?? "none" }
      differ("--tag settings", { $0.shard?.selection?.tags ?? [] }) {
        $0.isEmpty ? "none" : $0.map { "'\($0)'" }.joined(separator: ", ")
      }
      differ("--retries settings", { $0.shard?.selection?.retries ?? 0 }) { "\($0)" }
      differ("--no-flaky settings", { $0.shard?.selection?.noFlaky ?? false }) { $0 ? "on" : "off" }
    }
    guard problems.isEmpty else { throw Problems(messages: problems) }
    var byIndex: [Int: [String]] = [:]
    for run in shards { byIndex[run.shard?.shard.index ?? 0, default: []].append(run.displayName) }
    for (index, files) in byIndex.sorted(by: { $0.key < $1.key }) where files.count > 1 {
      problems.append(
        "shard \(index)/\(firstShard.shard.total) is given more than once: "
          + files.map { "'\($0)'" }.joined(separator: ", "))
    }
    var owner: [String: Int] = [:]
    var doubled: [String] = []
    for (position, run) in shards.enumerated() {
      for case .scenario(let verdict) in run.items {
        if let other = owner[verdict.id], other != position {
          doubled.append("'\(verdict.id)' (\(shards[other].displayName), \(run.displayName))")
        }
        owner[verdict.id] = position
      }
    }
    if !doubled.isEmpty {
      problems.append(
        "the reports overlap: \(doubled.count == 1 ? "1 scenario is" : "\(doubled.count) scenarios are") in more "
          + "than one report: " + doubled.prefix(3).joined(separator: ", ") + (doubled.count > 3 ? ", …" : ""))
    }
    let missing = (1...firstShard.shard.total).filter { byIndex[$0] == nil }
    if !missing.isEmpty {
      problems.append(
        "\(missing.count == 1 ? "shard" : "shards") \(missing.map(String.init).joined(separator: ", ")) of "
          + "\(firstShard.shard.total) \(missing.count == 1 ? "is" : "are") missing; pass every shard's report")
    }
    if !problems.isEmpty { throw Problems(messages: problems) }
  }
}
