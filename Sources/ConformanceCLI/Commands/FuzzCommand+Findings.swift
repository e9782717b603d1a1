import Conformance
import Foundation

// MARK: - The run

extension FuzzCommand {
  /// Searches, then shrinks and reports the first divergence or crash (a harness fault otherwise: as it is).
  ///
  /// - Returns: The exit status: 0 when nothing was found, else 1.
  static func fuzz(
    engine: inout FuzzEngine, generator: FuzzGenerator, manifest: FeatureManifest, settings: Settings,
    reference: Int?, manifests: [String: FeatureManifest], workspace: Workspace, console: Console
  ) async -> Int32 {
    let names = engine.implementations.map(\.name)
    let search = await search(engine, generator: generator, settings: settings, console: console)
    let goal: FuzzShrinker.Goal
    let found: FuzzCase
    // The crashing harness as configured, before it is restarted for the shrinker.
    var crashed: HarnessConfiguration?
    if let fault = search.fault {
      crashed = (engine.implementations[fault.implementation] as? ProcessImplementation)?.configuration
      guard case .noTrace(.crashed) = fault.observation,
        await restartForShrinking(fault, engine: &engine, manifests: manifests, console: console)
      else { return report(fault, names: names, manifest: manifest, settings: settings, console: console) }
      console.out(
        "\(names[fault.implementation]) crashed in sequence \(fault.sequence), of \(ReportText.plural(fault.fuzzCase.actions.count, "step", "steps"))"
      )
      (goal, found) = (.crash(fault.implementation), fault.fuzzCase)
    } else if let finding = search.finding {
      console.out(
        "divergence between \(names[finding.pair.0]) and \(names[finding.pair.1]) in sequence \(finding.sequence), of \(ReportText.plural(finding.fuzzCase.actions.count, "step", "steps"))"
      )
      (goal, found) = (.divergence(finding.pair.0, finding.pair.1), finding.fuzzCase)
    } else {
      console.out("no divergence in \(tried(search))")
      return ExitCode.success
    }
    let shrunk = await shrink(found, goal: goal, engine: engine, manifest: manifest, console: console)
    if case .crash(let index) = goal, let crashed {
      // The crash shown comes from the harness as configured, backtrace and all.
      _ = await restart(index, in: &engine, as: crashed, manifests: manifests, console: console)
    }
    return await report(
      shrunk, goal: goal, engine: engine, manifest: manifest, settings: settings, reference: reference,
      workspace: workspace, console: console)
  }

  /// Runs the search, saying first what it searches and then how fast it went.
  private static func search(
    _ engine: FuzzEngine, generator: FuzzGenerator, settings: Settings, console: Console
  ) async -> FuzzEngine.SearchResult {
    let names = engine.implementations.map(\.name)
    let budget =
      settings.runs.map { ReportText.plural($0, "sequence", "sequences") }
      ?? "\(ReportText.seconds(settings.seconds ?? 0))"
    console.out(
      "fuzz \(settings.feature) on \(names.joined(separator: ", ")): seed \(settings.seed), \(budget) of \(settings.maxSteps == 1 ? "1 step" : "1 to \(settings.maxSteps) steps")\(settings.level == .runtime ? " at the runtime level" : "")\(settings.unicodeAll ? ", all Unicode versions" : "")\(sharded(settings))"
    )
    let search = await engine.search(
      generator: generator, seed: settings.seed, runs: settings.runs, seconds: settings.seconds,
      shard: settings.sharding.shard)
    let rate = max(search.seconds, 1e-9)
    let timing =
      "\(tried(search)) in \(ReportText.seconds(search.seconds)): \(Int((Double(search.sequences) / rate).rounded())) sequences/s, \(Int((Double(search.steps) / rate).rounded())) steps/s"
    // With --runs the output depends only on the seed: the timing goes to standard error.
    if settings.runs == nil { console.out(timing) } else { console.err("fuzz: \(timing)") }
    return search
  }

  /// The header's shard part: `, shard 2/4: sequences 2, 6, 10, … (1000 of 4000)` with `--runs 4000`, without the
  /// count under `--time`; empty when the search is not sharded.
  private static func sharded(_ settings: Settings) -> String {
    guard let shard = settings.sharding.shard else { return "" }
    // Under --time the shard's sequences go on until the time is up.
    let count = settings.runs.map(shard.sequenceCount(of:))
    let first = (0..<min(3, count ?? 3)).map { String(shard.sequence(at: $0 + 1)) }.joined(separator: ", ")
    let list = (count ?? 4) > 3 ? first + ", …" : first
    guard let count, let runs = settings.runs else { return ", shard \(shard): sequences \(list)" }
    return ", shard \(shard): \(count == 1 ? "sequence" : "sequences") \(list) (\(count) of \(runs))"
  }

