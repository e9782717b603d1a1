import Conformance
import Foundation

/// Records scenario files for `conformance record <path> …` (``RecordCommand``): runs each on the implementation,
/// prints the unified diff of what would change, refuses differing expectations without `--update`, and writes
/// only with `--write`.
struct FileRecorder {
  /// The implementation recorded from (`--from`), not yet started.
  var implementation: any Implementation
  /// The loader of the workspace's manifests, which also validates each file before it is written.
  var loader: ScenarioLoader
  /// Where paths are resolved and how files are named.
  var workspace: Workspace
  /// Where the diff, notes and errors go.
  var console: Console
  /// `--write`: write changed files (else only print their diff).
  var write: Bool
  /// `--update`: replace expectations that differ from the trace (else refuse the file).
  var update: Bool

  /// What one file came to, for the exit status and the closing line; thrown by the stage of ``record(_:info:)``
  /// that ends a file's recording early.
  enum Result: Error { case unchanged, pending, written, refused, failed, invalid }

  /// Records every scenario of `corpus`.
  ///
  /// - Returns: The exit status: 2 when a file is invalid or non-exhaustive or the implementation did not start,
  ///   else 1 when a change is pending or refused or a file produced no trace, else 0.
  func record(_ corpus: ScenarioCorpus, manifestErrors: [InputError]) async -> Int32 {
    var results: [Result] = []
    for error in manifestErrors {
      console.error(error.description)
      results.append(.invalid)
    }
    var scenarios: [Scenario] = []
    for entry in corpus {
      switch entry {
      case .scenario(let scenario): scenarios.append(scenario)
      case .invalid(_, let errors):
        for error in errors { console.error(error.description) }
        results.append(.invalid)
      }
    }
    if scenarios.isEmpty, results.isEmpty {
      console.error("no scenario files found")
      return ExitCode.invalidInput
    }
    if !scenarios.isEmpty {
      let info: ImplementationInfo
      do {
        info = try await implementation.start(expectingInitialStatesOf: loader.manifests)
      } catch {
        console.error("the implementation '\(implementation.name)' did not start: \(error.description)")
        return ExitCode.invalidInput
      }
      for scenario in scenarios { results.append(await record(scenario, info: info)) }
      await implementation.shutdown()
    }
    return status(results)
  }

  /// Prints the closing line, `record from swift: 3 files: 1 written, 2 unchanged`, and returns the exit status.
  private func status(_ results: [Result]) -> Int32 {
    let count = { (wanted: Result) in results.filter { $0 == wanted }.count }
    let labels: [(Result, String)] = [
      (.written, "written"), (.pending, "to change (pass --write)"), (.refused, "refused (pass --update)"),
      (.unchanged, "unchanged"), (.failed, "without a trace"), (.invalid, "invalid"),
    ]
    let parts = labels.compactMap { result, label in count(result) > 0 ? "\(count(result)) \(label)" : nil }
    console.out(
      "record from \(implementation.name): \(ReportText.plural(results.count, "file", "files")): \(parts.joined(separator: ", "))"
    )
    if count(.invalid) > 0 { return ExitCode.invalidInput }
    if count(.pending) + count(.refused) + count(.failed) > 0 { return ExitCode.gateFailure }
    return ExitCode.success
  }

  /// Records one scenario: checks that it can be recorded, reads it again, runs it, and writes what changed.
  private func record(_ scenario: Scenario, info: ImplementationInfo) async -> Result {
    let file = scenario.file
    do throws(Result) {
      try checkRecordable(scenario, info: info)
      let current = try reread(file)
      let trace = try await self.trace(of: current.scenario)
      let recording = ScenarioRecording(
        document: current.document, scenario: current.scenario, trace: trace, update: update)
      try review(recording, file: file)
      return try save(render(recording, file: file), over: current, summary: summary(recording))
    } catch {
      return error
    }
  }

  /// Refuses a scenario that record cannot complete: a non-exhaustive one, or one of a level or feature the
  /// implementation does not run.
  private func checkRecordable(_ scenario: Scenario, info: ImplementationInfo) throws(Result) {
    let file = scenario.file
    guard scenario.exhaustive else {
      console.error(
        "\(file): the scenario is not exhaustive (\"exhaustive\": false); record writes complete expectations, so it records exhaustive scenarios only (remove \"exhaustive\": false to record every step)"
      )
      throw .invalid
    }
    guard info.supports(scenario.level, of: scenario.feature, intendedLevels: implementation.intendedLevels) else {
      console.error(
        "\(file): '\(implementation.name)' does not run \(scenario.level.rawValue)-level scenarios of '\(scenario.feature)'"
      )
      throw .invalid
    }
  }

  /// A scenario file as read again just before it is run: the bytes that a write must still find, and what they say.
  private struct Reread {
    var file: String
    var url: URL
    var data: Data
    var text: String
    var document: JSONValue
    var scenario: Scenario
  }

