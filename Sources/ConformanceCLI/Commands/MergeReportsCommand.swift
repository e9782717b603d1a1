import Conformance
import Foundation

/// `conformance merge-reports <report> ...`: joins the JSON reports of a sharded run into the reports of one
/// unsharded run, by replaying the run's events through the reporters `run` uses (``ShardMerge``).
struct MergeReportsCommand: CLICommand {
  static let name = "merge-reports"
  static let abstract = "Join the JSON reports of a sharded run into the reports of one run."
  static let usage = "conformance merge-reports <report> ... \(options.synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Give the --json report of every shard of one 'conformance run --shard <i>/<n>', in any order. The text report,
    JSON, JUnit, step summary and exit status are those of the same run unsharded (timings aside): the baseline
    entries a shard could not judge alone (one that matches no scenario of the shard, an expired one) are judged here.

    USAGE: \(usage)

    ARGUMENTS:
      <report>                The shards' JSON reports (--json), one per shard.

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: that of the unsharded run (0 all passed, 1 a failure, 2 invalid files or baseline); 2 when a report
    cannot be read, is not a shard's report, or the reports are not every shard of one run, each once.
    """
  }

  /// The options `merge-reports` parses, in help order; its OPTIONS section and usage line are rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [
    .option(
      "format", "text|json", help: "Write the text report (default) or the merged JSON report to stdout."),
    .option("junit", "<file>", help: "Also write a JUnit XML report to <file>."),
    .option("json", "<file>", help: "Also write the merged JSON report to <file>."),
    .option(
      "html", "<file>",
      help:
        "Also write the merged run as one self-contained HTML page to <file> (without coverage: the shards' reports do not carry it; see 'conformance coverage')."
    ),
    .option(
      "annotations", "github|none",
      help:
        "Print GitHub Actions annotations after the report, as run does (default: github when GITHUB_ACTIONS=true, else none)."
    ),
    .option(
      "summary", "<file>",
      help:
        "Append the Markdown summary to <file> (default: $GITHUB_STEP_SUMMARY when set). An existing <file> that is not empty must be a summary this tool wrote."
    ),
    .help,
  ]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let format = scanner.value("format") ?? "text"
    guard ["text", "json"].contains(format) else {
      throw .usage("option '--format' takes 'text' or 'json', got '\(format)'", command: name)
    }
    guard !scanner.positionals.isEmpty else {
      throw .usage("give the JSON report of every shard (conformance run --shard <i>/<n> --json <file>)", command: name)
    }
    let workspace = Workspace(currentDirectory: console.currentDirectory)
    func target(_ path: String) -> String {
      FileWriter.target(of: workspace.url(for: path)).resolvingSymlinksInPath().path
    }
    // An input is a report this tool wrote, which --json may replace: refused here, or a shard would be lost.
    for option in ["json", "junit", "html", "summary"] {
      guard let path = scanner.value(option),
        let input = scanner.positionals.first(where: { target($0) == target(path) })
      else { continue }
      throw .usage(
        "'--\(option)' names the input report '\(input)'; write the merged report to a file of its own", command: name)
    }
    let (junitFile, jsonFile, htmlFile) = try ReportFile.files(scanner, workspace: workspace, command: name)
    let ci = try RunCommand.ciOutputs(scanner, format: format, console: console)
    var runs: [RecordedRun] = []
    var unreadable: [InputError] = []
    for path in scanner.positionals {
      do throws(InputError) {
        runs.append(try RecordedRun(reading: workspace.url(for: path), displayName: path))
      } catch {
        unreadable.append(error)
      }
    }
    guard unreadable.isEmpty else {
      for error in unreadable { console.error("\(error)") }
      return ExitCode.invalidInput
    }
    let merge: ShardMerge
    do throws(ShardMerge.Problems) {
      merge = try ShardMerge(runs)
    } catch {
      for message in error.messages { console.error(message) }
      return ExitCode.invalidInput
    }
    let locator = RunCommand.locator(console)
    let json = JSONReporter(), junit = JUnitReporter(locator: locator), html = HTMLReporter(locator: locator)
    (html.sections, html.joinsShards) = ([CoverageReport.notInMergedReport], true)
    let reporters =
      RunCommand.reporters(
        format: format, console: console, json: format == "json" || jsonFile != nil ? json : nil,
        junit: junitFile != nil ? junit : nil, update: nil) + (htmlFile != nil ? [html] : []) + ci.reporters
    merge.replay { event in for reporter in reporters { reporter.handle(event) } }
    if format == "json" { console.outRaw(json.document) }
    console.flush()
    let written = ReportFile.writeAll(
      [(junitFile, junit.write(to:)), (jsonFile, json.write(to:)), (htmlFile, html.write(to:))], console: console)
    let summarized = ci.writeSummary(console: console)
    return written && summarized ? merge.summary.exitCode : ExitCode.invalidInput
  }
}
