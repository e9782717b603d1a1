import Conformance
import Foundation

/// `conformance record`: fills in or refreshes scenario expectations from an implementation's trace, or turns an
/// action log into a new scenario (README, "Find divergences nobody wrote a case for").
///
/// Exit status: 0 nothing to change, or everything written; 1 changes pending (without `--write`), expectations that
/// differ refused (without `--update`), or an implementation that produced no trace; 2 a usage error, an invalid or
/// non-exhaustive file, a `respond` to a call the implementation did not start, an unknown implementation, or one that
/// did not start.
struct RecordCommand: CLICommand {
  static let name = "record"
  static let abstract = "Fill in or refresh scenario expectations from an implementation's trace."
  static let usage =
    "conformance record <path> ... \(options.named(scenarioFileOptions).synopsis) | conformance record \(options.named(actionLogOptions).synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Runs each scenario file on the implementation named by --from and writes, for every step, what its trace shows:
    'changes' from the previous state (nothing when unchanged) and 'effects' at the reducer level; 'changes',
    'calls' and 'cancelled' at the runtime level (calls keep the file's names; new ones are named a1, a2, ... with
    numbers the file does not use), and 'received' too in a file that already checks received actions or has no
    expectation yet. A step whose expectation already means what the trace shows is kept as written.
    Only exhaustive scenarios are recorded: a file with "exhaustive": false is refused. A 'respond' step may name a
    call no earlier step declares: the name stands for the new call it is given (a1 for the first call the file does
    not declare, and so on), found by running the steps before it, so a file is recorded in one pass.

    It prints a unified diff of each file that would change, and writes only with --write, in the layout of the
    bundled scenarios (keys in the format reference's order, one step per line group). A step with no 'expect' is
    filled in; an existing expectation that differs is replaced only with --update (the refusal names the file, the
    step and the JSON paths that differ, and nothing of that file is written). Every file written is validated
    first. A runtime call that no step answers or cancels is noted: 'run' fails such a scenario at its end.

    With --actions, turns an action log (one action JSON object per line, as captured from a device; blank lines are
    passed over) into a new reducer-level scenario '<id>.json' in --out, with expectations from --from. An existing
    file is never replaced.

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (folders are searched for *.json files, as for 'run').

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: 0 nothing to change, or written; 1 changes pending (pass --write), expectations that differ
    (pass --update), or no trace from the implementation; 2 usage error, invalid or non-exhaustive file, a 'respond'
    to a call the implementation did not start, unknown implementation, or an implementation that did not start.
    """
  }

  /// The options `record` parses, in help order; its OPTIONS section and usage lines are rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [
    .option(
      "from", "<impl>", required: true,
      help:
        "The implementation whose traces are recorded: 'swift' (built in) or one declared in Conformance/implementations.json or with --harness."
    ),
    .flag("write", help: "Write the changed files (default: only print the diff)."),
    .flag("update", help: "Replace expectations that differ from the trace (default: refuse them)."),
    .option(
      "harness", "<name>=<command>", repeatable: true,
      help: "Declare a harness implementation from the command line, as for 'run'."),
    .option("config", "<file>", help: "The implementations config (default: Conformance/implementations.json)."),
    .option(
      "startup-timeout", "<s>",
      help: "Seconds a harness may take to answer 'hello' (default: from the config, else 30)."),
    .option("timeout", "<s>", help: "Seconds a harness may take per scenario (default: from the config, else 10)."),
    .option(
      "actions", "<log.ndjson>", required: true,
      help: "An action log to turn into a scenario (with --feature and --id)."),
    .option("feature", "<name>", required: true, help: "The feature the action log belongs to."),
    .option("id", "<id>", required: true, help: "The new scenario's id (kebab-case), also its file name."),
    .option("out", "<dir>", help: "Where --actions writes (default: the current directory)."),
    .help,
  ]

  /// The options of the two forms of the usage line: recording scenario files, and turning an action log into a
  /// scenario (where --write and --update are refused).
  private static let scenarioFileOptions = [
    "from", "write", "update", "harness", "config", "startup-timeout", "timeout",
  ]
  private static let actionLogOptions = [
    "actions", "feature", "id", "from", "out", "harness", "config", "startup-timeout", "timeout",
  ]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    guard let from = scanner.value("from") else {
      throw .usage(
        "record needs the implementation to record from: add --from <name>, e.g. --from swift", command: name)
    }
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    let implementation = try select(
      from, arguments: arguments, workspace: workspace, swift: swift, loader: loader,
      environment: console.environment)
    if scanner.value("actions") != nil {
      guard scanner.positionals.isEmpty else {
        throw .usage("give either scenario paths or --actions, not both", command: name)
      }
      let log = try ActionLogRecording.Settings(scanner)
      return try await ActionLogRecording.run(
        log, implementation: implementation, loader: loader, manifestErrors: manifestErrors, workspace: workspace,
        console: console)
    }
    for option in ["feature", "id", "out"] where scanner.value(option) != nil {
      throw .usage("option '--\(option)' goes with --actions", command: name)
    }
    guard !scanner.positionals.isEmpty else {
      throw .usage("record needs scenario files or folders, or --actions <log.ndjson>", command: name)
    }
    // Read with undeclared `respond` names accepted (the recorder resolves them from the run); the recorded file is
    // validated with `loader`, which keeps the rule.
    var reading = loader
    reading.acceptsUndeclaredResponses = true
    let corpus = try workspace.scenarioCorpus(scanner.positionals, loader: reading)
    let recorder = FileRecorder(
      implementation: implementation, loader: loader, workspace: workspace, console: console,
      write: scanner.has("write"), update: scanner.has("update"))
    return await recorder.record(corpus, manifestErrors: manifestErrors)
  }

  /// The implementation `--from` names, selected as `run --impl` selects one (with `--harness`, `--config` and the
  /// timeouts).
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for an unknown name; ``CLIError/input(_:)`` for an invalid config.
  private static func select(
    _ from: String, arguments: [String], workspace: Workspace, swift: SwiftImplementation, loader: ScenarioLoader,
    environment: [String: String]
  ) throws(CLIError) -> any Implementation {
    let selection = RunCommand.options.named(["impl", "harness", "config", "startup-timeout", "timeout"])
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    // One implementation is recorded from: a --harness for another would be declared for nothing.
    for declaration in scanner.all("harness") {
      // NAME, NAME:LEVELS or NAME=COMMAND: the name ends at the first ':' or '='.
      let declared = String(declaration.prefix { $0 != "=" && $0 != ":" })
      guard declared == from else {
        throw .usage(
          "'\(declared)' is declared with --harness but --from names '\(from)'; record from the harness with --from \(declared), or drop the --harness",
          command: name)
      }
    }
    var kept = ["--impl", from]
    for option in ["harness", "config", "startup-timeout", "timeout"] {
      for value in scanner.all(option) { kept += ["--\(option)", value] }
    }
    let selected = try ImplementationSelection.resolve(
      try ArgumentScanner(kept, options: selection, command: name), workspace: workspace,
      // Under CrashSupervisor, a second attempt records from the Swift implementation out of process.
      swift: swift.bound(to: loader.manifests), environment: environment, command: name)
    guard let implementation = selected.first else {
      throw .usage("unknown implementation '\(from)'", command: name)
    }
    return implementation
  }
}
