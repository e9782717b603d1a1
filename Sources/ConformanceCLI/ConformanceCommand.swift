@_exported import Conformance
import Foundation

/// The `conformance` command line tool: runs language-neutral UDF scenarios against implementations and gates CI on
/// parity.
///
/// Exit statuses: 0 when everything passed; 1 when a scenario failed or was skipped (unless `--allow-skipped`) or
/// implementations diverged; 2 for a usage
/// error, an invalid scenario or manifest file, or when no scenarios were found. Help and version go to stdout,
/// errors to stderr.
public enum ConformanceCommand {
  /// The subcommands, in help order; the first is the default.
  static var subcommands: [CommandInfo] {
    [
      CommandInfo(RunCommand.self), CommandInfo(ValidateCommand.self), CommandInfo(ListCommand.self),
      CommandInfo(CoverageCommand.self),
      CommandInfo(HarnessCommand.self), CommandInfo(FuzzCommand.self), CommandInfo(RecordCommand.self),
      CommandInfo(MergeReportsCommand.self),
    ]
  }

  /// Runs the whole tool for the given Swift features and exits: the entry point of a `conformance` executable.
  ///
  /// A team's executable target is three lines (its `main.swift`):
  ///
  /// ```swift
  /// import ConformanceCLI
  /// import CounterFeature
  /// await ConformanceCommand.main(swift: [CodableFeature("counter", reducer: CounterReducer(), initialState: .init())])
  /// ```
  ///
  /// It reads `CommandLine.arguments`, installs the interrupt handling (see
  /// ``installInterruptHandling(console:)``), and exits with the status of ``main(_:console:swift:)``. `run` and
  /// `fuzz` run in a worker process that this one watches (``CrashSupervisor``), so that a trap in a reducer becomes
  /// the Swift implementation's `crashed` outcome instead of ending the tool.
  ///
  /// Runtime-level scenarios (scenario format v1.1) run on the features given in `runtimes`: the in-process
  /// implementation declares `reducer` for each of `features` and `runtime` for each of `runtimes`, and a scenario
  /// of a level it does not declare is reported `not applicable`.
  ///
  /// - Parameters:
  ///   - features: The features of the in-process Swift implementation, one adapter per feature (reducer level).
  ///   - runtimes: The features whose real runtime (a store) runs runtime-level scenarios, one adapter per feature;
  ///     none by default.
  ///   - name: The in-process implementation's name on the command line and in reports, for example `ios`; `nil`
  ///     (the default) means `swift`.
  public static func main(
    swift features: [any FeatureAdapter], runtimes: [any RuntimeAdapter] = [], name: String? = nil
  ) async -> Never {
    let console = Console.standard()
    let role = CrashSupervisor.Role(environment: console.environment)
    // The harnesses a worker starts must not take themselves for workers, nor inherit the backtrace setting the
    // supervisor chose for the worker alone (the runtime read it when this process started).
    unsetenv(CrashSupervisor.variable)
    unsetenv(CrashSupervisor.crashVariable)
    if console.environment[CrashSupervisor.backtraceVariable] != nil {
      unsetenv("SWIFT_BACKTRACE")
      unsetenv(CrashSupervisor.backtraceVariable)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    if role == .supervisor, let command = subcommandName(arguments, console: console),
      CrashSupervisor.supervisedCommands.contains(command)
    {
      exit(CrashSupervisor.supervise(console: console, swiftName: name ?? SwiftImplementation.defaultName))
    }
    installInterruptHandling(console: console)
    // A worker never outlives its supervisor: killed with it, it ends its harnesses instead of writing files later.
    if role != .supervisor { HarnessProcessGroups.endWhenParentDies() }
    let swift = SwiftImplementation(
      name: name ?? SwiftImplementation.defaultName, features: features, runtimes: runtimes)
    let status: Int32
    if let argument = argumentNotUTF8() {
      // `CommandLine.arguments` would show it with U+FFFD and then find no such file: name the real bytes instead.
      status = report(
        .input("the argument '\(argument)' is not valid UTF-8; rename the file or folder it names"), console: console)
    } else {
      status = await main(arguments, console: console, swift: swift)
    }
    // A harness's grandchild that left its process group (setsid) was adopted by this process: end it with the run.
    HarnessProcessGroups.killAdoptedOrphans()
    exit(status)
  }

  /// The first command-line argument that is not valid UTF-8, with its bytes from 0x80 shown as `\xHH`; `nil`
  /// when all are.
  private static func argumentNotUTF8() -> String? {
    for index in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
      if ControlEscaping.validUTF8(bytes) == nil { return ControlEscaping.escapeBytes(bytes) }
    }
    return nil
  }

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - console: Where to read and write.
  ///   - swift: The in-process Swift implementation with its features (not yet bound to manifests: each command
  ///     binds it to the manifests it finds).
  /// - Returns: The exit status (0, 1 or 2).
  static func main(_ arguments: [String], console: Console, swift: SwiftImplementation) async -> Int32 {
    let status = await run(arguments, console: console, swift: swift)
    console.flush()
    if let failure = console.outputFailure() {
      console.error("cannot write to standard output: \(failure)")
      return ExitCode.invalidInput
    }
    return status
  }

