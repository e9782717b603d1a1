import Conformance
import Foundation

/// `conformance list [PATH…]`: lists the scenarios with their feature (and `(runtime)` for runtime-level ones), step
/// count, tags and file.
struct ListCommand: CLICommand {
  static let name = "list"
  static let abstract = "List scenarios: id, feature, steps, tags and file."
  static let usage = "conformance list [<path> ...] \(options.synopsis)"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).
                              Folders are searched for *.json files, following symbolic links; hidden
                              files and folders (names starting with '.') are ignored and counted in the
                              closing line. A folder that cannot be read, a broken link or a link loop is
                              an invalid input.

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: 0 when every file is valid; 2 when a file is invalid (it is reported on stderr) or none matched.
    """
  }

  /// The options `list` parses, in help order; its OPTIONS section and usage line are rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [
    .option("filter", "<text>", help: "Only scenarios whose id contains <text>."),
    .option("tag", "<tag>", repeatable: true, help: "Only scenarios with this tag (repeatable: any of them)."),
    .help,
  ]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    var entries = try workspace.scenarioCorpus(scanner.positionals, loader: loader).makeIterator()
    for error in manifestErrors { console.error("\(error)") }
    var invalid = !manifestErrors.isEmpty
    var listed = 0
    let selection = ConformanceRunner.Options(filter: scanner.value("filter"), tags: scanner.all("tag"))
    while let entry = entries.next() {
      switch entry {
      case .invalid(_, let errors):
        invalid = true
        for error in errors { console.error("\(error)") }
      case .scenario(let scenario):
        guard selection.selects(scenario) else { continue }
        listed += 1
        let steps = ReportText.plural(scenario.steps.count, "step", "steps")
        let tagText = scenario.tags.isEmpty ? "" : " [\(scenario.tags.joined(separator: ", "))]"
        // Runtime-level scenarios say so; reducer-level lines read as before format v1.1.
        let level = scenario.level == .runtime ? " (runtime)" : ""
        console.out("\(scenario.id)  \(scenario.feature)\(level), \(steps)\(tagText)  \(scenario.file)")
      }
    }
    let ignored = entries.ignoredCount
    let ignoredText =
      ignored == 0
      ? "" : ", " + ReportText.plural(ignored, "hidden file or folder", "hidden files or folders") + " ignored"
    console.out("\(ReportText.plural(listed, "scenario", "scenarios"))\(ignoredText)")
    return invalid || listed == 0 ? ExitCode.invalidInput : ExitCode.success
  }
}
