import Conformance
import Foundation

extension RunCommand {
  /// `--annotations github|none`: GitHub Actions annotations by default when `GITHUB_ACTIONS` is `true` (as GitHub
  /// sets it on its runners), else none.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for any other value.
  static func annotations(_ scanner: ArgumentScanner, environment: [String: String]) throws(CLIError) -> Bool {
    guard let value = scanner.value("annotations") else { return environment["GITHUB_ACTIONS"] == "true" }
    guard value == "github" || value == "none" else {
      throw .usage("option '--annotations' takes 'github' or 'none', got '\(value)'", command: name)
    }
    return value == "github"
  }

  /// The reporters a CI system reads besides the report files: GitHub annotations when asked for (see
  /// ``annotations(_:environment:)``), written to standard output, or to standard error when the JSON report owns
  /// standard output (the runner reads workflow commands from both).
  static func ciReporters(_ scanner: ArgumentScanner, format: String, console: Console) throws(CLIError)
    -> [any RunReporter]
  {
    guard try annotations(scanner, environment: console.environment) else { return [] }
    let locator = ScenarioLocator(
      currentDirectory: console.currentDirectory, workspace: console.environment["GITHUB_WORKSPACE"])
    let toErrors = format == "json"
    return [
      GitHubAnnotationReporter(locator: locator) { line in toErrors ? console.err(line) : console.out(line) }
    ]
  }
}
