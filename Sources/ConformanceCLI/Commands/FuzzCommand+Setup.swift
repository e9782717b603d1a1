import Conformance
import Foundation

// MARK: - Settings

extension FuzzCommand {
  /// The options of one run, checked.
  struct Settings {
    var feature: String
    var seed: UInt64
    var runs: Int?
    var seconds: Double?
    var maxSteps: Int
    var level: ScenarioLevel
    var reference: String?
    var out: String
    var unicodeAll: Bool
    /// `--shard`: the part of the search to run (its ``ShardSelection/shard``; `nil` for all of it), read as `run`
    /// reads it.
    var sharding: ShardSelection

    /// - Parameters:
    ///   - environment: Where `--shard auto` finds the CI's variables.
    ///   - note: Receives what `--shard auto` found, as a `note:` line.
    /// - Throws: ``CLIError/usage(_:command:)`` for a missing feature, a malformed number or shard, or `--runs`
    ///   fewer than the shards it is split into.
    init(_ scanner: ArgumentScanner, environment: [String: String], note: (String) -> Void) throws(CLIError) {
      let command = FuzzCommand.name
      guard let feature = scanner.value("feature") else {
        throw .usage("fuzz needs a feature: add --feature <name>, e.g. --feature login", command: command)
      }
      self.feature = feature
      seed =
        try scanner.value("seed", command: command, takes: "a whole number from 0 to \(UInt64.max)", UInt64.init) ?? 0
      if scanner.value("runs") != nil, scanner.value("time") != nil {
        throw .usage("give either --time or --runs, not both", command: command)
      }
      runs = try scanner.value(
        "runs", command: command, takes: "a whole number of 1 or more", ArgumentScanner.whole(1...))
      seconds = try runs == nil ? scanner.seconds("time", command: command) ?? FuzzCommand.defaultSeconds : nil
      maxSteps =
        try scanner.value(
          "max-steps", command: command, takes: "a whole number from 1 to 64", ArgumentScanner.whole(1...64)) ?? 8
      level = try scanner.value("level", command: command, takes: "reducer or runtime", ScenarioLevel.init) ?? .reducer
      reference = scanner.value("reference")
      out = scanner.value("out") ?? "fuzz-findings"
      if out.isEmpty { throw .usage("option '--out' needs a folder, got ''", command: command) }
      if scanner.value("out") != nil, reference == nil {
        throw .usage(
          "--out names where --reference writes what it finds; without --reference nothing is written, so add "
            + "--reference <name> or drop --out",
          command: command)
      }
      unicodeAll = scanner.has("unicode-all")
      sharding = try ShardSelection.resolve(scanner, environment: environment, command: command, note: note)
      // A shard with no sequence would pass without searching; a split of too few runs is a mistake in the command.
      if let shard = sharding.shard, let runs, runs < shard.total {
        throw .usage(
          "'--runs \(runs)' cannot be split into \(shard.total) shards: shard \(runs + 1)/\(shard.total) would search no "
            + "sequence; give '--runs' of \(shard.total) or more, or fewer shards",
          command: command)
      }
    }
  }
}

// MARK: - Implementations and inputs

