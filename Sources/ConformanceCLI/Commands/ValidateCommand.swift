import Conformance
import Foundation

/// `conformance validate [PATH…]`: checks scenario files against scenario format v1 and their feature manifests,
/// without running them.
struct ValidateCommand: CLICommand {
  static let name = "validate"
  static let abstract = "Check scenario files against the format and the feature manifests."
  static let usage = "conformance validate [<path> ...]"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Checks every scenario's keys and types, its actions, states and effects against the feature manifest, and that ids
    are unique; also the feature manifests, and Conformance/implementations.json when there is one (unique names,
    commands). Reports every problem with the file and JSON path (and line:column for syntax errors).

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).
                              Folders are searched for *.json files, following symbolic links; hidden
                              files and folders (names starting with '.') are ignored. A folder that cannot
                              be read, a broken link or a link loop is an invalid input.

    OPTIONS:
    \(options.helpSection)

    EXIT STATUS: 0 all valid; 2 any invalid file, or no scenario files.
    """
  }

  /// The options `validate` parses: only `--help`; its OPTIONS section is rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [.help]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    var entries = try workspace.scenarioCorpus(scanner.positionals, loader: loader).makeIterator()
    // The implementations config is checked too: what its schema cannot say (unique names, commands) is said here.
    var configErrors: [InputError] = []
    if let url = workspace.implementationsConfig,
      case .failure(let failure) = ImplementationsConfig.load(url, displayName: workspace.displayName(url))
    {
      configErrors = failure.errors
    }
    var invalid = Set((manifestErrors + configErrors).map(\.file))
    for error in manifestErrors + configErrors { console.error("\(error)") }
    var (valid, scenarios) = (0, 0)
    while let entry = entries.next() {
      switch entry {
      case .invalid(let file, let errors):
        invalid.insert(file)
        for error in errors { console.error("\(error)") }
      case .scenario(let scenario):
        scenarios += 1
        if (scenario.outline?.index ?? 1) == 1 { valid += 1 }  // A scenario outline is one file of many rows.
      }
    }
    if entries.fileCount == 0, entries.walkProblemCount == 0 {
      console.error("no scenario files found")
      return ExitCode.invalidInput
    }
    let fileCount = ReportText.plural(entries.fileCount, "file", "files")
    if invalid.isEmpty {
      console.out("\(fileCount) valid (\(ReportText.plural(scenarios, "scenario", "scenarios")))")
      return ExitCode.success
    }
    console.out("\(ReportText.plural(invalid.count, "file", "files")) invalid, \(valid) valid")
    return ExitCode.invalidInput
  }
}
