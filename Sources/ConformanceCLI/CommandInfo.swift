import Conformance
import Foundation

/// A subcommand's texts and its `run`, gathered without existential metatypes (which crash the Swift 6.3 compiler
/// here): `run` is a closure captured in the generic initializer, so ``ConformanceCommand/subcommands`` is the only
/// list of subcommands.
struct CommandInfo {
  let name: String
  let abstract: String
  let usage: String
  let help: String
  /// The subcommand's ``CLICommand/options``, so that its help can be checked against what it parses.
  let options: [ArgumentScanner.OptionSpec]
  /// The subcommand's ``CLICommand/run(_:console:swift:)``.
  let run: ([String], Console, SwiftImplementation) async throws(CLIError) -> Int32

  init<Command: CLICommand>(_ type: Command.Type) {
    name = type.name
    abstract = type.abstract
    usage = type.usage
    help = type.help
    options = type.options
    run = { arguments, console, swift throws(CLIError) in
      guard try ArgumentScanner(arguments, options: type.options, command: type.name).has("help") else {
        return try await Command.run(arguments, console: console, swift: swift)
      }
      // The in-process implementation may have another name than 'swift' in a team's own executable.
      console.out(type.help.replacingOccurrences(of: "'swift'", with: "'\(swift.name)'"))
      return ExitCode.success
    }
  }
}