  /// Reads `file` once more, now that the implementation has started (a JVM takes seconds, a first build minutes):
  /// what runs is what these bytes say, the recording is applied to the text it came from, and the file is replaced
  /// only while it still holds exactly these bytes.
  private func reread(_ file: String) throws(Result) -> Reread {
    let url = workspace.url(for: file)
    guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8),
      let document = try? JSONParser().parse(data)
    else {
      console.error("\(file): cannot read the file again")
      throw .invalid
    }
    var reading = loader
    reading.acceptsUndeclaredResponses = true
    switch reading.load(document, file: file) {
    case .success(let scenario):
      return Reread(file: file, url: url, data: data, text: text, document: document, scenario: scenario)
    case .failure(let errors):
      console.error("\(file): changed since it was read, and is now invalid:")
      for error in errors.errors { console.err("  \(error.description)") }
      throw .invalid
    }
  }

  /// Refuses expectations that differ from the trace without `--update`, notes the calls left pending, and ends a
  /// file the recording leaves unchanged.
  private func review(_ recording: ScenarioRecording, file: String) throws(Result) {
    if !update, !recording.differences.isEmpty {
      for difference in recording.differences {
        console.error(
          "\(file): steps[\(difference.stepIndex)]: the expectation differs from \(implementation.name)'s trace at \(difference.paths.joined(separator: ", ")); pass --update to replace it"
        )
      }
      throw .refused
    }
    for call in recording.pendingCalls {
      console.err(
        "note: \(file): call \(call) is still pending at the end; add a 'respond' step for it, or 'run' fails the scenario (scenario format §13.4)"
      )
    }
    guard recording.changed else {
      console.out("\(file): unchanged (the expectations match \(implementation.name)'s trace)")
      throw .unchanged
    }
  }

  /// The recorded file's text, refused when it is over the size `run` and `validate` read or would be invalid.
  private func render(_ recording: ScenarioRecording, file: String) throws(Result) -> String {
    let new = ScenarioFileLayout.render(recording.document)
    if new.utf8.count > JSONFile.maximumSize {
      console.error(
        "\(file): the recorded file would be \(new.utf8.count) bytes, over the limit of \(JSONFile.maximumSize) bytes "
          + "that run and validate read, so it is not written; split the scenario into smaller ones")
      throw .invalid
    }
    if case .failure(let errors) = loader.load(recorded: new, file: file) {
      console.error("\(file): the recorded file would be invalid, so it is not written:")
      for error in errors.errors { console.err("  \(error.description)") }
      throw .invalid
    }
    return new
  }

  /// Prints the diff from the file to `new`, and with `--write` writes `new` in place of the file as long as it still
  /// holds the bytes read.
  private func save(_ new: String, over current: Reread, summary: String) throws(Result) -> Result {
    let file = current.file
    for line in UnifiedDiff.lines(
      old: current.text, new: new, oldName: file, newName: "\(file) (recorded from \(implementation.name))")
    { console.out(line) }
    guard write else {
      console.out("\(file): \(summary) (not written: pass --write)")
      return .pending
    }
    do {
      try FileWriter.write(Data(new.utf8), to: current.url, display: file, expect: .contents(current.data))
    } catch {
      if FileManager.default.contents(atPath: current.url.path) != current.data {
        console.error("\(file): changed while recording; run record again (the file was not written)")
      } else {
        console.error(error.message)
      }
      throw .failed
    }
    console.out("\(file): \(summary), written")
    return .written
  }

  /// The implementation's trace of `scenario`, after resolving each `respond` to a call no earlier step declares
  /// (``ResponseResolution``: one more run per such `respond`); throws what the file came to after reporting why
  /// there is no trace.
  private func trace(of scenario: Scenario) async throws(Result) -> [TraceEntry] {
    let observation: Observation
    switch await ResponseResolution.resolve(scenario, on: implementation) {
    case .success(let resolved):
      observation = await implementation.run(ScenarioRecording.request(for: scenario, resolving: resolved))
    case .failure(.unresolved(let error)):
      console.error(error.description)
      throw .invalid
    case .failure(.noTrace(let failed)): observation = failed
    }
    guard case .trace(let trace, _) = observation else {
      console.error(
        "\(scenario.file): nothing recorded: '\(implementation.name)' \(FuzzFinding.headline(observation))")
      throw .failed
    }
    return trace
  }

  /// `2 steps filled in, 1 replaced`.
  private func summary(_ recording: ScenarioRecording) -> String {
    var parts: [String] = []
    if recording.filled > 0 { parts.append("\(ReportText.plural(recording.filled, "step", "steps")) filled in") }
    if !recording.differences.isEmpty { parts.append("\(recording.differences.count) replaced") }
    return parts.joined(separator: ", ")
  }
}

// MARK: - Validating recorded text

extension ScenarioLoader {
  /// A recorded scenario's text, parsed and validated as `conformance validate` would, before it is written (by
  /// ``FileRecorder`` and ``ActionLogRecording``).
  func load(recorded text: String, file: String) -> Result<Scenario, InputErrors> {
    do {
      return load(try JSONParser().parse(text), file: file)
    } catch {
      return .failure(InputErrors([InputError(file: file, syntax: error)]))
    }
  }
}
