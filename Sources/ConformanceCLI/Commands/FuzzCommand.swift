import Conformance
import Foundation

/// `conformance fuzz`: generates action sequences from a feature's manifest, runs them on two or more
/// implementations, and shrinks the first divergence or crash to a scenario of a few steps (README, "Find
/// divergences nobody wrote a case for").
///
/// A crash is shrunk with the crashing harness restarted after every candidate that crashes it; a trap in the
/// in-process Swift implementation becomes such a crash through ``CrashSupervisor``.
///
/// Exit status: 0 no divergence within the budget; 1 a divergence or a crash was found (and, with `--reference`,
/// written), or a harness faulted otherwise (timed out, broke the protocol); 2 a usage error, an invalid manifest, or
/// an implementation that did not start.
struct FuzzCommand: CLICommand {
  static let name = "fuzz"
  static let abstract = "Generate action sequences, compare implementations, and shrink the first divergence."
  static let usage = "conformance fuzz \(options.synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Sequences of 1 to --max-steps actions are generated from the feature's manifest (every action, every field type)
    and from a dictionary of the values its bundled scenarios send, mostly mutated with characters where platforms
    differ (White_Space and its look-alikes, combining marks and NFC/NFD pairs, emoji, Hangul jamo and CR LF,
    look-alike '@' and '.', case-mapping specials, non-ASCII digits and bidi marks, empty and long strings). Every
    implementation runs them, in batches of 32, and their traces are compared step by step (state and effects, by
    JSON equality). The first divergence is shrunk to as few steps and as simple strings as still diverge, and shown
    as 'run' shows one; a harness that crashes is shrunk the same way, restarted after each crash, and so is a trap in
    the in-process Swift implementation (the search runs again with it out of process). The same seed with --runs
    prints the same output.

