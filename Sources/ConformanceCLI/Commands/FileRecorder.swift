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

  /// What one file came to, for the exit status and the closing line.
  enum Result { case unchanged, pending, written, refused, failed, invalid }

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

  private func status(_ results: [Result]) -> Int32 {
    let count = { (wanted: Result) in results.filter { $0 == wanted }.count }
    var parts: [String] = []
    if count(.written) > 0 { parts.append("\(count(.written)) written") }
    if count(.pending) > 0 { parts.append("\(count(.pending)) to change (pass --write)") }
    if count(.refused) > 0 { parts.append("\(count(.refused)) refused (pass --update)") }
    if count(.unchanged) > 0 { parts.append("\(count(.unchanged)) unchanged") }
    if count(.failed) > 0 { parts.append("\(count(.failed)) without a trace") }
    if count(.invalid) > 0 { parts.append("\(count(.invalid)) invalid") }
    console.out(
      "record from \(implementation.name): \(ReportText.plural(results.count, "file", "files")): \(parts.joined(separator: ", "))"
    )
    if count(.invalid) > 0 { return ExitCode.invalidInput }
    if count(.pending) + count(.refused) + count(.failed) > 0 { return ExitCode.gateFailure }
    return ExitCode.success
  }

  /// Records one scenario.
  private func record(_ scenario: Scenario, info: ImplementationInfo) async -> Result {
    let file = scenario.file
    guard scenario.exhaustive else {
      console.error(
        "\(file): the scenario is not exhaustive (\"exhaustive\": false); record writes complete expectations, so it records exhaustive scenarios only (remove \"exhaustive\": false to record every step)"
      )
      return .invalid
    }
    guard info.supports(scenario.level, of: scenario.feature, intendedLevels: implementation.intendedLevels) else {
      console.error(
        "\(file): '\(implementation.name)' does not run \(scenario.level.rawValue)-level scenarios of '\(scenario.feature)'"
      )
      return .invalid
    }
    let url = workspace.url(for: file)
    // The file is read once more, now that the implementation has started (a JVM takes seconds, a first build
    // minutes), and what runs is what these bytes say: the recording is applied to the text it came from, and the
    // file is replaced only while it still holds exactly these bytes.
    guard let data = FileManager.default.contents(atPath: url.path), let old = String(data: data, encoding: .utf8),
      let document = try? JSONParser().parse(data)
    else {
      console.error("\(file): cannot read the file again")
      return .invalid
    }
    var reading = loader
    reading.acceptsUndeclaredResponses = true
    let scenario: Scenario
    switch reading.load(document, file: file) {
    case .success(let current): scenario = current
    case .failure(let errors):
      console.error("\(file): changed since it was read, and is now invalid:")
      for error in errors.errors { console.err("  \(error.description)") }
      return .invalid
    }
    let trace: [TraceEntry]
    switch await self.trace(of: scenario) {
    case .trace(let entries): trace = entries
    case .none(let result): return result
    }
    let recording = ScenarioRecording(document: document, scenario: scenario, trace: trace, update: update)
    if !update, !recording.differences.isEmpty {
      for difference in recording.differences {
        console.error(
          "\(file): steps[\(difference.stepIndex)]: the expectation differs from \(implementation.name)'s trace at \(difference.paths.joined(separator: ", ")); pass --update to replace it"
        )
      }
      return .refused
    }
    for call in recording.pendingCalls {
      console.err(
        "note: \(file): call \(call) is still pending at the end; add a 'respond' step for it, or 'run' fails the scenario (scenario format §13.4)"
      )
    }
    guard recording.changed else {
      console.out("\(file): unchanged (the expectations match \(implementation.name)'s trace)")
      return .unchanged
    }
    let new = ScenarioFileLayout.render(recording.document)
    if new.utf8.count > JSONFile.maximumSize {
      console.error(
        "\(file): the recorded file would be \(new.utf8.count) bytes, over the limit of \(JSONFile.maximumSize) bytes "
          + "that run and validate read, so it is not written; split the scenario into smaller ones")
      return .invalid
    }
    if case .failure(let errors) = check(new, file: file) {
      console.error("\(file): the recorded file would be invalid, so it is not written:")
      for error in errors.errors { console.err("  \(error.description)") }
      return .invalid
    }
    for line in UnifiedDiff.lines(
      old: old, new: new, oldName: file, newName: "\(file) (recorded from \(implementation.name))")
    { console.out(line) }
    let summary = summary(recording)
    guard write else {
      console.out("\(file): \(summary) (not written: pass --write)")
      return .pending
    }
    do {
      try FileWriter.write(Data(new.utf8), to: url, display: file, expect: .contents(data))
    } catch {
      if FileManager.default.contents(atPath: url.path) != data {
        console.error("\(file): changed while recording; run record again (the file was not written)")
      } else {
        console.error(error.message)
      }
      return .failed
    }
    console.out("\(file): \(summary), written")
    return .written
  }

  /// A trace of a scenario, or what the file came to when there is none.
  private enum Traced {
    case trace([TraceEntry])
    case none(Result)
  }

  /// The implementation's trace of `scenario`, after resolving each `respond` to a call no earlier step declares
  /// (``ResponseResolution``: one more run per such `respond`); `.none` after reporting why there is no trace.
  private func trace(of scenario: Scenario) async -> Traced {
    let file = scenario.file
    let resolved: [String: CallReference]
    switch await ResponseResolution.resolve(scenario, on: implementation) {
    case .success(let names): resolved = names
    case .failure(.unresolved(let error)):
      console.error(error.description)
      return .none(.invalid)
    case .failure(.noTrace(let observation)):
      console.error("\(file): nothing recorded: '\(implementation.name)' \(FuzzFinding.headline(observation))")
      return .none(.failed)
    }
    let observation = await implementation.run(ScenarioRecording.request(for: scenario, resolving: resolved))
    guard case .trace(let trace) = observation else {
      console.error("\(file): nothing recorded: '\(implementation.name)' \(FuzzFinding.headline(observation))")
      return .none(.failed)
    }
    return .trace(trace)
  }

  /// `2 steps filled in, 1 replaced`.
  private func summary(_ recording: ScenarioRecording) -> String {
    var parts: [String] = []
    if recording.filled > 0 { parts.append("\(ReportText.plural(recording.filled, "step", "steps")) filled in") }
    if !recording.differences.isEmpty { parts.append("\(recording.differences.count) replaced") }
    return parts.joined(separator: ", ")
  }

  /// The recorded text, parsed and validated as `conformance validate` would.
  private func check(_ text: String, file: String) -> Swift.Result<Scenario, InputErrors> {
    do {
      return loader.load(try JSONParser().parse(text), file: file)
    } catch {
      return .failure(InputErrors([InputError(file: file, syntax: error)]))
    }
  }
}
