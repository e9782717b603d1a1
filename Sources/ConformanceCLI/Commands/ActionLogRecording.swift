import Conformance
import Foundation

/// `conformance record --actions <log.ndjson> --feature F --id ID --from IMPL [--out DIR]` (``RecordCommand``): turns
/// a session's action log into a new reducer-level scenario whose expectations are the implementation's trace.
///
/// The log has one action JSON object per line (NDJSON, as captured from a device); blank lines are passed over. A
/// line that is not JSON, or not an action of the feature's manifest, is reported as `log.ndjson:LINE:COLUMN:
/// message` (the column of a syntax error; 1 otherwise, with the JSON path inside the action, `(at value)`). The file written is
/// `<out>/<id>.json`, validated first; an existing file is never replaced.
enum ActionLogRecording {
  /// The options of `--actions`, checked.
  struct Settings {
    var log: String
    var feature: String
    var id: String
    var out: String

    /// - Throws: ``CLIError/usage(_:command:)`` for a missing `--feature` or `--id`, or an empty `--out`.
    init(_ scanner: ArgumentScanner) throws(CLIError) {
      log = scanner.value("actions") ?? ""
      guard let feature = scanner.value("feature") else {
        throw .usage("--actions needs the feature: add --feature <name>, e.g. --feature login", command: "record")
      }
      guard let id = scanner.value("id") else {
        throw .usage("--actions needs the new scenario's id: add --id <kebab-case-id>", command: "record")
      }
      for option in ["write", "update"] where scanner.has(option) {
        throw .usage(
          "option '--\(option)' goes with scenario paths; --actions always writes a new file", command: "record")
      }
      self.feature = feature
      self.id = id
      out = scanner.value("out") ?? "."
      if out.isEmpty || log.isEmpty {
        throw .usage("options '--actions' and '--out' need a path, got ''", command: "record")
      }
    }
  }

  /// Reads the log, runs it, and writes the scenario.
  ///
  /// - Returns: 0 when written; 1 when the implementation produced no trace; 2 for an invalid log, an unknown
  ///   feature, an existing file, or an implementation that did not start or does not run the feature.
  /// - Throws: ``CLIError`` for an unknown feature or an unreadable log.
  static func run(
    _ settings: Settings, implementation: any Implementation, loader: ScenarioLoader, manifestErrors: [InputError],
    workspace: Workspace, console: Console
  ) async throws(CLIError) -> Int32 {
    try checkFeature(settings.feature, loader: loader, manifestErrors: manifestErrors)
    let log = try readLog(settings.log, workspace: workspace)
    let target = workspace.url(for: settings.out).appendingPathComponent(settings.id + ".json")
    let shown = workspace.displayName(target)
    let document = document(settings, actions: log.actions, logName: log.name, implementation: implementation.name)
    let scenario: Scenario
    switch loader.load(document, file: shown) {
    case .success(let loaded): scenario = loaded
    case .failure(let problems): throw .input(joined(describe(problems.errors, logName: log.name, lines: log.lines)))
    }
    try checkNew(target, shown: shown, id: settings.id, workspace: workspace)
    let trace: [TraceEntry]
    switch await observe(scenario, on: implementation, loader: loader) {
    case .failure(let status): return status(console)
    case .success(let recorded): trace = recorded
    }
    let recording = ScenarioRecording(document: document, scenario: scenario, trace: trace, update: false)
    let text = ScenarioFileLayout.render(recording.document)
    guard case .success = loader.load(recorded: text, file: shown) else {
      console.error("\(shown): the recorded scenario would be invalid, so it is not written")
      return ExitCode.invalidInput
    }
    do {
      try FileWriter.write(Data(text.utf8), to: target, display: shown, expect: .absent)
    } catch {
      throw .input(error.message)
    }
    console.out(
      "wrote \(shown): \(ReportText.plural(log.actions.count, "step", "steps")) from \(log.name), expectations from \(implementation.name)"
    )
    return ExitCode.success
  }

  /// Refuses a feature with no manifest: an invalid manifest (which may be the feature's) is reported as such.
  ///
  /// - Throws: ``CLIError/invalidFile(_:)`` when a manifest is invalid, else ``CLIError/usage(_:command:)``.
  private static func checkFeature(_ feature: String, loader: ScenarioLoader, manifestErrors: [InputError])
    throws(CLIError)
  {
    guard loader.manifests[feature] == nil else { return }
    if !manifestErrors.isEmpty { throw .invalidFile(manifestErrors) }
    let known = loader.manifests.keys.sorted()
    throw .usage("unknown feature '\(feature)' (known: \(known.joined(separator: ", ")))", command: RecordCommand.name)
  }

  /// An action log's actions, its name as messages give it, and the 1-based line of each action.
  private struct ActionLog {
    var name: String
    var actions: [JSONValue]
    var lines: [Int]
  }

