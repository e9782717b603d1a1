import Foundation
import TestScratch
import Testing

@testable import Conformance

/// An implementation with a fixed `hello` info that records what it is sent: reducer requests run on the bundled
/// Swift login feature, runtime requests get `runtime(request)`.
final class RecordingImplementation: Implementation, @unchecked Sendable {
  let name: String
  let info: ImplementationInfo
  let intendedLevels: Set<ScenarioLevel>?
  let runtime: @Sendable (RunRequest) -> Observation
  private let lock = NSLock()
  private var sent: [RunRequest] = []

  init(
    name: String, levels: [String: Set<ScenarioLevel>]?, intendedLevels: Set<ScenarioLevel>? = nil,
    runtime: @escaping @Sendable (RunRequest) -> Observation
  ) {
    self.name = name
    self.intendedLevels = intendedLevels
    var info = TestFeatures.swift.info
    info.name = name
    info.levels = levels ?? [:]
    self.info = info
    self.runtime = runtime
  }

  /// The requests sent so far, in order.
  var requests: [RunRequest] { lock.withLock { sent } }

  func start() async throws(ImplementationStartError) -> ImplementationInfo { info }

  func run(_ request: RunRequest) async -> Observation {
    lock.withLock { sent.append(request) }
    return request.level == .runtime ? runtime(request) : await TestFeatures.swift.run(request)
  }

  func shutdown() async {}
}

@Suite("Runtime scenarios through the runner: not applicable, runtime verdicts and reports")
struct RuntimeRunnerTests {
  typealias F = RuntimeFixtures

  static let runtimeSteps = [F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ",")

  /// The trace a correct runtime gives for ``runtimeSteps``.
  static let correctTrace: [TraceEntry] = [
    TraceEntry(
      state: ["email": "a@b.c", "password": "", "isLoading": false, "error": .null], calls: [], cancelled: []),
    TraceEntry(state: F.typed, calls: [], cancelled: []),
    TraceEntry(state: F.loading, calls: [F.call], cancelled: []),
    TraceEntry(state: F.typed, calls: [], cancelled: []),
  ]

  /// A folder with one reducer-level and one runtime-level login scenario.
  static func corpus() throws -> [ScenarioFile] {
    let folder = ScratchFolder.path("runtime-runner")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let reducer = #"{"id": "login-reducer", "feature": "login", "description": "d", "steps": [\#(F.typeEmail)]}"#
    let runtime =
      #"{"id": "login-runtime", "feature": "login", "level": "runtime", "description": "d", "steps": [\#(runtimeSteps)]}"#
    var files: [ScenarioFile] = []
    for (name, text) in [("login-reducer", reducer), ("login-runtime", runtime)] {
      let url = folder.appendingPathComponent("\(name).json")
      try Data(text.utf8).write(to: url)
      files.append(ScenarioFile(url: url, displayName: "\(name).json"))
    }
    return files
  }