extension FuzzCommand {
  /// The implementations `run` would select, then the `extra` ones `--impl` names; at least two.
  static func selectImplementations(
    _ arguments: [String], extra: [any Implementation], swift: SwiftImplementation, loader: ScenarioLoader,
    workspace: Workspace, environment: [String: String]
  ) throws(CLIError) -> [any Implementation] {
    let extraNames = Set(extra.map(\.name))
    var kept: [String] = []
    var chosenExtra: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--impl", index + 1 < arguments.count, extraNames.contains(arguments[index + 1]) {
        chosenExtra.append(arguments[index + 1])
        index += 2
        continue
      }
      if argument.hasPrefix("--impl="), extraNames.contains(String(argument.dropFirst("--impl=".count))) {
        chosenExtra.append(String(argument.dropFirst("--impl=".count)))
        index += 1
        continue
      }
      kept.append(argument)
      index += 1
    }
    let scanner = try ArgumentScanner(kept, options: options, command: name)
    var implementations = try ImplementationSelection.resolve(
      scanner, workspace: workspace, swift: swift.bound(to: loader.manifests), environment: environment,
      restartBudget: 0, command: name)
    for name in chosenExtra where !implementations.contains(where: { $0.name == name }) {
      guard let implementation = extra.first(where: { $0.name == name }) else { continue }
      implementations.append((implementation as? SwiftImplementation)?.bound(to: loader.manifests) ?? implementation)
    }
    guard implementations.count >= 2 else {
      throw .usage(
        "fuzz compares implementations, and only '\(implementations.map(\.name).joined(separator: ", "))' is selected; add another with --impl <name> (a harness of your own: --harness <name>=<command> --impl <name>), or --all",
        command: name)
    }
    return implementations
  }

  /// Starts every implementation, checking its initial states against the manifests and that it declares the
  /// feature. One that does not run `level` for the feature (a runtime-only one at reducer level, one with no store
  /// or view model adapter at runtime level) is left out with a note and shut down; at least two must remain.
  ///
  /// - Returns: The implementations to compare, or the error: ``CLIError/input(_:)`` for one that did not start or
  ///   does not implement the feature, ``CLIError/usage(_:command:)`` when fewer than two remain.
  static func start(
    _ implementations: [any Implementation], feature: String, level: ScenarioLevel,
    manifests: [String: FeatureManifest], console: Console
  ) async -> Result<[any Implementation], CLIError> {
    var running: [any Implementation] = []
    for implementation in implementations {
      do {
        let info = try await implementation.start(expectingInitialStatesOf: manifests)
        if info.features[feature] == nil {
          return .failure(
            .input("the implementation '\(implementation.name)' does not implement the feature '\(feature)'"))
        }
        guard info.supports(level, of: feature, intendedLevels: implementation.intendedLevels) else {
          let only = level == .reducer ? "only runtime-level" : "no runtime-level"
          console.err(
            "note: leaving out '\(implementation.name)': it runs \(only) scenarios of '\(feature)', and fuzz works at the \(level.rawValue) level"
          )
          await implementation.shutdown()
          continue
        }
        running.append(implementation)
      } catch {
        return .failure(.input("the implementation '\(implementation.name)' did not start: \(error.description)"))
      }
    }
    guard running.count >= 2 else {
      return .failure(
        .usage(
          "fuzz compares implementations at the \(level.rawValue) level, and only '\(running.map(\.name).joined(separator: ", "))' runs them for '\(feature)'; add another with --impl <name>",
          command: name))
    }
    return .success(running)
  }

  /// Refuses, before any search, an `--out` that cannot be a folder: an existing file, or a path through one.
  ///
  /// - Throws: ``CLIError/usage(_:command:)`` naming the part of the path that is not a folder.
  static func checkOutFolder(_ out: String, in currentDirectory: URL) throws(CLIError) {
    let url = out.hasPrefix("/") ? URL(fileURLWithPath: out) : currentDirectory.appendingPathComponent(out)
    var prefix = url.path.hasPrefix("/") ? "" : "."
    for component in url.path.split(separator: "/") {
      prefix += "/" + component
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) else { return }
      guard isFolder.boolValue else {
        let shown = prefix == url.path ? out : prefix
        throw .usage("--out '\(out)' cannot be a folder: '\(shown)' is a file", command: name)
      }
    }
  }

  /// The valid scenarios of `Conformance/scenarios/<feature>/`, in walk order (invalid files are passed over: the
  /// dictionary only borrows their values).
  static func bundledScenarios(of feature: String, workspace: Workspace, loader: ScenarioLoader) -> [Scenario] {
    guard let folder = workspace.scenariosFolder?.appendingPathComponent(feature),
      FileManager.default.fileExists(atPath: folder.path)
    else { return [] }
    var scenarios: [Scenario] = []
    for entry in ScenarioCorpus(roots: [.init(path: folder.path, displayName: folder.path)], loader: loader) {
      if case .scenario(let scenario) = entry, scenario.feature == feature { scenarios.append(scenario) }
    }
    return scenarios
  }
}
