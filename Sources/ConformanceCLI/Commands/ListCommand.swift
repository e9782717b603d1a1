import Conformance
import Foundation

/// `conformance list [PATH…]`: lists the scenarios with their feature, step count, tags and file.
struct ListCommand: CLICommand {
  static let name = "list"
  static let abstract = "List scenarios: id, feature, steps, tags and file."
  static let usage = "conformance list [<path> ...] [--filter <text>] [--tag <tag> ...]"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    USAGE: \(usage)

    ARGUMENTS:
      <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).

    OPTIONS:
      --filter <text>         Only scenarios whose id contains <text>.
      --tag <tag>             Only scenarios with this tag (repeatable: any of them).
      -h, --help              Show help information.

    EXIT STATUS: 0 when every file is valid; 2 when a file is invalid (it is reported on stderr) or none matched.
    """
  }

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(
      arguments,
      options: [
        .init(name: "filter", takesValue: true), .init(name: "tag", takesValue: true),
        .init(name: "help", takesValue: false),
      ],
      command: name)
    if scanner.has("help") {
      console.out(help)
      return 0
    }
    let workspace = Workspace(currentDirectory: console.currentDirectory, paths: scanner.positionals)
    let files = try workspace.scenarioFiles(scanner.positionals)
    let (loader, manifestErrors) = workspace.scenarioLoader()
    for error in manifestErrors { console.err("error: \(error)") }
    var invalid = !manifestErrors.isEmpty
    var listed = 0
    var ids: [String: String] = [:]
    let tags = scanner.all("tag")
    for file in files {
      switch loader.load(file.url, displayName: file.displayName) {
      case .failure(let failure):
        invalid = true
        for error in failure.errors { console.err("error: \(error)") }
      case .success(let scenario):
        if let other = ids[scenario.id] {
          invalid = true
          console.err(
            "error: \(InputError.duplicateID(file: file.displayName, id: scenario.id, other: other))"
          )
          continue
        }
        ids[scenario.id] = file.displayName
        guard ConformanceRunner.Options(filter: scanner.value("filter"), tags: tags).selects(scenario) else { continue }
        listed += 1
        let steps = ReportText.plural(scenario.steps.count, "step", "steps")
        let tagText = scenario.tags.isEmpty ? "" : " [\(scenario.tags.joined(separator: ", "))]"
        console.out("\(scenario.id)  \(scenario.feature), \(steps)\(tagText)  \(scenario.file)")
      }
    }
    console.out("\(ReportText.plural(listed, "scenario", "scenarios"))")
    return invalid || listed == 0 ? 2 : 0
  }
}