  func run(_ implementations: [any Implementation], baseline: [Baseline.Entry]? = nil) async throws -> (
    lines: [String], summary: RunSummary, json: JSONReporter, junit: JUnitReporter
  ) {
    var lines: [String] = []
    let text = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { lines.append($0) })
    let json = JSONReporter()
    let junit = JUnitReporter()
    let runner = ConformanceRunner(
      implementations: implementations, loader: F.loader,
      options: .init(
        baseline: baseline.map { Baseline(file: "kd.json", entries: $0) }, today: "2026-06-01",
        filesAreWholeCorpus: false))
    let summary = await runner.run(files: try Self.corpus()) { event in
      text.handle(event)
      json.handle(event)
      junit.handle(event)
    }
    return (lines, summary, json, junit)
  }

  @Test func aV1HarnessIsSkippedOnRuntimeScenariosUnlessItsLevelsAreDeclared() async throws {
    let v1 = RecordingImplementation(name: "v1", levels: nil) { _ in .errored(step: 0, message: "must not be sent") }
    let (skippedLines, skipped, _, _) = try await run([v1])
    #expect(v1.requests.map(\.id) == ["login-reducer"])
    #expect(skipped.skipped == 1)
    #expect(skipped.notApplicable == 0)
    #expect(skipped.exitCode == 1)
    #expect(
      skippedLines.suffix(5) == [
        "",
        "v1: 1 skipped: 'v1' does not declare level 'runtime' for feature 'login' (it declares: reducer)",
        "1 skip fails the run; pass --allow-skipped to accept scenarios an implementation does not support",
        skippedLines[skippedLines.count - 2],
        "1 passed, 0 failed, 1 skipped",
      ])

    let declared = RecordingImplementation(name: "v1", levels: nil, intendedLevels: [.reducer]) { _ in
      .errored(step: 0, message: "must not be sent")
    }
    let (lines, summary, json, junit) = try await run([declared])
    #expect(declared.requests.map(\.id) == ["login-reducer"])
    #expect(summary.passed == 1)
    #expect(summary.notApplicable == 1)
    #expect(summary.skipped == 0)
    #expect(summary.failed == 0)
    #expect(summary.exitCode == 0)
    #expect(lines.contains("✓ login-reducer"))
    let reason = "'v1' runs only reducer-level scenarios, as its declared levels say"
    #expect(lines.contains("· login-runtime (not applicable: \(reason))"))
    #expect(lines.contains("v1: 1 passed, 1 not applicable"))
    #expect(lines.contains("v1: 1 not applicable: \(reason)"))
    #expect(lines.last == "1 passed, 0 failed, 1 not applicable")
    let document = try JSONParser().parse(json.document)
    #expect(document["summary"]?["notApplicable"] == 1)
    #expect(document["summary"]?["skipped"] == 0)
    #expect(document["summary"]?["byImplementation"]?["v1"] == ["passed": 1, "not_applicable": 1])
    #expect(document["results"]?.arrayValue?.compactMap { $0["outcome"]?.stringValue } == ["passed", "not_applicable"])
    #expect(junit.document.contains(#"<skipped message="not applicable: \#(reason)"/>"#))
  }

  @Test func aRuntimeOnlyImplementationMakesReducerScenariosNotApplicableAndPassesItsRuntimeScenario() async throws {
    let viewModel = RecordingImplementation(name: "vm", levels: ["login": [.runtime]], intendedLevels: [.runtime]) {
      _ in .trace(Self.correctTrace)
    }
    let (lines, summary, _, _) = try await run([viewModel])
    #expect(viewModel.requests.map(\.id) == ["login-runtime"])
    let request = try #require(viewModel.requests.first)
    #expect(request.level == .runtime)
    #expect(request.actions == [])
    #expect(request.steps.count == 4)
    #expect(
      request.steps[3] == .respond(CallReference(step: 3, index: 1), .result(["type": "success", "userId": "u1"])))
    #expect(summary.passed == 1)
    #expect(summary.notApplicable == 1)
    #expect(lines.last == "1 passed, 0 failed, 1 not applicable")
  }

  @Test func aRuntimeFailureAndADivergenceReadAsSentences() async throws {
    let good = RecordingImplementation(name: "good", levels: ["login": [.reducer, .runtime]]) { _ in
      .trace(Self.correctTrace)
    }
    let late = RecordingImplementation(name: "late", levels: ["login": [.reducer, .runtime]]) { _ in
      var trace = Self.correctTrace
      trace[2].calls.append(F.call)
      return .trace(trace)
    }
    let (lines, summary, json, _) = try await run([good, late])
    #expect(summary.failed == 1)
    #expect(summary.divergences == 1)
    #expect(summary.exitCode == 1)
    let expectedCall = #"authenticate({"email":"a@b.c","password":"pw"})"#
    #expect(lines.contains("    late: step 3 of 4: send submit"))
    #expect(lines.contains("      expected 1 call (a1: \(expectedCall)), got 2: \(expectedCall), \(expectedCall)"))
    #expect(lines.contains("      call 3.2 (authenticate) is still pending") == false)
    #expect(lines.contains("    divergence at step 3 of 4: send submit"))
    #expect(lines.contains("      calls"))
    let document = try JSONParser().parse(json.document)
    let failure = document["results"]?.arrayValue?.last?["failure"]
    #expect(failure?["mismatches"]?.arrayValue?.first?["path"] == "calls")
    #expect(document["divergences"]?.arrayValue?.first?["rows"]?.arrayValue?.first?["path"] == "calls")
  }

  @Test func aLongImplementationNameKeepsItsMatrixColumnAligned() async throws {
    let v1 = RecordingImplementation(name: "v1", levels: nil, intendedLevels: [.reducer]) { _ in
      .errored(step: 0, message: "not sent")
    }
    let viewModel = RecordingImplementation(
      name: "kotlin-viewmodel", levels: ["login": [.runtime]], intendedLevels: [.runtime]
    ) { _ in
      .trace(Self.correctTrace)
    }
    let (lines, _, _, _) = try await run([viewModel, v1])
    #expect(
      lines.prefix(3) == [
        "kotlin-viewmodel  v1              scenario",
        "not applicable    passed          login-reducer",
        "passed            not applicable  login-runtime",
      ])
  }

  @Test func aKnownRuntimeFailureIsKeyedByStepAndCallPaths() async throws {
    let late = RecordingImplementation(name: "late", levels: ["login": [.reducer, .runtime]]) { _ in
      var trace = Self.correctTrace
      trace[2].calls.append(F.call)
      return .trace(trace)
    }
    func entry(_ paths: [String]) -> Baseline.Entry {
      Baseline.Entry(
        scenario: "login-runtime", implementations: ["late"], expect: .fails, step: 3, paths: paths,
        reason: "Starts the call twice.", spec: "login.md LR1", expires: nil)
    }
    // The extra call is also left pending at the end (a later step), under its step-and-position name.
    let known = try await run([late], baseline: [entry(["calls", #"pending["3.2"]"#])])
    #expect(known.summary.known == 1)
    #expect(known.summary.exitCode == 0)
    #expect(known.lines.contains("~ login-runtime (known: Starts the call twice.)"))
    let different = try await run([late], baseline: [entry(["cancelled.a1"])])
    #expect(different.summary.known == 0)
    #expect(different.summary.baselineProblems.map(\.kind) == [.different])
  }
}
