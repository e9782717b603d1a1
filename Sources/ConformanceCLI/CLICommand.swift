import Conformance
import Foundation

/// A subcommand: a name, an abstract, a usage line, help text, the options it parses and `run`, as in
/// swift-argument-parser.
protocol CLICommand {
  /// The subcommand's name, e.g. `run`.
  static var name: String { get }
  /// One line for the tool's help.
  static var abstract: String { get }
  /// The usage line.
  static var usage: String { get }
  /// The full help text.
  static var help: String { get }
  /// The options the subcommand's parser accepts; its OPTIONS section and usage line are rendered from them.
  static var options: [ArgumentScanner.OptionSpec] { get }
  /// Runs with the arguments after the subcommand's name, on the given in-process Swift implementation.
  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
}