  /// Reads and parses the log at `path`.
  ///
  /// - Throws: ``CLIError/input(_:)`` for a log that cannot be read, has a line that is not JSON, or has no actions.
  private static func readLog(_ path: String, workspace: Workspace) throws(CLIError) -> ActionLog {
    let url = workspace.url(for: path)
    let name = workspace.displayName(url)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw .input("\(name): cannot read the action log")
    }
    let (actions, lines, errors) = parse(String(decoding: data, as: UTF8.self), logName: name)
    if !errors.isEmpty { throw .input(joined(errors)) }
    guard !actions.isEmpty else { throw .input("\(name): no actions (write one action JSON object per line)") }
    return ActionLog(name: name, actions: actions, lines: lines)
  }

  /// Refuses a target that exists, or an id another scenario of the workspace already has.
  ///
  /// - Throws: ``CLIError/input(_:)`` naming the file in the way.
  private static func checkNew(_ target: URL, shown: String, id: String, workspace: Workspace) throws(CLIError) {
    if FileManager.default.fileExists(atPath: target.path) {
      throw .input("\(shown) exists: not replaced; choose another --id or --out, or move the file away")
    }
    if let other = scenarioFile(named: id, in: workspace) {
      throw .input(
        "'\(id)' is already the id of \(workspace.displayName(other)); ids are unique across the corpus, so "
          + "choose another --id")
    }
  }

  /// A scenario file of the workspace's scenarios folder whose id would be `id` (its name is `<id>.json`), if any:
  /// a new scenario with that id would make the next run find a duplicate.
  private static func scenarioFile(named id: String, in workspace: Workspace) -> URL? {
    guard let folder = workspace.scenariosFolder,
      let walk = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return nil }
    for case let url as URL in walk where url.lastPathComponent == id + ".json" { return url }
    return nil
  }

  /// The log's actions with their 1-based line numbers, or every line's syntax error as `log:LINE:COLUMN: message`.
  private static func parse(_ text: String, logName: String) -> (actions: [JSONValue], lines: [Int], errors: [String]) {
    var actions: [JSONValue] = []
    var lines: [Int] = []
    var errors: [String] = []
    // Lines are split on the byte LF, and a CR before it is dropped: split by `Character`, "\r\n" is one grapheme
    // (UAX #29 GB3) and a CRLF log would be one line.
    for (index, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let content = line.last == 0x0D ? line.dropLast() : line
      if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      do {
        actions.append(try JSONParser().parse(String(decoding: content, as: UTF8.self)))
        lines.append(index + 1)
      } catch {
        errors.append("\(logName):\(index + 1):\(error.column): \(error.message)")
      }
    }
    return (actions, lines, errors)
  }

  /// The new scenario's document: id, feature, a description naming the log and the implementation, the tag
  /// `recorded`, and one step per action.
  private static func document(_ settings: Settings, actions: [JSONValue], logName: String, implementation: String)
    -> JSONValue
  {
    var root = JSONObject()
    if URL(fileURLWithPath: settings.out).standardizedFileURL.deletingLastPathComponent().lastPathComponent
      == "scenarios"
    {
      root["$schema"] = "../../schema/scenario.schema.json"
    }
    root["id"] = .string(settings.id)
    root["feature"] = .string(settings.feature)
    root["description"] = .string(
      "Recorded by conformance record from the action log \(URL(fileURLWithPath: logName).lastPathComponent) on \(implementation); check the expectations against the spec and cite its rule ids in 'rules' before committing."
    )
    root["tags"] = ["recorded"]
    root["steps"] = .array(actions.map { ["send": $0] })
    return .object(root)
  }

  /// The scenario's problems named by the log line of their step (`log.ndjson:3:1: …`), the others as they are.
  private static func describe(_ errors: [InputError], logName: String, lines: [Int]) -> [String] {
    errors.map { error -> String in
      let components = error.path?.components ?? []
      guard components.count >= 2, case .key("steps") = components[0], case .index(let step) = components[1],
        step < lines.count
      else { return error.description }
      // The log's line is the action itself: the path inside it, without the step's `send`.
      var rest = Array(components.dropFirst(2))
      if case .key("send")? = rest.first { rest.removeFirst() }
      let inner = JSONPath(rest)
      let at = inner.components.isEmpty ? "" : " (at \(inner.description))"
      return "\(logName):\(lines[step]):1: \(error.message)\(at)"
    }
  }

  /// Problems as one ``CLIError/input(_:)`` message: the first after the `error: ` the CLI prints, each other on its
  /// own `error: ` line.
  private static func joined(_ problems: [String]) -> String {
    (problems.prefix(1) + problems.dropFirst().map(ReportText.error)).joined(separator: "\n")
  }

  /// The implementation's trace of `scenario`, or (having said why) the exit status.
  private static func observe(_ scenario: Scenario, on implementation: any Implementation, loader: ScenarioLoader)
    async -> Swift.Result<[TraceEntry], Failure>
  {
    let info: ImplementationInfo
    do {
      info = try await implementation.start(expectingInitialStatesOf: loader.manifests)
    } catch {
      return .failure(
        Failure(
          status: ExitCode.invalidInput,
          message: "the implementation '\(implementation.name)' did not start: \(error.description)"))
    }
    guard info.supports(.reducer, of: scenario.feature, intendedLevels: implementation.intendedLevels) else {
      await implementation.shutdown()
      return .failure(
        Failure(
          status: ExitCode.invalidInput,
          message: "'\(implementation.name)' does not run reducer-level scenarios of '\(scenario.feature)'"))
    }
    let observation = await implementation.run(RunRequest(running: scenario))
    await implementation.shutdown()
    guard case .trace(let trace, _) = observation else {
      return .failure(
        Failure(
          status: ExitCode.gateFailure,
          message: "nothing recorded: '\(implementation.name)' \(FuzzFinding.headline(observation))"))
    }
    return .success(trace)
  }

  /// Why nothing was recorded.
  private struct Failure: Error {
    var status: Int32
    var message: String

    /// Prints the message and returns the status.
    func callAsFunction(_ console: Console) -> Int32 {
      console.error(message)
      return status
    }
  }
}
