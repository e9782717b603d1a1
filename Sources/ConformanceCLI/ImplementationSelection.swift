import Conformance
import Foundation

/// Turns `--impl`, `--all`, `--harness`, `--config` and the timeout options into the implementations to run, in
/// order: the in-process Swift implementation (`swift` unless the executable names it otherwise) first when
/// selected, then harnesses in the order named.
///
/// Rules (README, "The parity gate"): no option selects `swift` alone; `--impl NAME` (repeatable) selects
/// exactly those; `--all` selects `swift` and every declared implementation; `--harness NAME=COMMAND` declares an
/// implementation (replacing a same-named one from the config) and, unless `--impl` is given, selects it beside
/// `swift`. The config is the current directory's `Conformance/implementations.json` (never one beside the scenarios
/// given: scenario folders do not choose which programs run) unless `--config` names another file.
enum ImplementationSelection {
  /// Resolves the selection.
  ///
  /// `restartBudget`, when given, replaces every harness's own (`conformance fuzz` passes 0: it stops at the first
  /// fault, so restarting would only cost another timeout).
  ///
  /// In a worker that runs a command again after a crash (``CrashSupervisor``, told by `environment`), the in-process
  /// implementation is served out of process instead, by this executable's `harness` subcommand under the same name,
  /// with the timeouts given and `--jobs` processes like any harness.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for an unknown name, a malformed `--harness`, a `--harness` that
  ///   `--impl` does not select, or `--all` when nothing is declared beside the in-process implementation;
  ///   ``CLIError/input(_:)`` for an invalid config file (every problem, with file and JSON path).
  ///
  /// `note` is told which config file the harnesses it starts come from (`note: harnesses from
  /// Conformance/implementations.json: kotlin`), so a run never starts a program without saying where it was
  /// configured.
  static func resolve(
    _ scanner: ArgumentScanner, workspace: Workspace, swift: SwiftImplementation, environment: [String: String],
    jobs: Int = 1, restartBudget: Int? = nil, command: String, note: (String) -> Void = { _ in }
  ) throws(CLIError) -> [any Implementation] {
    let builtIn = swift.name
    let fromCommandLine = try harnessOptions(scanner, workspace: workspace, builtIn: builtIn, command: command)
    let declaredOnCommandLine = fromCommandLine.map(\.name)
    let (fileConfig, configFile) = try config(
      scanner, workspace: workspace, builtIn: builtIn, besides: declaredOnCommandLine, command: command)
    var config = fileConfig
    for entry in fromCommandLine { config.add(entry) }
    let startup = try scanner.seconds("startup-timeout", command: command)
    let timeout = try scanner.seconds("timeout", command: command)
    var names = scanner.all("impl")
    if scanner.has("all") {
      // A parity gate of one implementation compares nothing, so `--all` that finds no other must not pass quietly.
      guard !config.implementations.isEmpty else {
        throw .usage(
          "--all found no implementation besides '\(builtIn)' to compare it with; declare one in "
            + "\(configFile ?? "Conformance/implementations.json") or with --harness NAME=COMMAND, or drop --all to run "
            + "'\(builtIn)' alone", command: command)
      }
      names = [builtIn] + config.implementations.map(\.name)
    } else if names.isEmpty {
      names = [builtIn] + declaredOnCommandLine
    }
    // A gate weaker than its command line reads must not pass quietly: every --harness given must run.
    if let unselected = declaredOnCommandLine.first(where: { !names.contains($0) }) {
      throw .usage(
        "'\(unselected)' is declared with --harness but not selected by --impl; add '--impl \(unselected)', or drop the --harness",
        command: command)
    }
    let fromFile = names.filter { name in
      !declaredOnCommandLine.contains(name) && fileConfig.implementation(named: name) != nil
    }
    if let configFile, !fromFile.isEmpty {
      note(
        "note: \(fromFile.count == 1 ? "harness" : "harnesses") from \(configFile): " + fromFile.joined(separator: ", ")
      )
    }
    let swiftHarness = CrashSupervisor.outOfProcessSwift(swift, environment: environment, workspace: workspace)
    return try implementations(
      named: names, swift: swift, swiftHarness: swiftHarness, config: config,
      overrides: (startup, timeout, restartBudget), jobs: jobs, command: command)
  }

  /// The implementation each name selects, in order and once each: the in-process `swift` (or `swiftHarness`, which
  /// serves it out of process after a crash), else the configured harness with `overrides` applied, as a pool of
  /// ``harnessProcesses(jobs:besideInProcess:)`` processes when that is over 1.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for a name that neither `swift` nor `config` declares.
  private static func implementations(
    named names: [String], swift: SwiftImplementation, swiftHarness: HarnessConfiguration?,
    config: ImplementationsConfig, overrides: (startup: Double?, timeout: Double?, restartBudget: Int?), jobs: Int,
    command: String
  ) throws(CLIError) -> [any Implementation] {
    var seen = Set<String>()
    var result: [any Implementation] = []
    let processes = harnessProcesses(jobs: jobs, besideInProcess: names.contains(swift.name) && swiftHarness == nil)
    for name in names where seen.insert(name).inserted {
      let declared = name == swift.name ? swiftHarness : config.implementation(named: name)
      if name == swift.name, declared == nil {
        result.append(swift)
        continue
      }
      guard var entry = declared else {
        throw unknownImplementation(name, known: [swift.name] + config.implementations.map(\.name), command: command)
      }
      if let startup = overrides.startup { entry.startupTimeout = startup }
      if let timeout = overrides.timeout { entry.scenarioTimeout = timeout }
      if let restartBudget = overrides.restartBudget { entry.restartBudget = restartBudget }
      // Each process of a pool has its own restart budget and timeouts.
      result.append(
        processes > 1
          ? ProcessPool(configuration: entry, size: processes) : ProcessImplementation(configuration: entry))
    }
    return result
  }

