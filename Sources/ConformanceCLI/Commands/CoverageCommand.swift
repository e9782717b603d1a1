import Conformance
import Foundation

/// `conformance coverage`: runs the selected scenarios on each implementation, as `run` does, and reports what they
/// test: the actions, union cases and enum values, effects, dependency calls and answers, events, state fields,
/// spec rules and action orders each implementation's runs covered, and what none did (docs/coverage.md).
struct CoverageCommand: CLICommand {
  static let name = "coverage"
  static let abstract = "Report what the scenarios test, per feature and implementation, and gate on it."
  static let usage = "conformance coverage [<path> ...] \(options.synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Runs the scenarios on each implementation through the same runner as `conformance run` and counts, from the
    scenarios and the traces each implementation produced, what the feature manifests and specs declare and the
    scenarios cover: actions (with the union cases and enum values of their fields), effects, dependency calls and
    answers, events, state fields asserted and changed, the spec rules cited by `rules`, and which action followed
    which. Lists each gap by file and path, and what an implementation missed where another covered it. Whether
    scenarios pass is `run`'s job: coverage counts what each trace shows. With --shard, the report counts that
    shard's scenarios only and says so at its top; shards' coverage reports are not merged.

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).

    OPTIONS:
    \(options.helpSection)

    CATEGORIES: \(CoverageItem.Category.allCases.map(\.rawValue).joined(separator: ", ")) (transitions are listed
    but not in the total).

    EXIT STATUS: 0 the gate passed (or none was asked for); 1 an implementation is below --min or did not start, or
    a --require category has a gap or a difference; 2 usage error, invalid file, or no scenarios found.
    """
  }

  /// The options `coverage` parses, in help order: `run`'s selection options, taken from its table so that the two
  /// cannot drift, then the report and the gate, then `run`'s `--jobs`.
  static let options: [ArgumentScanner.OptionSpec] =
    runOptions(["impl", "all", "harness", "config", "startup-timeout", "timeout", "filter", "shard", "tag"]) + [
      .option("format", "text|json|markdown", help: "Write the text report (default), the JSON report or Markdown."),
      .option(
        "min", "<percent>",
        help:
          "Fail (exit 1) when an implementation covers less than <percent> (0 to 100) of the items in the total, over the features it ran."
      ),
      .option(
        "require", "<categories>",
        help:
          "Fail (exit 1) when an item of these comma-separated categories is covered by no implementation, or missed by one that ran a scenario in which another covered it, e.g. rules,actions,effects."
      ),
    ] + runOptions(["jobs"]) + [.help]

  /// `run`'s options with these names, in the order given.
  private static func runOptions(_ names: [String]) -> [ArgumentScanner.OptionSpec] {
    names.compactMap { name in RunCommand.options.first { $0.name == name } }
  }

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let format = scanner.value("format") ?? "text"
    guard ["text", "json", "markdown"].contains(format) else {
      throw .usage("option '--format' takes 'text', 'json' or 'markdown', got '\(format)'", command: name)
    }
    let minimum = try scanner.value("min", command: name, takes: "a percentage from 0 to 100") { text in
      Double(text).flatMap {
        (0...100).contains($0) && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } ? $0 : nil
      }
    }
    let required = try requiredCategories(scanner)
    let jobs = try RunCommand.jobs(scanner)
    let sharding = try ShardSelection.resolve(
      scanner, environment: console.environment, command: name, note: console.err)
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    let implementations = try ImplementationSelection.resolve(
      scanner, workspace: workspace, swift: swift.bound(to: loader.manifests), environment: console.environment,
      jobs: jobs, command: name, note: console.err)
    var corpus = try workspace.scenarioCorpus(scanner.positionals, loader: loader, note: console.err)
    let filter = sharding.select(&corpus, filter: scanner.value("filter"), note: console.err)
    var selection = ConformanceRunner.Options(filter: filter, tags: scanner.all("tag"), allowSkipped: true, jobs: jobs)
    let collector = Self.collector(for: &selection, manifests: loader.manifests)
    let plan = RunPlan(
      corpus: corpus, invalidInputs: manifestErrors, implementations: implementations, options: selection,
      reporters: [InvalidFilePrinter(console: console), collector])
    try sharding.touchStatusFile(workspace: workspace)
    let summary = await plan.run()
    if summary.scenarios == 0, let shard = sharding.shard, summary.invalidFiles == 0 {
      // An empty shard passes, as it does for `run`; its report says whose scenarios it counts.
      console.err("note: shard \(shard) holds no scenarios")
    } else if summary.scenarios == 0 {
      // Nothing ran: a report of zeros would read as a measurement.
      if summary.invalidFiles == 0 { console.error("no scenarios were run; check the paths and filters") }
      return ExitCode.invalidInput
    }
    let report = CoverageReport(collector, manifests: loader.manifests)
    let failures = report.gateFailures(minimum: minimum, required: required)
    switch format {
    case "json": console.outRaw(report.json(minimum: minimum, required: required, failures: failures))
    case "markdown": report.markdown().forEach(console.out)
    default: report.text().forEach(console.out)
    }
    for failure in failures { console.error("coverage gate: \(failure)") }
    if summary.invalidFiles > 0 { return ExitCode.invalidInput }
    return failures.isEmpty ? ExitCode.success : ExitCode.gateFailure
  }

  /// Sets a run up to count what its scenarios cover: a probe in its options, which samples each scenario where it is
  /// judged, and the collector to add to its reporters. `coverage` and `run --html` both count through it.
  ///
  /// - Parameters:
  ///   - options: The run's options; gets the probe.
  ///   - manifests: The run's manifests, by feature name.
  /// - Returns: The collector, empty until the run's events reach it.
  static func collector(for options: inout ConformanceRunner.Options, manifests: [String: FeatureManifest])
    -> CoverageCollector
  {
    options.coverage = CoverageProbe(manifests: manifests)
    return CoverageCollector()
  }

  /// `--require rules,actions`: the categories, each one of ``CoverageItem/Category``.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` naming an unknown category, with the closest one.
  private static func requiredCategories(_ scanner: ArgumentScanner) throws(CLIError) -> [CoverageItem.Category] {
    guard let text = scanner.value("require") else { return [] }
    var categories: [CoverageItem.Category] = []
    let names = CoverageItem.Category.allCases.map(\.rawValue)
    for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      guard let category = CoverageItem.Category(rawValue: word) else {
        let hint = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw .usage(
          "option '--require' takes categories from \(names.joined(separator: ", ")), got '\(word)'\(hint)",
          command: name)
      }
      if !categories.contains(category) { categories.append(category) }
    }
    return categories.sorted()
  }
}
