import Conformance
import Foundation

/// `conformance run`: runs scenarios on one or more implementations and reports; the default subcommand.
struct RunCommand: CLICommand {
  static let name = "run"
  static let abstract = "Run scenarios on implementations and report (the default)."
  static let usage = "conformance run [<path> ...] \(options.synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    With no options, runs every scenario under the nearest Conformance/scenarios on the built-in Swift implementation.
    With several implementations, prints a scenario × implementation matrix and, where their traces differ, the first
    differing step and JSON path for each (expected, then each implementation). With --shard, runs one part of the
    corpus; join the shards' --json reports with 'conformance merge-reports'.

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).
                              Folders are searched for *.json files, following symbolic links; hidden
                              files and folders (names starting with '.') are ignored. A folder that cannot
                              be read, a broken link or a link loop is an invalid input.

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: 0 all passed (known and flaky pairs included); 1 a scenario failed or was skipped (see
    --allow-skipped), a pair was flaky with --no-flaky, implementations diverged, or a baseline entry is fixed,
    different or expired; 2 usage error, invalid file or baseline, or no scenarios found. With --update-baseline: 0 once the file is written, unless invalid files
    (2) or failures a baseline cannot record (errored, crashed, timed out, protocol error, not run: 1).
    """
  }

  /// The options `run` parses, in help order; its OPTIONS section and usage line are rendered from them. `coverage`
  /// takes its selection options from here by name, so their help is worded for both commands.
  static let options: [ArgumentScanner.OptionSpec] = [
    .option(
      "impl", "<name>", repeatable: true,
      help:
        "Run on this implementation: 'swift' (built in) or one declared in Conformance/implementations.json (repeatable; default: swift)."
    ),
    .flag("all", help: "Run on 'swift' and every declared implementation (an error when none is declared)."),
    .option(
      "harness", "<name>=<command>", repeatable: true,
      help:
        "Add a harness implementation from the command line (repeatable), e.g. --harness kotlin=scripts/kotlin-harness. Selected in addition to 'swift'; with --impl, every --harness must also be named by an --impl. <name>:runtime= says it runs only runtime-level scenarios (the others are not applicable)."
    ),
    .option("config", "<file>", help: "The implementations config (default: Conformance/implementations.json)."),
    .option(
      "startup-timeout", "<s>",
      help: "Seconds a harness may take to answer 'hello' (default: from the config, else 30)."),
    .option("timeout", "<s>", help: "Seconds a harness may take per scenario (default: from the config, else 10)."),
    .option("filter", "<text>", help: "Only scenarios whose id contains <text>."),
    .option(
      "shard", "<i>/<n>|auto",
      help:
        "Run shard <i> of <n> (1-based; 1 ≤ i ≤ n ≤ 1000): the files whose name hashes to it, valid or not, every case of an outline together; --filter and --tag apply within it. An empty shard passes. 'auto' takes the split from Bazel, GitLab, CircleCI or Buildkite variables (none: the whole selection)."
    ),
    .option("tag", "<tag>", repeatable: true, help: "Only scenarios with this tag (repeatable: any of them)."),
    .option(
      "format", "text|json|ndjson",
      help: "Write the text report (default), the JSON report or the event stream (one JSON object a line) to stdout."),
    .option("junit", "<file>", help: "Also write a JUnit XML report to <file>."),
    .option("json", "<file>", help: "Also write the JSON report to <file>."),
    .option("events", "<file>", help: "Also write the event stream (one JSON object a line) to <file>."),
    .option(
      "html", "<file>",
      help:
        "Also write a self-contained HTML report to <file>: totals, the scenario × implementation matrix (filterable), each failure and divergence with its diff, known pairs, invalid files, timings, and what the scenarios cover (as 'conformance coverage' counts it)."
    ),
    .option(
      "annotations", "github|none",
      help:
        "Print GitHub Actions annotations (::error/::warning workflow commands at each problem's file and line; at most 10 of each) after the report (default: github when GITHUB_ACTIONS=true, else none)."
    ),
    .option(
      "summary", "<file>",
      help:
        "Append a Markdown summary (totals, what did not pass, divergences, known pairs, invalid files; under 512 KiB) to <file> (default: $GITHUB_STEP_SUMMARY when set). An existing <file> that is not empty must be a summary this tool wrote."
    ),
    .option(
      "jobs", "<n>",
      help:
        "Run up to <n> batches at once, 1 to 1024 (default: the number of cores, here \(defaultJobs)): files are read, validated, run and judged in parallel, and a harness gets up to <n> processes (<n> - 1 beside the in-process implementation, which takes a core of its own), each with its own restart budget and timeouts. Output and reports are the same as with --jobs 1, timings aside, unless a harness faults (more scenarios may then run before its budgets are used up)."
    ),
    .option(
      "retries", "<n>",
      help:
        "Run a pair that crashed or timed out in a harness again, up to <n> times (0 to 10; default 0), each time on a fresh harness process. A pair that then passes is 'flaky' and passes the run; one still faulting keeps its fault. Failed, diverging, errored and protocol-error pairs are never retried: implementations are deterministic."
    ),
    .flag("no-flaky", help: "Fail the run when a pair is flaky (passed only on a retry; see --retries)."),
    .flag("fail-fast", help: "Stop after the first scenario that fails (runs one scenario at a time)."),
    .flag(
      "missing-ok",
      help:
        "Pass over a <path> that does not exist, with a note (for CI scripts that run the files of `git diff --name-only`, which names deleted files too); without it a missing path is an error. A run left with no scenario still exits 2."
    ),
    .flag(
      "allow-skipped",
      help:
        "Accept scenarios an implementation skips (by default a skip fails the run, so a harness that implements nothing cannot pass)."
    ),
    .option(
      "baseline", "<file>",
      help:
        "The known-divergence baseline (default: Conformance/known-divergences.json, when it exists). A listed pair that fails as recorded is 'known' and passes; one that passes ('fixed'), fails differently, or whose entry has expired fails the run; an entry that matches no scenario read exits 2."
    ),
    .flag("no-baseline", alternativeTo: "baseline", help: "Run raw: apply no baseline."),
    .flag(
      "update-baseline",
      help:
        "Rewrite the baseline file from this run's failures, printing the entries it adds and removes (only when asked)."
    ),
    .help,
  ]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let (plan, afterwards) = try Self.plan(scanner, console: console, swift: swift)
    // The text report's header, as pytest's `rootdir:`, but only when the folder is not `./Conformance`: from a
    // subfolder or a nested checkout a user may expect another. The JSON report always has `conformanceFolder`.
    if afterwards.format == "text", let folder = afterwards.workspace.distantConformanceFolder {
      console.out("Conformance folder: \(folder)")
    }
    let summary = await plan.run()
    return afterwards.finish(after: summary, console: console)
  }

  /// Builds the run from the options: the files, implementations, selection, baseline and reporters, and what to do
  /// once it is over. Checks every option before anything runs.
  ///
  /// - Throws: ``CLIError`` for a usage error, an unusable report file, implementation, baseline or path.
  private static func plan(_ scanner: ArgumentScanner, console: Console, swift: SwiftImplementation) throws(CLIError)
    -> (RunPlan, Afterwards)
  {
    let format = scanner.value("format") ?? "text"
    guard ["text", "json", "ndjson"].contains(format) else {
      throw .usage("option '--format' takes 'text', 'json' or 'ndjson', got '\(format)'", command: name)
    }
    let jobs = try Self.jobs(scanner)
    let retries = try Self.retries(scanner)
    let sharding = try ShardSelection.resolve(
      scanner, environment: console.environment, command: name, note: console.err)
    // A shard's failures are a part of the run's: the baseline written from them would drop every other shard's.
    if let shard = sharding.shard, scanner.has("update-baseline") {
      throw .usage(
        "'--update-baseline' rewrites the baseline from the whole run's failures, and shard \(shard) is a part of it; "
          + "run it without '--shard'",
        command: name)
    }
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let (junit, json, html) = try ReportFile.files(
      scanner, workspace: workspace, defaults: (sharding.junit, sharding.json), command: name)
    let ci = try ciOutputs(scanner, format: format, console: console)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    let implementations = try ImplementationSelection.resolve(
      scanner, workspace: workspace, swift: swift.bound(to: loader.manifests), environment: console.environment,
      jobs: jobs, command: name, note: console.err)
    let baseline = try BaselineSelection.resolve(
      scanner, workspace: workspace, environment: console.environment, command: name)
    // No stream asked for: the header's options are not even gathered.
    let events =
      format == "ndjson" || scanner.value("events") != nil
      ? try RunEventStreams(
        scanner, format: format, jobs: jobs, baseline: baseline.baseline?.file, shard: sharding.shard,
        workspace: workspace, console: console) : nil
    var corpus = try workspace.scenarioCorpus(
      scanner.positionals, loader: loader, missingOK: scanner.has("missing-ok"), note: console.err)
    // Only the event stream shows where a scenario is in its file; finding it is a parse of its own.
    corpus.locatesScenarios = events != nil
    let filter = sharding.select(&corpus, filter: scanner.value("filter"), note: console.err)
    var afterwards = Afterwards(
      format: format, workspace: workspace, baseline: baseline,
      update: baseline.updateTarget.map { _ in
        BaselineUpdate(baseline.baseline ?? Baseline(file: "", entries: []), today: baseline.today)
      },
      // A reporter only for a report asked for: the others would hold every verdict for nothing.
      json: (json, format == "json" || json != nil ? JSONReporter(sharded: sharding.shard != nil) : nil),
      junit: (junit, junit.map { _ in JUnitReporter(locator: locator(console)) }),
      html: (html, html.map { _ in HTMLReporter(locator: locator(console)) }), ci: ci, events: events)
    var options = ConformanceRunner.Options(
      filter: filter, tags: scanner.all("tag"), failFast: scanner.has("fail-fast"),
      allowSkipped: scanner.has("allow-skipped"), baseline: baseline.baseline, today: baseline.today,
      filesAreWholeCorpus: scanner.positionals.isEmpty, jobs: jobs)
    (options.retries, options.allowFlaky) = (retries, !scanner.has("no-flaky"))
    options.conformanceFolder = workspace.conformanceFolder.map(workspace.displayName)
    if CrashSupervisor.Role(environment: console.environment) == .outOfProcessWorker {
      options.earlierCrash = console.environment[CrashSupervisor.crashVariable]
    }
    // The page shows the run's coverage; without it, no scenario pays for the probe.
    if html != nil {
      afterwards.coverage = (CoverageCommand.collector(for: &options, manifests: loader.manifests), loader.manifests)
    }
    let plan = RunPlan(
      corpus: corpus, invalidInputs: manifestErrors, implementations: implementations, options: options,
      reporters: afterwards.reporters(console: console) + ci.reporters)
    try sharding.touchStatusFile(workspace: workspace)
    return (plan, afterwards)
  }

  /// What the command does around the run's events and after them: the JSON report on standard output, the baseline
  /// update, the report files (JUnit, JSON, events, HTML).
  private struct Afterwards {
    var format: String
    var workspace: Workspace
    var baseline: BaselineSelection
    var update: BaselineUpdate?
    var json: (file: ReportFile?, reporter: JSONReporter?)
    var junit: (file: ReportFile?, reporter: JUnitReporter?)
    var html: (file: ReportFile?, reporter: HTMLReporter?)
    var ci: CIOutputs
    var events: RunEventStreams?
    /// What the run's scenarios covered, with the manifests they were counted against: only with `--html`, whose
    /// page shows it.
    var coverage: (collector: CoverageCollector, manifests: [String: FeatureManifest])? = nil

    /// What handles the run's events: the text report (or, with `--format json`, the invalid files on standard
    /// error), then the JSON and JUnit reporters and the baseline update when asked for, the HTML page and what its
    /// coverage section counts.
    func reporters(console: Console) -> [any RunReporter] {
      RunCommand.reporters(format: format, console: console, json: json.reporter, junit: junit.reporter, update: update)
        + (events?.reporters ?? []) + [html.reporter].compactMap { $0 } + (coverage.map { [$0.collector] } ?? [])
    }

    /// Writes what follows the run and returns the exit status.
    func finish(after summary: RunSummary, console: Console) -> Int32 {
      if format == "json", let reporter = json.reporter { console.outRaw(reporter.document) }
      // The text report says so in its totals.
      if format != "text", let shard = summary.shard?.shard, summary.scenarios == 0 {
        console.err("note: shard \(shard) holds no scenarios")
      }
      let status =
        update.map {
          RunCommand.writeBaseline(
            $0, baseline, after: summary, workspace: workspace, console: console, quiet: format != "text")
        } ?? summary.exitCode
      console.flush()
      if let coverage {
        html.reporter?.sections = CoverageReport(coverage.collector, manifests: coverage.manifests).htmlSections()
      }
      let written = ReportFile.writeAll(
        [
          (junit.file, { try junit.reporter?.write(to: $0) }), (json.file, { try json.reporter?.write(to: $0) }),
          (events?.file?.file, { try events?.file?.reporter.write(to: $0) }),
          (html.file, { try html.reporter?.write(to: $0) }),
        ], console: console)
      let summarized = ci.writeSummary(console: console)
      return written && summarized ? status : ExitCode.invalidInput
    }
  }

  /// What handles the run's events: the text report (or, with `--format json`, the invalid files on standard error),
  /// then the JSON and JUnit reporters and the baseline update when asked for.
  static func reporters(
    format: String, console: Console, json: JSONReporter?, junit: JUnitReporter?, update: BaselineUpdate?
  ) -> [any RunReporter] {
    var reporters: [any RunReporter] = [
      format == "text"
        ? TextReporter(colored: console.usesColor, output: console.out, errorOutput: console.err)
        : InvalidFilePrinter(console: console)
    ]
    if let json { reporters.append(json) }
    if let junit { reporters.append(junit) }
    if let update { reporters.append(update) }
    return reporters
  }

  /// Writes the updated baseline (`--update-baseline`), saying what changed on standard output (standard error when
  /// `quiet`, as the JSON report owns standard output).
  ///
  /// - Returns: The exit status: 2 when files were invalid, nothing ran or the baseline could not be written; 1 when
  ///   a failure could not be recorded; else 0, as the updated baseline now records every failure.
  private static func writeBaseline(
    _ update: BaselineUpdate, _ baseline: BaselineSelection, after summary: RunSummary, workspace: Workspace,
    console: Console, quiet: Bool
  ) -> Int32 {
    let wrote = baseline.write(
      update, workspace: workspace, print: quiet ? console.err : console.out, error: console.err)
    if summary.invalidFiles > 0 || summary.scenarios == 0 || !wrote { return ExitCode.invalidInput }
    return update.unrecordable > 0 ? ExitCode.gateFailure : ExitCode.success
  }

  /// The default of `--jobs`: the number of active cores.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// `--jobs <n>`: a whole number from 1 to 1,024, or the number of cores when not given.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for anything else.
  static func jobs(_ scanner: ArgumentScanner) throws(CLIError) -> Int {
    try scanner.value("jobs", command: name, takes: "a whole number from 1 to 1024", ArgumentScanner.whole(1...1024))
      ?? defaultJobs
  }

  /// `--retries <n>`: a whole number from 0 to 10, or 0 when not given. Ten is plenty for a harness that faults now
  /// and then; more would hide one that faults most of the time.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for anything else.
  static func retries(_ scanner: ArgumentScanner) throws(CLIError) -> Int {
    try scanner.value("retries", command: name, takes: "a whole number from 0 to 10", ArgumentScanner.whole(0...10))
      ?? 0
  }
}
