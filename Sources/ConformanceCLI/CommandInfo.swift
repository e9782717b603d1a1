import Conformance
import Foundation

/// A subcommand's texts, gathered without existential metatypes (which crash the Swift 6.3 compiler here).
struct CommandInfo {
  let name: String
  let abstract: String
  let usage: String
  let help: String

  init<Command: CLICommand>(_ type: Command.Type) {
    name = type.name
    abstract = type.abstract
    usage = type.usage
    help = type.help
  }
}