  /// `120 sequences (431 steps)`.
  private static func tried(_ search: FuzzEngine.SearchResult) -> String {
    "\(ReportText.plural(search.sequences, "sequence", "sequences")) (\(ReportText.plural(search.steps, "step", "steps")))"
  }

  /// Reports a harness fault the search stopped at, as it is: a timeout or a protocol error may outlast its case, and
  /// each candidate would cost another, so it is not shrunk.
  private static func report(
    _ fault: FuzzEngine.Fault, names: [String], manifest: FeatureManifest, settings: Settings, console: Console
  ) -> Int32 {
    let finding = FuzzFinding(
      feature: settings.feature, manifestInitialState: manifest.initialState, fuzzCase: fault.fuzzCase,
      observations: [(names[fault.implementation], fault.observation)], seed: settings.seed)
    console.out(
      "\(names[fault.implementation]) did not answer sequence \(fault.sequence): \(FuzzFinding.headline(fault.observation)) (a harness fault: not shrunk)"
    )
    for line in finding.lines(reference: nil, colored: console.usesColor) { console.out(line) }
    return ExitCode.gateFailure
  }

  /// Replaces the harness that crashed with a fresh one that may restart after every crash, for the shrinker (the
  /// search gives harnesses no restarts, so that a hang costs one timeout), and checks that the case crashes it again
  /// when run alone. `false`, with a note, when it cannot be restarted or the crash does not happen again: the fault
  /// is then reported as it is.
  ///
  /// While shrinking, a Swift harness writes no backtrace (`SWIFT_BACKTRACE=enable=no`): one costs a tenth of a
  /// second or more per crash, and only the last crash is shown, by a harness started as configured
  /// (``restart(_:in:as:manifests:console:)``).
  private static func restartForShrinking(
    _ fault: FuzzEngine.Fault, engine: inout FuzzEngine, manifests: [String: FeatureManifest], console: Console
  ) async -> Bool {
    guard var configuration = (engine.implementations[fault.implementation] as? ProcessImplementation)?.configuration
    else { return false }
    configuration.environment["SWIFT_BACKTRACE"] = "enable=no"
    guard await restart(fault.implementation, in: &engine, as: configuration, manifests: manifests, console: console)
    else { return false }
    let again = await engine.observe([fault.fuzzCase], on: [fault.implementation])
    guard case .noTrace(.crashed)? = again.first?.first else {
      console.err(
        "note: '\(configuration.name)' did not crash when sequence \(fault.sequence) ran again alone, so the crash depends on more than the sequence"
      )
      return false
    }
    return true
  }

  /// Shuts down a harness of the engine and puts a fresh one, started, in its place, with `configuration` and a
  /// restart for every candidate the shrinker may run; `false`, with a note, when it does not start.
  private static func restart(
    _ index: Int, in engine: inout FuzzEngine, as configuration: HarnessConfiguration,
    manifests: [String: FeatureManifest], console: Console
  ) async -> Bool {
    await engine.implementations[index].shutdown()
    var configuration = configuration
    configuration.restartBudget = FuzzShrinker.defaultMaximumRuns + 8
    let fresh = ProcessImplementation(configuration: configuration)
    engine.implementations[index] = fresh
    do {
      _ = try await fresh.start(expectingInitialStatesOf: manifests)
      return true
    } catch {
      console.err("note: '\(configuration.name)' did not start again after its crash: \(error.description)")
      return false
    }
  }

  /// Shrinks a case that holds `goal`, saying how far.
  private static func shrink(
    _ found: FuzzCase, goal: FuzzShrinker.Goal, engine: FuzzEngine, manifest: FeatureManifest, console: Console
  ) async -> FuzzCase {
    let shrinker = FuzzShrinker(engine: engine, goal: goal, manifestInitialState: manifest.initialState)
    let shrunk = await shrinker.shrink(found)
    console.out(
      "shrunk in \(ReportText.plural(shrunk.runs, "run", "runs")): \(ReportText.plural(found.actions.count, "step", "steps")) to \(shrunk.fuzzCase.actions.count), \(ReportText.plural(found.nonASCIIScalarCount, "non-ASCII scalar", "non-ASCII scalars")) to \(shrunk.fuzzCase.nonASCIIScalarCount)"
    )
    return shrunk.fuzzCase
  }

