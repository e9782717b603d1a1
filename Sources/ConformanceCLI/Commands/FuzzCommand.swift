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

    Sequence k is the same whatever runs before it, so --shard i/n splits a search between CI jobs: shard i runs
    sequences i, i + n, i + 2n, …; the n shards of one --seed and --runs run the unsharded search's sequences, each
    once, and the first divergence of the unsharded search is the one the shard that holds it finds.

    With --level runtime the real store or view model runs instead (runtime-level scenarios, Conformance/README.md
    §13): steps send actions, respond to the calls of earlier steps with a value of the dependency's result type or
    an error, advance virtual time (0, 1 and either side of each of the manifest's durations, and others) and
    clear the owner; the state, the calls started and the calls cancelled are compared, and the actions sent back
    and the effects in flight where every implementation reports them (format v1.2).

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
    .flag(
      "all",
      help: "'swift' and every implementation in Conformance/implementations.json (an error when none is declared)."),
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
      help: "Search this many sequences instead (output then depends only on the seed and --shard)."),
    .option(
      "shard", "<i>/<n>|auto",
      help:
        "Search shard <i> of <n> (1-based; 1 ≤ i ≤ n ≤ 1000): sequences i, i + n, i + 2n, …, so the shards of one split never repeat each other, and with --runs they run its sequences between them, each once. 'auto' takes the split from Bazel, GitLab, CircleCI or Buildkite variables, as for 'run' (none: the whole search)."
    ),
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
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let settings = try Settings(scanner, environment: console.environment, note: console.err)
    if settings.reference != nil { try checkOutFolder(settings.out, in: console.currentDirectory) }
    let workspace = Workspace(currentDirectory: console.currentDirectory)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    let manifest = try manifest(of: settings.feature, loader: loader, manifestErrors: manifestErrors)
    let selected = try selectImplementations(
      arguments, extra: extra, swift: swift, loader: loader, workspace: workspace, environment: console.environment)
    if let reference = settings.reference, !selected.contains(where: { $0.name == reference }) {
      throw .usage(
        "--reference '\(reference)' is not among the implementations compared (\(selected.map(\.name).joined(separator: ", "))); select it with --impl",
        command: name)
    }
    try settings.sharding.touchStatusFile(workspace: workspace)
    let (implementations, reference) = try await startSelected(
      selected, settings: settings, manifests: loader.manifests, console: console)
    let generator = generator(for: manifest, settings: settings, workspace: workspace, loader: loader, console: console)
    var engine = FuzzEngine(implementations: implementations, feature: settings.feature)
    let status = await fuzz(
      engine: &engine, generator: generator, manifest: manifest, settings: settings, reference: reference,
      manifests: loader.manifests, workspace: workspace, console: console)
    // The engine's, which include a harness started again to shrink a crash.
    for implementation in engine.implementations { await implementation.shutdown() }
    return status
  }

  /// The manifest of the feature to fuzz.
  ///
  /// - Throws: ``CLIError/invalidFile(_:)`` when the feature's manifest is invalid; ``CLIError/usage(_:command:)``
  ///   for an unknown feature, with the closest known name.
  private static func manifest(of feature: String, loader: ScenarioLoader, manifestErrors: [InputError])
    throws(CLIError) -> FeatureManifest
  {
    if let manifest = loader.manifests[feature] { return manifest }
    if let broken = loader.brokenManifests[feature] { throw .invalidFile(manifestErrors.filter { $0.file == broken }) }
    let known = loader.manifests.keys.sorted()
    let hint = Suggestion.closest(to: feature, among: known).map { "; did you mean '\($0)'?" } ?? ""
    throw .usage("unknown feature '\(feature)'\(hint) (known: \(known.joined(separator: ", ")))", command: name)
  }

  /// Starts the selected implementations (``start(_:feature:level:manifests:console:)``) and finds the reference
  /// among those kept; every selected implementation is shut down when this throws.
  ///
  /// - Returns: The implementations to compare, and the index of `--reference` among them.
  /// - Throws: What `start` refuses; ``CLIError/usage(_:command:)`` when the reference does not run the level.
  private static func startSelected(
    _ selected: [any Implementation], settings: Settings, manifests: [String: FeatureManifest], console: Console
  ) async throws(CLIError) -> (implementations: [any Implementation], reference: Int?) {
    let implementations: [any Implementation]
    switch await start(
      selected, feature: settings.feature, level: settings.level, manifests: manifests, console: console)
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
    return (implementations, reference)
  }

  /// The search's generator: the manifest's actions, with values from the feature's bundled scenarios, the manifest's
  /// examples and the hazard classes (noting when no bundled scenario lends its values or its flow).
  private static func generator(
    for manifest: FeatureManifest, settings: Settings, workspace: Workspace, loader: ScenarioLoader, console: Console
  ) -> FuzzGenerator {
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
    return FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: settings.unicodeAll),
      maxSteps: settings.maxSteps, level: settings.level)
  }
}
