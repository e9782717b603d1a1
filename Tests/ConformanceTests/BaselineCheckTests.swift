import Foundation
import TestScratch
import Testing

@testable import Conformance

/// The rules of known-divergence baselines (Conformance/README.md §12), one test each: known, fixed, expired,
/// unmatched, pattern, failing differently, and divergences.
@Suite("Known-divergence baselines")
struct BaselineCheckTests {
  /// Fails at step 3 of 3 with `effects[0]` and `state.isLoading`.
  static let wrongLoadingFlag = TestPaths.fixtures.appendingPathComponent("failing/login-wrong-loading-flag.json")
  static let valid = TestPaths.scenarios.appendingPathComponent("login/login-submit-valid-credentials.json")
  static let nonExhaustive = TestPaths.scenarios.appendingPathComponent(
    "login/login-non-exhaustive-failure-checks-error-only.json")

  static func entry(
    _ scenario: String, _ implementations: [String] = ["swift"], expect: Baseline.Expectation = .fails,
    step: Int = 3, paths: [String] = ["effects[0]", "state.isLoading"], expires: String? = nil
  ) -> Baseline.Entry {
    Baseline.Entry(
      scenario: scenario, implementations: implementations, expect: expect, step: step, paths: paths,
      reason: "Deliberately wrong fixture.", spec: "login.md L3.f", expires: expires)
  }

