import Foundation
import Testing

@testable import ConformanceCLI

/// Help is rendered from each command's option table; these tests read the help a user sees and hold it against what
/// the command's parser does, so a dropped entry, a mis-rendered label or a documented option the parser rejects
/// fails here.
@Suite("OptionSpec")
struct OptionSpecTests {
  static let subcommands = ConformanceCommand.subcommands.map(\.name)

  // MARK: - Every subcommand's help against its parser

  @Test(arguments: subcommands)
  func everyOptionTheParserAcceptsIsInHelpAndUsage(subcommand: String) async throws {
    let command = try #require(ConformanceCommand.subcommands.first { $0.name == subcommand })
    let help = await Self.conformance([subcommand, "--help"])
    #expect(help.status == 0)
    let entries = Self.optionEntries(help.stdout)
    let usage = try #require(help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
    let brackets = CharacterSet(charactersIn: "[]")
    let usageWords = Set(usage.split(separator: " ").map { $0.trimmingCharacters(in: brackets) })
    for spec in command.options {
      let entry = entries.first { $0.names.contains("--" + spec.name) }
      #expect(entry != nil, "'\(subcommand) --help' leaves out '--\(spec.name)', which its parser accepts")
      #expect(entry?.help.isEmpty == false, "'\(subcommand) --help' has no help for '--\(spec.name)'")
      // As in swift-argument-parser, the usage line leaves out --help.
      if spec.name != "help" {
        #expect(usageWords.contains("--" + spec.name), "the usage line of '\(subcommand)' leaves out '--\(spec.name)'")
      }
    }
  }

  @Test(arguments: subcommands)
  func everyOptionInHelpIsAcceptedByTheParser(subcommand: String) async {
    let entries = Self.optionEntries(await Self.conformance([subcommand, "--help"]).stdout)
    #expect(entries.contains { $0.names == ["-h", "--help"] })
    for entry in entries {
      for name in entry.names {
        // `--help` first, so that the command stops at help once the documented option parses; a value the label
        // promises is given inline, so that a flag documented as an option (or the reverse) is rejected too.
        let argument = entry.takesValue ? name + "=x" : name
        let result = await Self.conformance([subcommand, "--help", argument])
        #expect(
          result.status == 0 && result.stdout.hasPrefix("OVERVIEW: "),
          "'\(subcommand)' rejects '\(entry.label)', which its help documents: \(result.stderr)")
      }
    }
  }

  @Test func theInProcessImplementationIsNamedAsTheExecutableNamesIt() async {
    let help = await Self.conformance(["run", "--help"], swiftName: "ios")
    let impl = Self.optionEntries(help.stdout).first { $0.names == ["--impl"] }
    #expect(
      impl?.help
        == "Run on this implementation: 'ios' (built in) or one declared in Conformance/implementations.json (repeatable; default: swift)."
    )
  }

  // MARK: - Layout

  @Test func listHelpIsTheHandWrittenTextAroundTheRenderedOptions() async {
    let help = await Self.conformance(["list", "--help"])
    #expect(help.status == 0)
    #expect(
      help.stdout == """
        OVERVIEW: List scenarios: id, feature, steps, tags and file.

        USAGE: conformance list [<path> ...] [--filter <text>] [--tag <tag> ...]

        ARGUMENTS:
          <path>                  Scenario files or folders (default: the nearest Conformance/scenarios).
                                  Folders are searched for *.json files, following symbolic links; hidden
                                  files and folders (names starting with '.') are ignored and counted in the
                                  closing line. A folder that cannot be read, a broken link or a link loop is
                                  an invalid input.

        OPTIONS:
          --filter <text>         Only scenarios whose id contains <text>.
          --tag <tag>             Only scenarios with this tag (repeatable: any of them).
          -h, --help              Show help information.

        EXIT STATUS: 0 when every file is valid; 2 when a file is invalid (it is reported on stderr) or none matched.

        """)
  }

  @Test func longLabelsStandAloneAndHelpWrapsUnderItsColumn() {
    let options: [ArgumentScanner.OptionSpec] = [
      .option("feature", "<name>", required: true, help: "The feature."),
      .option(
        "harness", "<name>=<command>", repeatable: true,
        // 17 words fill the 84 columns after the option column: the line is 110 characters, the most it may be.
        help: String(repeating: "word ", count: 20) + "end."),
      .option("baseline", "<file>", help: "A baseline."),
      .flag("no-baseline", alternativeTo: "baseline", help: "No baseline."),
      .help,
    ]
    #expect(
      options.synopsis == "--feature <name> [--harness <name>=<command> ...] [--baseline <file> | --no-baseline]")
    #expect(
      options.helpSection == """
          --feature <name>        The feature.
          --harness <name>=<command>
                                  word word word word word word word word word word word word word word word word word
                                  word word word end.
          --baseline <file>       A baseline.
          --no-baseline           No baseline.
          -h, --help              Show help information.
        """)
  }

  // MARK: - Helpers

  /// One entry of a help text's OPTIONS section, as a reader sees it.
  struct Entry {
    /// The option column, e.g. `--format text|json` or `-h, --help`.
    var label: String
    /// The help text, its lines joined with spaces.
    var help: String
    /// The names the label gives, e.g. `["-h", "--help"]`.
    var names: [String] { nameWords.map(String.init) }
    /// Whether the label shows a value after the name.
    var takesValue: Bool { label.split(separator: " ").count > nameWords.count }
    private var nameWords: [Substring] {
      label.split(separator: " ").prefix { $0.hasPrefix("-") }.map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
    }
  }

  /// The entries of the OPTIONS section of `help`: an entry starts with a line that starts `  -`; its label ends at
  /// two spaces or at the end of the line, and the lines after it that are indented further continue its help.
  static func optionEntries(_ help: String) -> [Entry] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
    var entries: [Entry] = []
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      let text = line.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("  -") {
        let gap = text.range(of: "  ")
        entries.append(
          Entry(
            label: String(gap.map { text[..<$0.lowerBound] } ?? Substring(text)),
            help: gap.map { text[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""))
      } else if !entries.isEmpty {
        let help = entries[entries.count - 1].help
        entries[entries.count - 1].help = help.isEmpty ? text : help + " " + text
      }
    }
    return entries
  }

  /// Runs the tool in process, as ``ConformanceCommand/main(_:console:swift:)`` does for the executable.
  static func conformance(_ arguments: [String], swiftName: String = SwiftImplementation.defaultName) async -> (
    status: Int32, stdout: String, stderr: String
  ) {
    var out = ""
    var err = ""
    let console = Console(out: { out += $0 }, err: { err += $0 }, currentDirectory: CLI.repository)
    let status = await ConformanceCommand.main(
      arguments, console: console, swift: SwiftImplementation(name: swiftName, features: []))
    return (status, out, err)
  }
}