  private static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async -> Int32 {
    var arguments = arguments
    let command: CommandInfo
    switch arguments.first {
    case "--version":
      console.out("conformance \(ConformanceVersion.current)")
      return ExitCode.success
    case "--help", "-h":
      console.out(help)
      return ExitCode.success
    case "help":
      guard arguments.count > 1 else {
        console.out(help)
        return ExitCode.success
      }
      guard let named = subcommands.first(where: { $0.name == arguments[1] }) else {
        return report(.usage("unknown subcommand '\(arguments[1])'", command: ""), console: console)
      }
      console.out(named.help)
      return ExitCode.success
    default:
      let name = subcommandName(arguments, console: console) ?? RunCommand.name
      guard let named = subcommands.first(where: { $0.name == name }) else {
        let hint = Suggestion.closest(to: name, among: subcommands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return report(.usage("unknown subcommand '\(name)'\(hint)", command: ""), console: console)
      }
      command = named
      if arguments.first == name { arguments.removeFirst() }
    }
    do {
      return try await command.run(arguments, console, swift)
    } catch {
      return report(error, console: console)
    }
  }

  /// The subcommand `arguments` name, as typed (it may name none that exists): the first argument when it is not an
  /// option and either names a subcommand or is no path, else `run`; `nil` for `--version`, `--help`, `-h` and
  /// `help`, which run no subcommand.
  static func subcommandName(_ arguments: [String], console: Console) -> String? {
    switch arguments.first {
    case "--version", "--help", "-h", "help": return nil
    case let first? where !first.hasPrefix("-") && (isSubcommand(first) || !looksLikePath(first, console: console)):
      return first
    default: return RunCommand.name
    }
  }

  private static func isSubcommand(_ argument: String) -> Bool { subcommands.contains { $0.name == argument } }

  /// Whether a first argument names a scenario file or folder (so `conformance path/x.json` means `run path/x.json`).
  private static func looksLikePath(_ argument: String, console: Console) -> Bool {
    if argument.contains("/") || argument.hasSuffix(".json") { return true }
    return FileManager.default.fileExists(atPath: console.currentDirectory.appendingPathComponent(argument).path)
  }

  /// The one place a ``CLIError`` becomes text and an exit status.
  static func report(_ error: CLIError, console: Console) -> Int32 {
    console.error(error.message)
    if case .usage(_, let command) = error {
      let type = subcommands.first { $0.name == command }
      console.err("Usage: \(type?.usage ?? "conformance <subcommand>")")
      console.err("See 'conformance \(command.isEmpty ? "" : command + " ")--help'.")
    }
    return ExitCode.invalidInput
  }

  /// The options the tool itself takes before any subcommand; its OPTIONS section is rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [.flag("version", help: "Show the version."), .help]

  /// The tool's help text.
  static var help: String {
    """
    OVERVIEW: Run language-neutral UDF scenarios against Swift and Kotlin implementations and gate CI on parity.

    USAGE: conformance [<subcommand>] [<options>]

    OPTIONS:
    \(options.helpSection)

    SUBCOMMANDS:
    \(subcommands.map { "  " + ReportText.padded($0.name + ($0.name == RunCommand.name ? " (default)" : ""), to: 22) + $0.abstract }.joined(separator: "\n"))

      See 'conformance help <subcommand>' for detailed help.

    EXIT STATUS:
      \(ExitCode.success)  all scenarios passed
      \(ExitCode.gateFailure)  a scenario failed or was skipped, or implementations diverged
      \(ExitCode.invalidInput)  usage error, invalid scenario or manifest file, or no scenarios found
    """
  }
}

// MARK: - Interruption

extension ConformanceCommand {
  /// Makes the tool a child subreaper (Linux), ignores SIGPIPE (so a closed stdout cannot stop report files from being
  /// written), and makes SIGINT, SIGTERM and
  /// SIGHUP end the tool cleanly: buffered output is flushed, every harness process group
  /// is killed (they run in groups of their own, out of reach of a terminal's Ctrl-C), the temporary files of writes in
  /// progress are removed (``FileWriter/removeTemporaryFiles()``), and the tool exits with
  /// status 128 + the signal number (130 for Ctrl-C), as shells expect.
  ///
  /// Call once, from the executable's entry point, before ``main(_:console:)``.
  ///
  /// - Parameter console: The console whose output is flushed on the way out.
  static func installInterruptHandling(console: Console) {
    // Orphaned harness grandchildren are reparented here, not to init, so the handler below can end them too.
    HarnessProcessGroups.adoptOrphans()
    // A closed stdout (`conformance … | head`) must not kill the run before its reports are written.
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        console.flush()
        HarnessProcessGroups.terminateAll()
        FileWriter.removeTemporaryFiles()
        exit(128 + number)
      }
      source.resume()
      InterruptSources.keep(source)
    }
  }
}

// MARK: - InterruptSources

/// Keeps the signal sources alive for the life of the process.
enum InterruptSources {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  static func keep(_ source: any DispatchSourceSignal) { sources.append(source) }
}

// MARK: - CommandInfo

/// A subcommand's texts and its `run`, gathered without existential metatypes (which crash the Swift 6.3 compiler
/// here): `run` is a closure captured in the generic initializer, so ``ConformanceCommand/subcommands`` is the only
/// list of subcommands.
///
/// The texts are read from the type when asked for, not when the table is built: finding the command to run then
/// renders no other command's help.
struct CommandInfo {
  let name: String
  private let texts: () -> (abstract: String, usage: String, help: String)
  private let optionTable: () -> [ArgumentScanner.OptionSpec]
  var abstract: String { texts().abstract }
  var usage: String { texts().usage }
  var help: String { texts().help }
  /// The subcommand's ``CLICommand/options``, so that its help can be checked against what it parses.
  var options: [ArgumentScanner.OptionSpec] { optionTable() }
  /// The subcommand's ``CLICommand/run(_:console:swift:)``.
  let run: ([String], Console, SwiftImplementation) async throws(CLIError) -> Int32

  init<Command: CLICommand>(_ type: Command.Type) {
    name = type.name
    texts = { (type.abstract, type.usage, type.help) }
    optionTable = { type.options }
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