  /// Runs files with a baseline; returns the text report's lines, error lines and summary.
  static func run(
    _ files: [URL], entries: [Baseline.Entry], today: String = "2026-06-01",
    implementations: [any Implementation] = [TestFeatures.swift]
  ) async -> (lines: [String], errors: [String], summary: RunSummary) {
    var lines: [String] = []
    var errors: [String] = []
    let reporter = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { errors.append($0) })
    let runner = ConformanceRunner(
      implementations: implementations, loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(baseline: Baseline(file: "kd.json", entries: entries), today: today))
    let summary = await runner.run(
      files: files.map { ScenarioFile(url: $0, displayName: $0.lastPathComponent) }
    ) { reporter.handle($0) }
    return (lines, errors, summary.withoutDuration)
  }

  @Test func aPairThatFailsAsRecordedIsKnownAndPasses() async {
    let (lines, errors, summary) = await Self.run(
      [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag")])
    #expect(errors.isEmpty)
    #expect(summary.exitCode == 0)
    #expect(
      lines.filter { !$0.hasPrefix("Ran ") } == [
        "~ login-wrong-loading-flag (known: Deliberately wrong fixture.)",
        "",
        "swift: 1 known",
        "1 known failure, listed in kd.json",
        "0 passed, 0 failed, 1 known",
      ])
  }

  @Test func aListedPairThatPassesIsFixedAndFailsTheGate() async {
    let (lines, _, summary) = await Self.run([Self.valid], entries: [Self.entry("login-submit-valid-credentials")])
    #expect(summary.exitCode == 1)
    #expect(
      lines.filter { !$0.hasPrefix("Ran ") } == [
        "✓ login-submit-valid-credentials",
        "    kd.json: entries[0]: fixed: remove the entry ('login-submit-valid-credentials' now passes on 'swift')",
        "",
        "1 baseline entry fails the run (1 fixed)",
        "1 passed, 0 failed, 1 baseline problem",
      ])
  }

  @Test func aPairThatFailsAtAnotherStepOrPathIsDifferent() async {
    for (step, paths, recorded) in [
      (2, ["effects[0]", "state.isLoading"], "step 2 at effects[0], state.isLoading"),
      (3, ["state.isLoading"], "step 3 at state.isLoading"),
    ] {
      let (lines, _, summary) = await Self.run(
        [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag", step: step, paths: paths)])
      #expect(summary.exitCode == 1)
      #expect(lines.first == "✗ login-wrong-loading-flag (failed)")
      #expect(
        lines.contains(
          "    kd.json: entries[0]: 'login-wrong-loading-flag' fails differently on 'swift': step 3 at effects[0], state.isLoading; recorded: \(recorded)"
        ))
      #expect(lines.contains("1 baseline entry fails the run (1 different)"))
      #expect(lines.last == "0 passed, 1 failed, 1 baseline problem")
    }
  }

  @Test func anEntryPastItsExpiryDateFailsTheGateAndIsNotApplied() async {
    let entry = Self.entry("login-wrong-loading-flag", expires: "2026-05-31")
    let (lines, _, summary) = await Self.run([Self.wrongLoadingFlag], entries: [entry], today: "2026-06-01")
    #expect(summary.exitCode == 1)
    #expect(lines.first == "✗ login-wrong-loading-flag (failed)")
    #expect(
      lines.suffix(4).filter { !$0.hasPrefix("Ran ") } == [
        "kd.json: entries[0]: expired on 2026-05-31: fix the divergence, or renew the entry with a later date (today is 2026-06-01)",
        "1 baseline entry fails the run (1 expired)",
        "0 passed, 1 failed, 1 baseline problem",
      ])
    // On its last day the entry still holds.
    let (_, _, lastDay) = await Self.run([Self.wrongLoadingFlag], entries: [entry], today: "2026-05-31")
    #expect(lastDay.exitCode == 0)
    #expect(lastDay.known == 1)
  }

  @Test func anEntryThatMatchesNoScenarioMakesTheBaselineInvalid() async {
    let (lines, errors, summary) = await Self.run(
      [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag"), Self.entry("login-gone-*")])
    #expect(summary.exitCode == 2)
    #expect(
      errors == [
        "error: kd.json: entries[1]: 'login-gone-*' matches no scenario in this run; remove the entry, or run without it (--no-baseline, or a --baseline file of its own)"
      ])
    #expect(lines.contains("The baseline kd.json is invalid (see the errors above)"))
  }

  @Test(arguments: ["login-wrong-*", "*-loading-flag", "login-*-loading-*", "*"])
  func aPatternCoversEveryScenarioItMatches(pattern: String) async {
    let (_, _, summary) = await Self.run([Self.wrongLoadingFlag], entries: [Self.entry(pattern)])
    #expect(summary.exitCode == 0)
    #expect(summary.known == 1)
  }

  @Test func aPatternThatAlsoMatchesAPassingScenarioReportsItFixed() async {
    let (_, _, summary) = await Self.run([Self.wrongLoadingFlag, Self.valid], entries: [Self.entry("login-*")])
    #expect(summary.exitCode == 1)
    #expect(summary.known == 1)
    #expect(summary.baselineProblems.map(\.kind) == [.fixed])
  }

  @Test func anEntryForAnotherImplementationLeavesThePairFailing() async {
    let (_, _, summary) = await Self.run(
      [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag", ["kotlin"])])
    #expect(summary.exitCode == 1)
    #expect(summary.failed == 1)
    #expect(summary.baselineProblems.isEmpty)
  }

  @Test func aDivergenceIsKnownWhenEveryFailingPairIsKnown() async {
    // Does what the fixture expects (never starts loading), so it passes where swift fails: a divergence.
    let other = AlteredImplementation(name: "other") { entry in
      guard case .object(var state) = entry.state, state["isLoading"] == .bool(true) else { return nil }
      state["isLoading"] = .bool(false)
      return TraceEntry(state: .object(state), effects: [])
    }
    let implementations: [any Implementation] = [TestFeatures.swift, other]
    let (lines, _, summary) = await Self.run(
      [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag")], implementations: implementations)
    #expect(summary.exitCode == 0)
    #expect(summary.knownDivergences == 1)
    #expect(summary.divergences == 0)
    #expect(lines[1] == "known           passed          login-wrong-loading-flag (known divergence)")
    #expect(lines.contains("1 known failure and 1 known divergence, listed in kd.json"))
    // Without the entry, the same run fails with the divergence.
    let (_, _, raw) = await Self.run([Self.wrongLoadingFlag], entries: [], implementations: implementations)
    #expect(raw.exitCode == 1)
    #expect(raw.divergences == 1)
  }

  @Test func aDivergesEntryMustRecordTheDivergenceExactly() async {
    // Passes the non-exhaustive scenario but stores another password: the traces diverge at step 2.
    let other = AlteredImplementation(name: "other") { entry in
      guard case .object(var state) = entry.state, state["password"] == .string("correct-horse") else { return nil }
      state["password"] = .string("changed")
      return TraceEntry(state: .object(state), effects: entry.effects)
    }
    let implementations: [any Implementation] = [TestFeatures.swift, other]
    let id = "login-non-exhaustive-failure-checks-error-only"
    let exact = Self.entry(id, ["swift", "other"], expect: .diverges, step: 2, paths: ["state.password"])
    let (lines, _, known) = await Self.run([Self.nonExhaustive], entries: [exact], implementations: implementations)
    #expect(known.exitCode == 0)
    #expect(known.knownDivergences == 1)
    #expect(lines[1] == "passed          passed          \(id) (known divergence)")

    let wrongStep = Self.entry(id, ["swift", "other"], expect: .diverges, step: 3, paths: ["state.password"])
    let (_, _, different) = await Self.run([Self.nonExhaustive], entries: [wrongStep], implementations: implementations)
    #expect(different.exitCode == 1)
    #expect(
      different.baselineProblems.map(\.message) == [
        "'\(id)' diverges differently: step 2 at state.password between other, swift; recorded: step 3 at "
          + "state.password between other, swift"
      ])

    let (_, _, fixed) = await Self.run(
      [Self.nonExhaustive], entries: [exact],
      implementations: [TestFeatures.swift, AlteredImplementation(name: "other") { _ in nil }])
    #expect(fixed.exitCode == 1)
    #expect(fixed.baselineProblems.map(\.message) == ["fixed: remove the entry ('\(id)' no longer diverges)"])
  }

  /// A `diverges` entry records where the traces differ at later steps too, and between which implementations: a
  /// divergence that spreads to a new place later, or one among other implementations, is not the one recorded.
  @Test func aDivergesEntryMustNotHideALaterDivergenceOrAnotherImplementation() async {
    let id = "login-non-exhaustive-failure-checks-error-only"
    let changesPassword = { (name: String, later: Bool) in
      AlteredImplementation(name: name) { entry in
        guard case .object(var state) = entry.state, state["password"] == .string("correct-horse") else { return nil }
        state["password"] = .string("changed")
        let effects = later && state["isLoading"] == .bool(true) ? entry.effects + [["type": "leak"]] : entry.effects
        return TraceEntry(state: .object(state), effects: effects)
      }
    }
    let recorded = Self.entry(id, ["swift", "other"], expect: .diverges, step: 2, paths: ["state.password"])
    let (_, _, spreads) = await Self.run(
      [Self.nonExhaustive], entries: [recorded],
      implementations: [TestFeatures.swift, changesPassword("other", true)])
    #expect(spreads.exitCode == 1)
    #expect(
      spreads.baselineProblems.map(\.message) == [
        "'\(id)' diverges differently: step 2 at state.password; later at effects between other, swift; "
          + "recorded: step 2 at state.password between other, swift"
      ])

    let (_, _, another) = await Self.run(
      [Self.nonExhaustive], entries: [recorded],
      implementations: [TestFeatures.swift, changesPassword("other", false), changesPassword("third", false)])
    #expect(another.exitCode == 1)
    #expect(
      another.baselineProblems.map(\.message) == [
        "'\(id)' diverges differently: step 2 at state.password between other, swift, third; recorded: step 2 at "
          + "state.password between other, swift"
      ])
  }

  @Test func aKnownPairMustNotHideANewFailureAtALaterStep() async throws {
    // Step 1 fails as recorded; step 2 fails at a path the entry does not record: that is news, not known.
    let folder = ScratchFolder.path("kd-later").appendingPathComponent("login")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("login-later.json")
    try Data(
      #"""
      {"id": "login-later", "feature": "login", "description": "d", "steps": [
        {"send": {"type": "submit"}, "expect": {"changes": {"error": "WRONG 1"}}},
        {"send": {"type": "emailChanged", "value": "a@b.co"}, "expect": {"changes": {"email": "WRONG 2"}}}
      ]}
      """#.utf8
    ).write(to: file)
    let entry = Self.entry("login-later", step: 1, paths: ["state.error"])
    let (_, _, summary) = await Self.run([file], entries: [entry])
    #expect(summary.exitCode == 1)
    #expect(
      summary.baselineProblems.map(\.message) == [
        "'login-later' also fails on 'swift' at step 2 at state.email, beyond the recorded failure (step 1 at state.error)"
      ])
  }

  @Test func aHarnessFaultFailsOnItsOwnAndKeepsTheEntry() async {
    // A crash says nothing about the recorded failure: not 'fixed', not 'different', so --update-baseline keeps it.
    let crashing = AlteredImplementation(name: "swift", crash: true) { _ in nil }
    let (_, _, summary) = await Self.run(
      [Self.wrongLoadingFlag], entries: [Self.entry("login-wrong-loading-flag")], implementations: [crashing])
    #expect(summary.exitCode == 1)
    #expect(summary.baselineProblems.isEmpty)
    #expect(summary.tallies["swift"]?[.crashed] == 1)
  }

  @Test func aDivergesEntryIsNotFixedWhenOneOfItsImplementationsCrashed() async {
    let crashing = AlteredImplementation(name: "other", crash: true) { _ in nil }
    let (_, _, summary) = await Self.run(
      [Self.valid],
      entries: [
        Self.entry(
          "login-submit-valid-credentials", ["swift", "other"], expect: .diverges, step: 1, paths: ["state.email"])
      ], implementations: [TestFeatures.swift, crashing])
    #expect(summary.exitCode == 1)
    #expect(summary.baselineProblems.isEmpty)
  }

  @Test func entriesOfScenariosOutsideTheGivenPathsAreNotUnmatched() async {
    let runner = ConformanceRunner(
      implementations: [TestFeatures.swift], loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(
        baseline: Baseline(file: "kd.json", entries: [Self.entry("login-elsewhere")]), today: "2026-06-01",
        filesAreWholeCorpus: false))
    let summary = await runner.run(files: [ScenarioFile(url: Self.valid, displayName: Self.valid.lastPathComponent)]) {
      _ in
    }
    #expect(summary.exitCode == 0)
    #expect(summary.invalidBaseline.isEmpty)
  }

  @Test func entriesReadButFilteredOutAreNotUnmatched() async {
    var lines: [String] = []
    let runner = ConformanceRunner(
      implementations: [TestFeatures.swift], loader: ScenarioLoader(manifests: TestPaths.manifests),
      options: .init(
        filter: "valid-credentials",
        baseline: Baseline(file: "kd.json", entries: [Self.entry("login-wrong-loading-flag")]),
        today: "2026-06-01"))
    let reporter = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { lines.append($0) })
    let summary = await runner.run(
      files: [Self.wrongLoadingFlag, Self.valid].map { ScenarioFile(url: $0, displayName: $0.lastPathComponent) }
    ) { reporter.handle($0) }
    #expect(summary.exitCode == 0)
    #expect(summary.invalidBaseline.isEmpty)
  }
}

/// The Swift implementation under another name, with each trace entry optionally replaced, or crashing.
struct AlteredImplementation: Implementation {
  let name: String
  var crash = false
  /// Returns a replacement for a trace entry, or `nil` to keep it.
  let alter: @Sendable (TraceEntry) -> TraceEntry?
  private let base = TestFeatures.swift

  init(name: String, crash: Bool = false, alter: @escaping @Sendable (TraceEntry) -> TraceEntry?) {
    self.name = name
    self.crash = crash
    self.alter = alter
  }

  func start() async throws(ImplementationStartError) -> ImplementationInfo {
    var info = try await base.start()
    info.name = name
    return info
  }

  func run(_ request: RunRequest) async -> Observation {
    if crash { return .crashed(message: "the harness exited with status 3", stderrTail: "") }
    guard case .trace(let entries, _) = await base.run(request) else { return await base.run(request) }
    return .trace(entries.map { alter($0) ?? $0 })
  }

  func shutdown() async {}
}

extension RunSummary {
  /// The summary with its duration zeroed, for comparisons.
  var withoutDuration: RunSummary {
    var copy = self
    copy.duration = 0
    return copy
  }
}