  /// How many processes each harness gets with `--jobs` `jobs`: `jobs`, or `jobs - 1` (at least 1) when the run also
  /// has the in-process implementation (`besideInProcess`).
  ///
  /// Beside the in-process implementation, every batch runs in the runner's own workers as well, which with the
  /// protocol's side (writing requests, reading and judging replies) keep a core busy; a harness process for every
  /// worker then puts twice as many busy processes as cores, and each extra JVM compiles the same code again (C1, on
  /// its own). Measured on 2 cores with 4,000 bench login scenarios (`scripts/bench`'s corpus), release build, user +
  /// system time of the run with its harnesses: `run --all --jobs 2` took 3.6–5.0 s of CPU with two Kotlin
  /// processes (2.0–2.8 s of it in the JVMs) and 2.9–3.4 s with one (1.3–1.6 s in the JVM), for the same output.
  /// Output never depends on the count (the runner reports in walk order); only faults do, as each process has its
  /// own restart budget.
  static func harnessProcesses(jobs: Int, besideInProcess: Bool) -> Int {
    max(1, besideInProcess ? jobs - 1 : jobs)
  }

  /// The implementations declared with `--harness NAME=COMMAND`, in order.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` for a malformed option or one named as the built-in implementation.
  private static func harnessOptions(
    _ scanner: ArgumentScanner, workspace: Workspace, builtIn: String, command: String
  ) throws(CLIError) -> [HarnessConfiguration] {
    var fromCommandLine: [HarnessConfiguration] = []
    for option in scanner.all("harness") {
      switch ImplementationsConfig.harnessOption(option, currentDirectory: workspace.currentDirectory) {
      case .success(let entry) where entry.name == builtIn:
        throw .usage(
          "the name '\(builtIn)' is the built-in Swift implementation's; give the harness another name",
          command: command
        )
      case .success(let entry) where fromCommandLine.contains { $0.name == entry.name }:
        throw .usage(
          "'\(entry.name)' is declared twice with --harness; give each harness its own name", command: command)
      case .success(let entry): fromCommandLine.append(entry)
      case .failure(let error): throw .usage(error.message, command: command)
      }
    }
    return fromCommandLine
  }

  /// The implementations config, read only when it is needed (`--all`, `--config`, or an `--impl` that neither the
  /// built-in implementation nor a `--harness` answers), so a broken one never blocks a Swift-only run.
  ///
  /// - Throws: ``CLIError/input(_:)`` for an invalid config; ``CLIError/usage(_:command:)`` when it declares the
  ///   built-in implementation's name.
  private static func config(
    _ scanner: ArgumentScanner, workspace: Workspace, builtIn: String, besides declaredOnCommandLine: [String],
    command: String
  ) throws(CLIError) -> (config: ImplementationsConfig, file: String?) {
    let needsConfig =
      scanner.has("all") || scanner.value("config") != nil
      || scanner.all("impl").contains { $0 != builtIn && !declaredOnCommandLine.contains($0) }
    let (config, file) = needsConfig ? try loadConfig(scanner, workspace: workspace) : (ImplementationsConfig(), nil)
    if let clash = config.implementations.first(where: { $0.name == builtIn }) {
      throw .usage(
        "the implementations config declares '\(clash.name)', the built-in Swift implementation's name; rename it",
        command: command)
    }
    return (config, file)
  }

  /// The usage error for an `--impl` that names no implementation, with the closest known name.
  private static func unknownImplementation(_ name: String, known: [String], command: String) -> CLIError {
    let hint = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
    return .usage(
      "unknown implementation '\(name)'\(hint) (known: \(known.joined(separator: ", ")); declare others in \(ImplementationsConfig.defaultPath) or with --harness)",
      command: command)
  }

  /// The config from `--config`, else the current directory's workspace (``Workspace/implementationsConfig``), with
  /// the name it is shown by; an empty config and `nil` when there is none.
  private static func loadConfig(_ scanner: ArgumentScanner, workspace: Workspace) throws(CLIError)
    -> (config: ImplementationsConfig, file: String?)
  {
    let url: URL
    if let path = scanner.value("config") {
      url = workspace.url(for: path)
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw .input("no such implementations config '\(path)'")
      }
    } else if let found = workspace.implementationsConfig {
      url = found
    } else {
      return (ImplementationsConfig(), nil)
    }
    let display = workspace.displayName(url)
    switch ImplementationsConfig.load(url, displayName: display) {
    case .success(let config): return (config, display)
    case .failure(let failure):
      throw .invalidFile(failure.errors)
    }
  }
}