    With --level runtime the real store or view model runs instead (runtime-level scenarios, Conformance/README.md
    §13): steps send actions, respond to the calls of earlier steps with a value of the dependency's result type or
    an error, advance virtual time (0, 1 and either side of each of the manifest's durations, and others) and
    clear the owner; the state, the calls started and the calls cancelled are compared.

    USAGE: \(usage)

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: 0 no divergence within the budget; 1 a divergence or a crash was found (and written with
    --reference), or a harness timed out or broke the protocol; 2 usage error, invalid manifest, or an implementation
    that did not start.
    """
  }

  /// The options `fuzz` parses, in help order; its OPTIONS section and usage line are rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [
    .option("feature", "<name>", required: true, help: "The feature to fuzz (a manifest in Conformance/features)."),
    .option(
      "impl", "<name>", repeatable: true,
      help: "An implementation to compare, as for 'run' (repeatable; at least two in all)."),
    .flag("all", help: "'swift' and every implementation in Conformance/implementations.json."),
    .option(
      "harness", "<name>=<command>", repeatable: true,
      help: "Add a harness implementation from the command line (repeatable), as for 'run'."),
    .option("config", "<file>", help: "The implementations config (default: Conformance/implementations.json)."),
    .option(
      "startup-timeout", "<s>",
      help: "Seconds a harness may take to answer 'hello' (default: from the config, else 30)."),
    .option(
      "timeout", "<s>", help: "Seconds a harness may take per batch entry (default: from the config, else 10)."),
    .option("seed", "<n>", help: "The seed, 0 to 18446744073709551615 (default: 0, so a run is reproducible)."),
    .option("time", "<s>", help: "Search for this many seconds (default: 10)."),
    .option(
      "runs", "<n>", alternativeTo: "time",
      help: "Search this many sequences instead (output then depends only on the seed)."),
    .option("max-steps", "<k>", help: "The most actions in a sequence, 1 to 64 (default: 8)."),
    .option(
      "level", "reducer|runtime",
      help:
        "reducer (the default: pure reducers) or runtime (stores and view models with scripted dependencies and virtual time). Implementations that do not run the level for the feature are left out with a note."
    ),
    .option(
      "reference", "<impl>",
      help:
        "Write the shrunk divergence as a scenario whose expectations are this implementation's trace (it must be selected)."
    ),
    .option(
      "out", "<dir>",
      help: "Where --reference writes (default: fuzz-findings); an existing file is never replaced."),
    .flag(
      "unicode-all",
      help:
        "Also use characters whose Unicode properties differ between the Unicode versions the spec covers (login.md §3.3); by default they are left out."
    ),
    .help,
  ]

  /// The default `--time`, in seconds.
  static let defaultSeconds = 10.0

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    try await run(arguments, console: console, swift: swift, extra: [])
  }

  /// Runs the command with `extra` in-process implementations besides the selectable ones, each selected when
  /// `--impl` names it (the tests' mutants; never declared, never shipped).
  ///
  /// - Throws: ``CLIError`` for a usage error or an invalid input (exit status 2).
  static func run(
    _ arguments: [String], console: Console, swift: SwiftImplementation, extra: [any Implementation]
  ) async throws(CLIError) -> Int32 {
    let extraNames = Set(extra.map(\.name))
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    if scanner.has("help") {
      console.out(help.replacingOccurrences(of: "'swift'", with: "'\(swift.name)'"))
      return ExitCode.success
    }
    let settings = try Settings(scanner)
    if settings.reference != nil { try checkOutFolder(settings.out, in: console.currentDirectory) }
    let workspace = Workspace(currentDirectory: console.currentDirectory)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    guard let manifest = loader.manifests[settings.feature] else {
      if let broken = loader.brokenManifests[settings.feature] {
        throw .invalidFile(manifestErrors.filter { $0.file == broken })
      }
      let known = loader.manifests.keys.sorted()
      let hint = Suggestion.closest(to: settings.feature, among: known).map { "; did you mean '\($0)'?" } ?? ""
      throw .usage(
        "unknown feature '\(settings.feature)'\(hint) (known: \(known.joined(separator: ", ")))", command: name)
    }
    let selected = try selectImplementations(
      arguments, extra: extra, extraNames: extraNames, swift: swift, loader: loader, workspace: workspace,
      environment: console.environment)
    if let reference = settings.reference, !selected.contains(where: { $0.name == reference }) {
      throw .usage(
        "--reference '\(reference)' is not among the implementations compared (\(selected.map(\.name).joined(separator: ", "))); select it with --impl",
        command: name)
    }
    let implementations: [any Implementation]
    switch await start(
      selected, feature: settings.feature, level: settings.level, manifests: loader.manifests, console: console)
    {
    case .failure(let failure):
      for implementation in selected { await implementation.shutdown() }
      throw failure
    case .success(let running): implementations = running
    }
    let reference = settings.reference.flatMap { name in implementations.firstIndex { $0.name == name } }
    if let name = settings.reference, reference == nil {
      for implementation in implementations { await implementation.shutdown() }
      throw .usage(
        "--reference '\(name)' runs no \(settings.level.rawValue)-level scenarios of '\(settings.feature)'",
        command: self.name)
    }
    let bundled = bundledScenarios(of: settings.feature, workspace: workspace, loader: loader)
    if !bundled.contains(where: { $0.level == .reducer }) {
      console.err(
        "note: '\(settings.feature)' has no valid reducer-level bundled scenarios, so values come from the hazard "
          + "classes and the manifest's examples alone, and sequences follow no written flow: a weaker search")
    }
    var dictionary = FuzzDictionary(
      scenarios: bundled,
      manifestInitialState: manifest.initialState, unicodeAll: settings.unicodeAll)
    dictionary.addExamples(of: manifest, unicodeAll: settings.unicodeAll)
    let generator = FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: settings.unicodeAll),
      maxSteps: settings.maxSteps, level: settings.level)
    var engine = FuzzEngine(implementations: implementations, feature: settings.feature)
    let status = await fuzz(
      engine: &engine, generator: generator, manifest: manifest, settings: settings, reference: reference,
      manifests: loader.manifests, workspace: workspace, console: console)
    // The engine's, which include a harness started again to shrink a crash.
    for implementation in engine.implementations { await implementation.shutdown() }
    return status
  }

  // MARK: - Settings

  /// The options of one run, checked.
  struct Settings {
    var feature: String
    var seed: UInt64
    var runs: Int?
    var seconds: Double?
    var maxSteps: Int
    var level: ScenarioLevel
    var reference: String?
    var out: String
    var unicodeAll: Bool

    /// - Throws: ``CLIError/usage(_:command:)`` for a missing feature or a malformed number.
    init(_ scanner: ArgumentScanner) throws(CLIError) {
      guard let feature = scanner.value("feature") else {
        throw .usage("fuzz needs a feature: add --feature <name>, e.g. --feature login", command: FuzzCommand.name)
      }
      self.feature = feature
      if let text = scanner.value("seed") {
        guard let seed = UInt64(text) else {
          throw .usage(
            "option '--seed' takes a whole number from 0 to 18446744073709551615, got '\(text)'",
            command: FuzzCommand.name)
        }
        self.seed = seed
      } else {
        seed = 0
      }
      if scanner.value("runs") != nil, scanner.value("time") != nil {
        throw .usage("give either --time or --runs, not both", command: FuzzCommand.name)
      }
      if let text = scanner.value("runs") {
        guard let runs = Int(text), runs > 0 else {
          throw .usage("option '--runs' takes a whole number of 1 or more, got '\(text)'", command: FuzzCommand.name)
        }
        self.runs = runs
        seconds = nil
      } else {
        runs = nil
        seconds = try scanner.seconds("time", command: FuzzCommand.name) ?? FuzzCommand.defaultSeconds
      }
      if let text = scanner.value("max-steps") {
        guard let steps = Int(text), (1...64).contains(steps) else {
          throw .usage(
            "option '--max-steps' takes a whole number from 1 to 64, got '\(text)'", command: FuzzCommand.name)
        }
        maxSteps = steps
      } else {
        maxSteps = 8
      }
      if let text = scanner.value("level") {
        guard let level = ScenarioLevel(rawValue: text) else {
          throw .usage("option '--level' takes reducer or runtime, got '\(text)'", command: FuzzCommand.name)
        }
        self.level = level
      } else {
        level = .reducer
      }
      reference = scanner.value("reference")
      out = scanner.value("out") ?? "fuzz-findings"
      if out.isEmpty { throw .usage("option '--out' needs a folder, got ''", command: FuzzCommand.name) }
      if scanner.value("out") != nil, reference == nil {
        throw .usage(
          "--out names where --reference writes what it finds; without --reference nothing is written, so add "
            + "--reference <name> or drop --out",
          command: FuzzCommand.name)
      }
      unicodeAll = scanner.has("unicode-all")
    }
  }

  /// The implementations `run` would select, then the `extra` ones `--impl` names; at least two.
  private static func selectImplementations(
    _ arguments: [String], extra: [any Implementation], extraNames: Set<String>, swift: SwiftImplementation,
    loader: ScenarioLoader, workspace: Workspace, environment: [String: String]
  ) throws(CLIError) -> [any Implementation] {
    var kept: [String] = []
    var chosenExtra: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--impl", index + 1 < arguments.count, extraNames.contains(arguments[index + 1]) {
        chosenExtra.append(arguments[index + 1])
        index += 2
        continue
      }
      if argument.hasPrefix("--impl="), extraNames.contains(String(argument.dropFirst("--impl=".count))) {
        chosenExtra.append(String(argument.dropFirst("--impl=".count)))
        index += 1
        continue
      }
      kept.append(argument)
      index += 1
    }
    let scanner = try ArgumentScanner(kept, options: options, command: name)
    var implementations = try ImplementationSelection.resolve(
      scanner, workspace: workspace, swift: swift.bound(to: loader.manifests), environment: environment,
      restartBudget: 0, command: name)
    for name in chosenExtra where !implementations.contains(where: { $0.name == name }) {
      guard let implementation = extra.first(where: { $0.name == name }) else { continue }
      implementations.append((implementation as? SwiftImplementation)?.bound(to: loader.manifests) ?? implementation)
    }
    guard implementations.count >= 2 else {
      throw .usage(
        "fuzz compares implementations, and only '\(implementations.map(\.name).joined(separator: ", "))' is selected; add another with --impl <name> (a harness of your own: --harness <name>=<command> --impl <name>), or --all",
        command: name)
    }
    return implementations
  }

  /// Starts every implementation, checking its initial states against the manifests and that it declares the
  /// feature. One that does not run `level` for the feature (a runtime-only one at reducer level, one with no store
  /// or view model adapter at runtime level) is left out with a note and shut down; at least two must remain.
  ///
  /// - Returns: The implementations to compare, or the error: ``CLIError/input(_:)`` for one that did not start or
  ///   does not implement the feature, ``CLIError/usage(_:command:)`` when fewer than two remain.
  private static func start(
    _ implementations: [any Implementation], feature: String, level: ScenarioLevel,
    manifests: [String: FeatureManifest], console: Console
  ) async -> Result<[any Implementation], CLIError> {
    var running: [any Implementation] = []
    for implementation in implementations {
      do {
        let info = try await implementation.start(expectingInitialStatesOf: manifests)
        if info.features[feature] == nil {
          return .failure(
            .input("the implementation '\(implementation.name)' does not implement the feature '\(feature)'"))
        }
        guard info.supports(level, of: feature, intendedLevels: implementation.intendedLevels) else {
          let only = level == .reducer ? "only runtime-level" : "no runtime-level"
          console.err(
            "note: leaving out '\(implementation.name)': it runs \(only) scenarios of '\(feature)', and fuzz works at the \(level.rawValue) level"
          )
          await implementation.shutdown()
          continue
        }
        running.append(implementation)
      } catch {
        return .failure(.input("the implementation '\(implementation.name)' did not start: \(error.description)"))
      }
    }
    guard running.count >= 2 else {
      return .failure(
        .usage(
          "fuzz compares implementations at the \(level.rawValue) level, and only '\(running.map(\.name).joined(separator: ", "))' runs them for '\(feature)'; add another with --impl <name>",
          command: name))
    }
    return .success(running)
  }

  /// Refuses, before any search, an `--out` that cannot be a folder: an existing file, or a path through one.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` naming the part of the path that is not a folder.
  private static func checkOutFolder(_ out: String, in currentDirectory: URL) throws(CLIError) {
    let url = out.hasPrefix("/") ? URL(fileURLWithPath: out) : currentDirectory.appendingPathComponent(out)
    var prefix = url.path.hasPrefix("/") ? "" : "."
    for component in url.path.split(separator: "/") {
      prefix += "/" + component
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) else { return }
      guard isFolder.boolValue else {
        let shown = prefix == url.path ? out : prefix
        throw .usage("--out '\(out)' cannot be a folder: '\(shown)' is a file", command: name)
      }
    }
  }

  /// The valid scenarios of `Conformance/scenarios/<feature>/`, in walk order (invalid files are passed over: the
  /// dictionary only borrows their values).
  private static func bundledScenarios(of feature: String, workspace: Workspace, loader: ScenarioLoader) -> [Scenario] {
    guard let folder = workspace.scenariosFolder?.appendingPathComponent(feature),
      FileManager.default.fileExists(atPath: folder.path)
    else { return [] }
    var scenarios: [Scenario] = []
    for entry in ScenarioCorpus(roots: [.init(path: folder.path, displayName: folder.path)], loader: loader) {
      if case .scenario(let scenario) = entry, scenario.feature == feature { scenarios.append(scenario) }
    }
    return scenarios
  }

  // MARK: - The run

  private static func fuzz(
    engine: inout FuzzEngine, generator: FuzzGenerator, manifest: FeatureManifest, settings: Settings,
    reference: Int?, manifests: [String: FeatureManifest], workspace: Workspace, console: Console
  ) async -> Int32 {
    let names = engine.implementations.map(\.name)
    let budget =
      settings.runs.map { ReportText.plural($0, "sequence", "sequences") }
      ?? "\(ReportText.seconds(settings.seconds ?? 0))"
    console.out(
      "fuzz \(settings.feature) on \(names.joined(separator: ", ")): seed \(settings.seed), \(budget) of \(settings.maxSteps == 1 ? "1 step" : "1 to \(settings.maxSteps) steps")\(settings.level == .runtime ? " at the runtime level" : "")\(settings.unicodeAll ? ", all Unicode versions" : "")"
    )
    let search = await engine.search(
      generator: generator, seed: settings.seed, runs: settings.runs, seconds: settings.seconds)
    let tried =
      "\(ReportText.plural(search.sequences, "sequence", "sequences")) (\(ReportText.plural(search.steps, "step", "steps")))"
    let rate = max(search.seconds, 1e-9)
    let timing =
      "\(tried) in \(ReportText.seconds(search.seconds)): \(Int((Double(search.sequences) / rate).rounded())) sequences/s, \(Int((Double(search.steps) / rate).rounded())) steps/s"
    // With --runs the output depends only on the seed: the timing goes to standard error.
    if settings.runs == nil { console.out(timing) } else { console.err("fuzz: \(timing)") }
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
      console.out("no divergence in \(tried)")
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
    guard case .trace(let trace) = referenceObservation else {
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
      case .trace(let trace) = await engine.observe([fuzzCase], on: [reference])[0][0],
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
