import Foundation
import TestScratch
import Testing

@testable import Conformance

/// `--update-baseline` and the check share one definition of the recorded failure (``RecordedFailure``) and of the
/// recorded divergence: for every failing run below, the entries written from a run hold on a re-run of it, with no
/// baseline problem, and a second update changes nothing (Conformance/README.md §12).
@Suite("Known-divergence baselines: what --update-baseline records, the check accepts")
struct BaselineRoundTripTests {
  typealias F = RuntimeFixtures

  /// A failing run: scenario files (id and steps) and the implementations that run them.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var level: String = "reducer"
    var exhaustive: Bool? = nil
    var steps: String
    var implementations: @Sendable () -> [any Implementation]
    var testDescription: String { name }
  }

  /// Runtime steps: type, type, submit (starts a1), type again expecting a1 cancelled, advance.
  static let cancelOnRetype = [
    F.typeEmail, F.typePassword, F.submit,
    #"{"send": {"type": "emailChanged", "value": "x@y.z"}, "expect": {"changes": {"email": "x@y.z"}, "cancelled": ["a1"]}}"#,
    #"{"advance": 1}"#,
  ].joined(separator: ",")

  static let retyped: JSONValue = ["email": "x@y.z", "password": "pw", "isLoading": true, "error": .null]

  /// A runtime that starts the call at submit and, unless `cancels`, never cancels it.
  static func retypeRuntime(_ name: String, cancels: Bool) -> RecordingImplementation {
    RecordingImplementation(name: name, levels: ["login": [.reducer, .runtime]]) { _ in
      .trace([
        TraceEntry(
          state: ["email": "a@b.c", "password": "", "isLoading": false, "error": .null], calls: [], cancelled: []),
        TraceEntry(state: F.typed, calls: [], cancelled: []),
        TraceEntry(state: F.loading, calls: [F.call], cancelled: []),
        TraceEntry(
          state: retyped, calls: [], cancelled: cancels ? [CallReference(step: 3, index: 1)] : []),
        TraceEntry(state: retyped, calls: [], cancelled: []),
      ])
    }
  }

  /// A runtime that runs type, type, submit correctly (and leaves the call pending, which the scenario may expect or
  /// not), and, when `extraCall`, starts the call twice.
  static func submitRuntime(_ name: String, extraCall: Bool = false) -> RecordingImplementation {
    RecordingImplementation(name: name, levels: ["login": [.reducer, .runtime]]) { _ in
      .trace([
        TraceEntry(
          state: ["email": "a@b.c", "password": "", "isLoading": false, "error": .null], calls: [], cancelled: []),
        TraceEntry(state: F.typed, calls: [], cancelled: []),
        TraceEntry(state: F.loading, calls: extraCall ? [F.call, F.call] : [F.call], cancelled: []),
      ])
    }
  }

  /// Runs the typed email and password correctly at runtime level.
  static func typingRuntime(_ name: String) -> RecordingImplementation {
    RecordingImplementation(name: name, levels: ["login": [.reducer, .runtime]]) { _ in
      .trace([
        TraceEntry(
          state: ["email": "a@b.c", "password": "", "isLoading": false, "error": .null], calls: [], cancelled: []),
        TraceEntry(state: F.typed, calls: [], cancelled: []),
      ])
    }
  }

  static let twoWrongSteps = """
    {"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "b"}}},
    {"send": {"type": "passwordChanged", "value": "p"}, "expect": {"changes": {"password": "q"}}}
    """
  static let twoWrongRuntimeSteps = """
    {"send": {"type": "emailChanged", "value": "a@b.c"}, "expect": {"changes": {"email": "WRONG"}}},
    {"send": {"type": "passwordChanged", "value": "pw"}, "expect": {"changes": {"password": "WRONG"}}}
    """

  /// Stores another password: fails the two-wrong-steps scenario differently than swift from step 2 on.
  static let otherPassword = AlteredImplementation(name: "other") { entry in
    guard case .object(var state) = entry.state, state["password"] == .string("p") else { return nil }
    state["password"] = .string("changed")
    return TraceEntry(state: .object(state), effects: entry.effects)
  }

  static let cases: [Case] = [
    Case(name: "reducer: two wrong steps", steps: twoWrongSteps, implementations: { [TestFeatures.swift] }),
    Case(
      name: "reducer: two wrong steps on two implementations that fail differently", steps: twoWrongSteps,
      implementations: { [TestFeatures.swift, otherPassword] }),
    Case(
      name: "reducer: a divergence in a non-exhaustive scenario", exhaustive: false,
      steps: """
        {"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "a"}}},
        {"send": {"type": "passwordChanged", "value": "p"}}
        """,
      implementations: { [TestFeatures.swift, otherPassword] }),
    Case(
      name: "runtime: two wrong steps", level: "runtime", steps: twoWrongRuntimeSteps,
      implementations: { [typingRuntime("swift")] }),
    Case(
      name: "runtime: a missed cancellation, then the call still pending at the end", level: "runtime",
      steps: cancelOnRetype, implementations: { [retypeRuntime("swift", cancels: false)] }),
    Case(
      name: "runtime: a missed cancellation on one of two implementations", level: "runtime", steps: cancelOnRetype,
      implementations: { [retypeRuntime("swift", cancels: true), retypeRuntime("kotlin", cancels: false)] }),
    Case(
      name: "runtime: only a call pending at the end", level: "runtime",
      steps: [F.typeEmail, F.typePassword, F.submit].joined(separator: ","),
      implementations: { [submitRuntime("swift")] }),
    Case(
      name: "runtime: a call started twice on one of two implementations", level: "runtime",
      steps: [F.typeEmail, F.typePassword, F.submit].joined(separator: ","),
      implementations: { [submitRuntime("swift"), submitRuntime("kotlin", extraCall: true)] }),
  ]

  /// Writes the case's scenario (id `login-round-trip`) to a fresh folder.
  static func files(_ testCase: Case) throws -> [ScenarioFile] {
    let folder = ScratchFolder.path("kd-round-trip")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let exhaustive = testCase.exhaustive.map { #""exhaustive": \#($0), "# } ?? ""
    let text = """
      {"id": "login-round-trip", "feature": "login", "level": "\(testCase.level)", \(exhaustive)
       "description": "L1: a round trip.", "steps": [\(testCase.steps)]}
      """
    let url = folder.appendingPathComponent("login-round-trip.json")
    try Data(text.utf8).write(to: url)
    return [ScenarioFile(url: url, displayName: "login-round-trip.json")]
  }

  /// One run with `baseline`, every event also fed to an update of it.
  static func run(_ files: [ScenarioFile], _ implementations: [any Implementation], baseline: Baseline)
    async -> (summary: RunSummary, update: BaselineUpdate, lines: [String])
  {
    var lines: [String] = []
    let text = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { lines.append($0) })
    let update = BaselineUpdate(baseline, today: "2026-06-01")
    let runner = ConformanceRunner(
      implementations: implementations, loader: F.loader,
      options: .init(baseline: baseline, today: "2026-06-01"))
    let summary = await runner.run(files: files) { event in
      text.handle(event)
      update.handle(event)
    }
    return (summary, update, lines)
  }

  @Test(arguments: cases)
  func entriesWrittenFromARunHoldOnTheSameRun(_ testCase: Case) async throws {
    let files = try Self.files(testCase)
    let empty = Baseline(file: "kd.json", entries: [], schema: "schema/known-divergences.schema.json")
    let first = await Self.run(files, testCase.implementations(), baseline: empty)
    #expect(first.summary.exitCode == 1, "the case must fail without a baseline: \(first.lines)")
    #expect(first.update.unrecordable == 0)
    let written = first.update.result().baseline
    #expect(!written.entries.isEmpty)

    // The file as written loads back to the same entries, $schema included.
    let rendered = BaselineUpdate.render(written, schema: nil)
    let reloaded = try Baseline.load(JSONParser().parse(Data(rendered.utf8)), file: "kd.json").get()
    #expect(reloaded == written)
    #expect(rendered.hasPrefix("{\n  \"$schema\": \"schema/known-divergences.schema.json\",\n"))

    let second = await Self.run(files, testCase.implementations(), baseline: reloaded)
    #expect(second.summary.baselineProblems.isEmpty, "\(second.lines)")
    #expect(second.summary.exitCode == 0, "\(second.lines)")
    #expect(second.summary.failed == 0)
    #expect(second.summary.divergences == 0)
    #expect(second.summary.known + second.summary.knownDivergences > 0)
    // Updating again from the passing run changes nothing.
    let again = second.update.result()
    #expect(again.added.isEmpty)
    #expect(again.removed.isEmpty)
    #expect(again.baseline == reloaded)
  }

  // MARK: - What is recorded

  @Test func aMultiStepFailureRecordsItsLaterPaths() async throws {
    let files = try Self.files(Self.cases[0])
    let run = await Self.run(files, [TestFeatures.swift], baseline: Baseline(file: "kd.json", entries: []))
    let entries = run.update.result().baseline.entries
    #expect(entries.map(\.step) == [1])
    #expect(entries.map(\.paths) == [["state.email"]])
    #expect(entries.map(\.laterPaths) == [["state.password"]])
    #expect(
      BaselineUpdate.summary(of: entries[0])
        == "'login-round-trip' fails on swift at step 1 (state.email; later at state.password)")
  }

  @Test func aCallStillPendingAtTheEndIsRecordedWithTheFirstFailingStep() async throws {
    let files = try Self.files(Self.cases[4])
    let run = await Self.run(
      files, [Self.retypeRuntime("swift", cancels: false)], baseline: Baseline(file: "kd.json", entries: []))
    let entries = run.update.result().baseline.entries
    #expect(entries.map(\.step) == [4])
    #expect(entries.map(\.paths) == [["cancelled.a1", "pending.a1"]])
    #expect(entries.map(\.laterPaths) == [[]])
  }

  /// Report F2's self-contradicting message: an entry recorded without the pending call now names the path that
  /// differs and the step it was reported at.
  @Test func aFailsDifferentlyMessageNamesThePathThatDiffers() async throws {
    let files = try Self.files(Self.cases[4])
    let entry = Baseline.Entry(
      scenario: "login-round-trip", implementations: ["swift"], expect: .fails, step: 4, paths: ["cancelled.a1"],
      reason: "r", spec: "s")
    let run = await Self.run(
      files, [Self.retypeRuntime("swift", cancels: false)],
      baseline: Baseline(file: "kd.json", entries: [entry]))
    #expect(
      run.summary.baselineProblems.map(\.message) == [
        "'login-round-trip' fails differently on 'swift': step 4 at cancelled.a1, pending.a1 (at the end, step 5); recorded: step 4 at cancelled.a1"
      ])
  }

  @Test func aRecordedLaterPathThatNoLongerFailsIsDifferent() async throws {
    let files = try Self.files(Self.cases[0])
    let entry = Baseline.Entry(
      scenario: "login-round-trip", implementations: ["swift"], expect: .fails, step: 1, paths: ["state.email"],
      laterPaths: ["state.password", "state.error"], reason: "r", spec: "s")
    let run = await Self.run(files, [TestFeatures.swift], baseline: Baseline(file: "kd.json", entries: [entry]))
    #expect(
      run.summary.baselineProblems.map(\.message) == [
        "'login-round-trip' fails differently on 'swift': later steps no longer fail at state.error; recorded: step 1 at state.email; later at state.error, state.password"
      ])
  }

  @Test func anErroredPairIsNotRecordedAndLeavesTheOtherPairsEntryHolding() async throws {
    let files = try Self.files(Self.cases[0])
    let errored = RecordingImplementation(name: "broken", levels: ["login": [.reducer]]) { _ in
      .errored(step: 1, message: "unused")
    }
    struct Erroring: Implementation {
      let base: RecordingImplementation
      var name: String { base.name }
      func start() async throws(ImplementationStartError) -> ImplementationInfo { try await base.start() }
      func run(_ request: RunRequest) async -> Observation { .errored(step: 2, message: "cannot") }
      func shutdown() async {}
    }
    let implementations: [any Implementation] = [TestFeatures.swift, Erroring(base: errored)]
    let first = await Self.run(files, implementations, baseline: Baseline(file: "kd.json", entries: []))
    #expect(first.update.unrecordable == 1)
    let written = first.update.result().baseline
    #expect(written.entries.map(\.implementations) == [["swift"]])
    let second = await Self.run(files, implementations, baseline: written)
    #expect(second.summary.baselineProblems.isEmpty)
    #expect(second.summary.known == 1)
    #expect(second.summary.exitCode == 1)  // the errored pair still fails the gate on its own
  }

  // MARK: - The file

  @Test func aRewriteKeepsTheFilesOwnSchemaReference() throws {
    let text = """
      {"$schema": "../../Conformance/schema/known-divergences.schema.json", "entries": []}
      """
    let baseline = try Baseline.load(JSONParser().parse(Data(text.utf8)), file: "kd.json").get()
    let update = BaselineUpdate(baseline, today: "2026-06-01")
    #expect(
      BaselineUpdate.render(update.result().baseline, schema: nil)
        == "{\n  \"$schema\": \"../../Conformance/schema/known-divergences.schema.json\",\n  \"entries\": []\n}\n")
    // A file without one gets the reference the caller computes (inside the Conformance folder), or none.
    let bare = Baseline(file: "kd.json", entries: [])
    #expect(BaselineUpdate.render(bare, schema: "schema/x.json").hasPrefix("{\n  \"$schema\": \"schema/x.json\","))
  }

  @Test func aRewriteKeepsTheTextOfTheEntriesItKeeps() async throws {
    // A hand-written file: compact entries, paths unsorted, a $schema outside the Conformance folder. The kept entry
    // and everything around it stay as written; the fixed one is cut; the new failure is appended.
    let kept = #"""
      {"scenario": "login-wrong-loading-flag", "implementations": ["swift"], "expect": "fails", "step": 3, "paths": ["state.isLoading", "effects[0]"], "reason": "Kept as written.", "spec": "login.md L3.f"}
      """#
    let fixed = #"""
      {"scenario": "login-submit-valid-credentials", "implementations": ["swift"], "expect": "fails", "step": 1, "paths": ["state"], "reason": "Fixed.", "spec": "s"}
      """#
    let text =
      "{\"$schema\": \"../x/known-divergences.schema.json\",\n  \"entries\": [\n    \(kept),\n    \(fixed)\n  ]\n}\n"
    let folder = try Self.files(Self.cases[0])[0].url.deletingLastPathComponent()
    let url = folder.appendingPathComponent("kd.json")
    try Data(text.utf8).write(to: url)
    let baseline = try Baseline.load(url, displayName: "kd.json").get()
    var files = try Self.files(Self.cases[0])
    for other in [BaselineCheckTests.wrongLoadingFlag, BaselineCheckTests.valid] {
      files.append(ScenarioFile(url: other, displayName: other.lastPathComponent))
    }
    let first = await Self.run(files, [TestFeatures.swift], baseline: baseline)
    let (written, added, removed) = first.update.result()
    #expect(removed.map(\.index) == [1])
    #expect(added.map(\.scenario) == ["login-round-trip"])
    let rendered = BaselineUpdate.render(written, schema: "schema/known-divergences.schema.json")
    #expect(
      rendered == "{\"$schema\": \"../x/known-divergences.schema.json\",\n  \"entries\": [\n    \(kept),\n"
        + BaselineUpdate.render(added[0]) + "\n  ]\n}\n")
    try Data(rendered.utf8).write(to: url)
    let second = await Self.run(
      files, [TestFeatures.swift], baseline: try Baseline.load(url, displayName: "kd.json").get())
    #expect(second.summary.baselineProblems.isEmpty)
    #expect(second.summary.exitCode == 0)
    #expect(second.summary.known == 2)
    // Nothing to change: the file is written back byte for byte.
    #expect(BaselineUpdate.render(second.update.result().baseline, schema: nil) == rendered)
  }

  @Test func laterPathsAreReadValidatedAndWrittenOnlyWhenPresent() throws {
    let text = """
      {"entries": [
        {"scenario": "login-a", "implementations": ["swift"], "expect": "fails", "step": 1, "paths": ["state.email"],
         "laterPaths": ["state.password"], "reason": "r", "spec": "s"},
        {"scenario": "login-b", "implementations": ["swift", "kotlin"], "expect": "diverges", "step": 1,
         "paths": ["state"], "laterPaths": ["state.password"], "reason": "r", "spec": "s"},
        {"scenario": "login-c", "implementations": ["swift"], "expect": "fails", "step": 1, "paths": ["state"],
         "laterPaths": [], "reason": "r", "spec": "s"}
      ]}
      """
    guard case .failure(let failure) = Baseline.load(try JSONParser().parse(Data(text.utf8)), file: "kd.json")
    else {
      Issue.record("expected errors")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        // A 'diverges' entry takes laterPaths too (entries[1]): a divergence that spreads later is not the one recorded.
        "kd.json: entries[2].laterPaths: expected a non-empty array of strings, got []"
      ])
    let entry = Baseline.Entry(
      scenario: "login-a", implementations: ["swift"], expect: .fails, step: 1, paths: ["state.email"],
      laterPaths: ["state.password"], reason: "r", spec: "s")
    let rendered = BaselineUpdate.render(Baseline(file: "kd.json", entries: [entry]), schema: nil)
    #expect(rendered.contains("      \"paths\": [\"state.email\"],\n      \"laterPaths\": [\"state.password\"],\n"))
  }

  /// A new entry's `spec` takes the rule ids that open the description, and nothing from prose that merely holds a
  /// number (tryout 2: a fuzz finding's "Found by conformance fuzz --seed 7: …" became the spec).
  @Test func theSpecOfANewEntryIsTheDescriptionsRuleIdsOnly() {
    func spec(_ description: String) -> String {
      BaselineUpdate.spec(
        of: ScenarioVerdict(
          id: "x", file: "x.json", feature: "login", description: description, stepCount: 1, verdicts: [],
          divergence: nil))
    }
    #expect(spec("L3.e, §3.3: a password of seven clusters") == "login.md L3.e, §3.3")
    #expect(spec("LR4, L5: dismiss cancels") == "login.md LR4, L5")
    #expect(spec("Found by conformance fuzz --seed 7: swift and kotlin diverge") == "login.md")
    #expect(spec("Deliberately wrong: 2 steps") == "login.md")
    #expect(spec("No colon here L3") == "login.md")
  }
}