  /// Prints a shrunk case that holds `goal` as a finding and, with a reference, writes it as a scenario.
  private static func report(
    _ shrunk: FuzzCase, goal: FuzzShrinker.Goal, engine: FuzzEngine, manifest: FeatureManifest, settings: Settings,
    reference: Int?, workspace: Workspace, console: Console
  ) async -> Int32 {
    let names = engine.implementations.map(\.name)
    var shown = shrunk
    if let reference, let settled = await settled(shown, engine: engine, goal: goal, reference: reference) {
      shown = settled
      console.out("ended with a clear step, so that no call is left pending (Conformance/README.md §13.4)")
    }
    let (first, second) = shownPair(goal, reference: reference, count: names.count)
    let observed = await engine.observe([shown], on: [first, second])
    let finding = FuzzFinding(
      feature: settings.feature, manifestInitialState: manifest.initialState, fuzzCase: shown,
      observations: [(names[first], observed[0][0]), (names[second], observed[1][0])], seed: settings.seed)
    guard let reference else {
      for line in finding.lines(reference: nil, colored: console.usesColor) { console.out(line) }
      // A crashing implementation has no trace to record: suggest the other one.
      let suggested = goal.implementations.count == 1 ? second : first
      console.out(
        "nothing written: no expectations without a reference; pass --reference \(names[suggested]) (or another implementation) to write this as a scenario"
      )
      return ExitCode.gateFailure
    }
    let referenceObservation = await engine.observe([shown], on: [reference])[0][0]
    guard case .trace(let trace, _) = referenceObservation else {
      for line in finding.lines(reference: nil, colored: console.usesColor) { console.out(line) }
      console.error(
        "nothing written: the reference '\(names[reference])' produced no trace to record (\(FuzzFinding.headline(referenceObservation)))"
      )
      return ExitCode.gateFailure
    }
    for line in finding.lines(reference: trace, colored: console.usesColor) { console.out(line) }
    write(finding, reference: (names[reference], trace), settings: settings, workspace: workspace, console: console)
    return ExitCode.gateFailure
  }

  /// The two implementations a finding shows: the diverging pair; for a crash, the crashing one and the reference
  /// (or, without one or when it is the crashing one, the first other implementation).
  private static func shownPair(_ goal: FuzzShrinker.Goal, reference: Int?, count: Int) -> (Int, Int) {
    switch goal {
    case .divergence(let first, let second): return (first, second)
    case .crash(let crashing):
      if let reference, reference != crashing { return (crashing, reference) }
      return (crashing, (0..<count).first { $0 != crashing } ?? crashing)
    }
  }

  /// The runtime case with a `clear` step added when the reference leaves a call pending at its end (a scenario
  /// fails on a pending call, Conformance/README.md §13.4, and `clear` cancels it), if the goal still holds; `nil`
  /// when nothing is pending, at reducer level, or when the longer case no longer diverges (or crashes).
  private static func settled(_ fuzzCase: FuzzCase, engine: FuzzEngine, goal: FuzzShrinker.Goal, reference: Int)
    async -> FuzzCase?
  {
    guard fuzzCase.level == .runtime,
      case .trace(let trace, _) = await engine.observe([fuzzCase], on: [reference])[0][0],
      !FuzzFinding.pendingCalls(in: fuzzCase, trace: trace).isEmpty
    else { return nil }
    var longer = fuzzCase
    longer.actions.append(["clear": true])
    let observed = await engine.observe([longer], on: goal.implementations)
    return goal.holds(observed.map { $0[0] }) ? longer : nil
  }

  /// Writes the scenario into `--out`, never over an existing file.
  private static func write(
    _ finding: FuzzFinding, reference: (name: String, trace: [TraceEntry]), settings: Settings, workspace: Workspace,
    console: Console
  ) {
    let folder = workspace.url(for: settings.out)
    let file = folder.appendingPathComponent(finding.id + ".json")
    let shown = workspace.displayName(file)
    let text = finding.scenarioFile(reference: reference)
    if let existing = FileManager.default.contents(atPath: file.path) {
      if existing == Data(text.utf8) {
        console.out("\(shown) already holds this scenario: nothing written")
      } else if (try? JSONParser().parse(existing))?["examples"] != nil {
        console.error(
          "\(shown) is a scenario outline: not replaced; a finding is one plain scenario, written only where no file is (give --out another folder)"
        )
      } else {
        console.error("\(shown) exists with other content: not replaced; move it away to write this finding")
      }
      return
    }
    do {
      // Whole or not at all, and never over a file that appeared meanwhile (a full disk leaves no empty finding).
      try FileWriter.write(Data(text.utf8), to: file, display: shown, expect: .absent)
      console.out("wrote \(shown) (expectations from \(reference.name))")
    } catch {
      console.error(error.message)
    }
  }
}
