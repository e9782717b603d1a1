import Foundation
import Testing

/// `conformance run` with known-divergence baselines, end to end: output, files and exit status are API.
@Suite("conformance run with baselines", .serialized)
struct BaselineCLITests {
  /// A workspace `<tmp>/Conformance` with the login manifest, a scenario that fails on purpose at step 3
  /// (`effects[0]`, `state.isLoading`) and one that passes; `baseline` becomes `Conformance/known-divergences.json`.
  static func workspace(baseline: String?) throws -> URL {
    let root = try CLI.temporaryFolder()
    let conformance = root.appendingPathComponent("Conformance")
    let scenarios = conformance.appendingPathComponent("scenarios/login")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/features"),
      to: conformance.appendingPathComponent("features"))
    for source in [
      "Tests/ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json",
      "Conformance/scenarios/login/login-submit-valid-credentials.json",
    ] {
      let url = CLI.repository.appendingPathComponent(source)
      try FileManager.default.copyItem(at: url, to: scenarios.appendingPathComponent(url.lastPathComponent))
    }
    if let baseline {
      try Data(baseline.utf8).write(to: conformance.appendingPathComponent("known-divergences.json"))
    }
    return root
  }

  static func file(_ entries: String...) -> String {
    "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
  }

  static func entry(
    _ scenario: String, step: Int = 3, paths: String = "\"effects[0]\", \"state.isLoading\"",
    expires: String? = nil
  ) -> String {
    "{\"scenario\": \"\(scenario)\", \"implementations\": [\"swift\"], \"expect\": \"fails\", \"step\": \(step), "
      + "\"paths\": [\(paths)], \"reason\": \"The fixture is wrong on purpose.\", \"spec\": \"login.md L3.f\""
      + (expires.map { ", \"expires\": \"\($0)\"" } ?? "") + "}"
  }

  /// The report without its timing line.
  static func untimed(_ result: CLI.Result) -> [String] { result.lines.filter { !$0.hasPrefix("Ran ") } }

  @Test func theDefaultBaselineMakesARecordedFailureKnown() throws {
    let root = try Self.workspace(baseline: Self.file(Self.entry("login-wrong-loading-flag")))
    let result = try CLI.run(["run"], in: root)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      Self.untimed(result) == [
        "✓ login-submit-valid-credentials",
        "~ login-wrong-loading-flag (known: The fixture is wrong on purpose.)",
        "",
        "swift: 1 passed, 1 known",
        "1 known failure, listed in Conformance/known-divergences.json",
        "1 passed, 0 failed, 1 known",
      ])
    let raw = try CLI.run(["run", "--no-baseline"], in: root)
    #expect(raw.status == 1)
    #expect(raw.lines.last == "1 passed, 1 failed")
  }

  @Test func fixedExpiredAndDifferentEntriesFailTheGate() throws {
    let root = try Self.workspace(
      baseline: Self.file(
        Self.entry("login-submit-valid-credentials"), Self.entry("login-wrong-loading-flag", step: 2),
        Self.entry("login-wrong-*", expires: "2020-01-01")))
    let result = try CLI.run(["run"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(
      Self.untimed(result) == [
        "✓ login-submit-valid-credentials",
        "    Conformance/known-divergences.json: entries[0]: fixed: remove the entry ('login-submit-valid-credentials' now passes on 'swift')",
        "✗ login-wrong-loading-flag (failed)",
        "    file: Conformance/scenarios/login/login-wrong-loading-flag.json",
        "    step 3 of 3: send {\"type\":\"submit\"}",
        "      state.isLoading: expected false, got true",
        "      effects[0]: unexpected effect {\"email\":\"user@example.com\",\"password\":\"correct-horse\",\"type\":\"authenticate\"}",
        "",
        "      State after step 3:",
        "        {",
        "          \"email\": \" user@example.com \",",
        "          \"error\": null,",
        "      -   \"isLoading\": false,",
        "      +   \"isLoading\": true,",
        "          \"password\": \"correct-horse\"",
        "        }",
        "      Effects of step 3:",
        "      - []",
        "      + [",
        "      +   {\"email\":\"user@example.com\",\"password\":\"correct-horse\",\"type\":\"authenticate\"}",
        "      + ]",
        "      (- expected, + actual)",
        "    Conformance/known-divergences.json: entries[1]: 'login-wrong-loading-flag' fails differently on 'swift': step 3 at effects[0], state.isLoading; recorded: step 2 at effects[0], state.isLoading",
        "",
        "Conformance/known-divergences.json: entries[2]: expired on 2020-01-01: fix the divergence, or renew the entry with a later date (today is 2026-06-01)",
        "3 baseline entries fail the run (1 fixed, 1 different, 1 expired)",
        "1 passed, 1 failed, 3 baseline problems",
      ])
  }

  @Test func anEntryThatMatchesNoScenarioExitsTwoNamingItsJSONPath() throws {
    let root = try Self.workspace(
      baseline: Self.file(Self.entry("login-wrong-loading-flag"), Self.entry("login-removed-scenario")))
    let result = try CLI.run(["run"], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: Conformance/known-divergences.json: entries[1]: 'login-removed-scenario' matches no scenario in this run; remove the entry, or run without it (--no-baseline, or a --baseline file of its own)"
      ])
    #expect(result.lines.contains("The baseline Conformance/known-divergences.json is invalid (see the errors above)"))
  }

  @Test func anInvalidBaselineFileExitsTwoBeforeRunning() throws {
    let root = try Self.workspace(baseline: "{\"entries\": [{\"scenario\": \"x\"}]}")
    let result = try CLI.run(["run"], in: root)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.errorLines == [
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'implementations'",
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'expect'",
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'step'",
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'paths'",
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'reason'",
        "error: Conformance/known-divergences.json: entries[0]: missing required key 'spec'",
      ])
  }

  @Test func baselineOptionsThatConflictOrNameNothingAreErrors() throws {
    let root = try Self.workspace(baseline: nil)
    let both = try CLI.run(["run", "--no-baseline", "--baseline", "x.json"], in: root)
    #expect(both.status == 2)
    #expect(both.errorLines.first == "error: '--no-baseline' cannot be combined with '--baseline'")
    let missing = try CLI.run(["run", "--baseline", "nope.json"], in: root)
    #expect(missing.status == 2)
    #expect(missing.errorLines == ["error: no such baseline file 'nope.json'"])
    let badDay = try CLI.run(["run"], in: root, environment: ["CONFORMANCE_TODAY": "tomorrow"])
    #expect(badDay.status == 2)
    #expect(badDay.errorLines.first == "error: CONFORMANCE_TODAY must be a date 'YYYY-MM-DD', got 'tomorrow'")
  }

  @Test func updateBaselineRecordsFailuresAndRemovesStaleEntries() throws {
    let root = try Self.workspace(baseline: Self.file(Self.entry("login-submit-valid-credentials")))
    let result = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(result.status == 0)
    #expect(
      Array(result.lines.suffix(3)) == [
        "baseline: removed entries[0] (fixed): 'login-submit-valid-credentials' fails on swift at step 3 (effects[0], state.isLoading)",
        "baseline: added entries[0]: 'login-wrong-loading-flag' fails on swift at step 3 (effects[0], state.isLoading)",
        "baseline: wrote Conformance/known-divergences.json (1 entry: 1 added, 1 removed)",
      ])
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    // The workspace has no schema folder, as a team's package has none: a `$schema` would not resolve.
    #expect(
      written == """
        {
          "entries": [
            {
              "scenario": "login-wrong-loading-flag",
              "implementations": ["swift"],
              "expect": "fails",
              "step": 3,
              "paths": ["effects[0]", "state.isLoading"],
              "reason": "Recorded by 'conformance run --update-baseline' on 2026-06-01; say why, or fix the implementation.",
              "spec": "login.md"
            }
          ]
        }

        """)
    let again = try CLI.run(["run"], in: root)
    #expect(again.status == 0)
    #expect(again.lines.last == "1 passed, 0 failed, 1 known")
  }

  /// A quote followed by a combining mark is one `Character`: a scanner walking characters missed the end of the
  /// string and cut entries in half. The kept entry survives byte for byte and the file stays valid.
  @Test func updateBaselineKeepsAnEntryWhoseReasonStartsWithACombiningMark() throws {
    let reason = "\u{301} }, {"
    let kept =
      #"{"scenario": "login-wrong-loading-flag", "implementations": ["swift"], "expect": "fails", "step": 3, "#
      + #""paths": ["effects[0]", "state.isLoading"], "reason": ""# + reason + #"", "spec": "login.md L3.f"}"#
    let root = try Self.workspace(baseline: Self.file(kept, Self.entry("login-submit-valid-credentials")))
    let update = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    #expect(written == "{\"entries\": [\n" + kept + "\n]}\n")
    let again = try CLI.run(["run"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
  }

  /// A CRLF baseline stays CRLF: the entries `--update-baseline` appends use the file's line ending.
  @Test func updateBaselineAppendsInTheFilesLineEnding() throws {
    let kept = Self.entry("login-wrong-loading-flag")
    let text = "{\"entries\": [\r\n" + kept + "\r\n]}\r\n"
    let root = try Self.workspace(baseline: text)
    // A second failure to record: a copy of the failing fixture under another id.
    let fixture = try String(
      contentsOf: CLI.repository.appendingPathComponent(
        "Tests/ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json"), encoding: .utf8)
    try Data(fixture.replacingOccurrences(of: "login-wrong-loading-flag", with: "login-wrong-again").utf8).write(
      to: root.appendingPathComponent("Conformance/scenarios/login/login-wrong-again.json"))
    let update = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    #expect(written.hasPrefix("{\"entries\": [\r\n" + kept + ",\r\n    {\r\n"), "\(written.debugDescription)")
    #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(written.debugDescription)")
  }

  /// A swift-only update that finds swift fixed keeps the entry's kotlin pair, which it never ran.
  @Test func updateBaselineKeepsThePairsOfImplementationsItDidNotRun() throws {
    let both = Self.entry("login-submit-valid-credentials").replacingOccurrences(
      of: #""implementations": ["swift"]"#, with: #""implementations": ["swift", "kotlin"]"#)
    let root = try Self.workspace(baseline: Self.file(both, Self.entry("login-wrong-loading-flag")))
    let update = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    #expect(
      written.contains(#""scenario": "login-submit-valid-credentials",\#n      "implementations": ["kotlin"]"#),
      "\(written)")
    let again = try CLI.run(["run"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
  }

  /// A `$schema` the tool writes must resolve: it is written only where the schema file is.
  @Test func updateBaselineWritesSchemaOnlyWhereTheSchemaFileExists() throws {
    let root = try Self.workspace(baseline: nil)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/schema"),
      to: root.appendingPathComponent("Conformance/schema"))
    let result = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(result.status == 0)
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    #expect(written.hasPrefix("{\n  \"$schema\": \"schema/known-divergences.schema.json\",\n  \"entries\": [\n"))
  }

  @Test func updateBaselineKeepsWhatARemovedPatternStillHeld() throws {
    // 'login-*' holds login-wrong-loading-flag but is fixed on login-submit-valid-credentials: the pattern goes,
    // and the pair it held is written as an exact entry with its reason, so the next run still passes.
    let root = try Self.workspace(baseline: Self.file(Self.entry("login-*")))
    let result = try CLI.run(["run", "--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(result.status == 0)
    #expect(
      Array(result.lines.suffix(3)) == [
        "baseline: removed entries[0] (fixed): 'login-*' fails on swift at step 3 (effects[0], state.isLoading)",
        "baseline: added entries[0]: 'login-wrong-loading-flag' fails on swift at step 3 (effects[0], state.isLoading)",
        "baseline: wrote Conformance/known-divergences.json (1 entry: 1 added, 1 removed)",
      ])
    let written = try String(
      contentsOf: root.appendingPathComponent("Conformance/known-divergences.json"), encoding: .utf8)
    #expect(written.contains(#""reason": "The fixture is wrong on purpose.""#))
    let again = try CLI.run(["run"], in: root)
    #expect(again.status == 0)
    #expect(again.lines.last == "1 passed, 0 failed, 1 known")
  }

  /// The tryout's fault F2 (`repro/faults/baseline-roundtrip.sh`): an entry `--update-baseline` writes (a reducer or
  /// runtime failure at two steps; a missed cancellation whose call is then still pending at the end) is accepted by
  /// the very next run, and a baseline file outside the `Conformance` folder keeps its own `$schema`.
  @Test(arguments: [
    (
      "f-reducer-two-wrong-steps", "reducer",
      #"{"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "b"}}},"#
        + #"{"send": {"type": "passwordChanged", "value": "p"}, "expect": {"changes": {"password": "q"}}}"#,
      "fails on swift at step 1 (state.email; later at state.password)"
    ),
    (
      "f-runtime-two-wrong-steps", "runtime",
      #"{"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "b"}}},"#
        + #"{"send": {"type": "passwordChanged", "value": "p"}, "expect": {"changes": {"password": "q"}}}"#,
      "fails on swift at step 1 (state.email; later at state.password)"
    ),
    (
      "f-baseline-pending-later", "runtime",
      #"{"send": {"type": "emailChanged", "value": "user@example.com"}, "expect": {"changes": {"email": "user@example.com"}}},"#
        + #"{"send": {"type": "passwordChanged", "value": "correct-horse"}, "expect": {"changes": {"password": "correct-horse"}}},"#
        + #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "user@example.com", "password": "correct-horse"}}]}},"#
        + #"{"send": {"type": "emailChanged", "value": "x"}, "expect": {"changes": {"email": "x"}, "cancelled": ["a1"]}},"#
        + #"{"advance": 1}"#,
      "fails on swift at step 4 (cancelled.a1, pending.a1)"
    ),
  ])
  func updateBaselineWritesEntriesTheNextRunAccepts(id: String, level: String, steps: String, added: String) throws {
    let root = try Self.workspace(baseline: nil)
    let faults = root.appendingPathComponent("faults")
    try FileManager.default.createDirectory(at: faults, withIntermediateDirectories: true)
    try Data(
      #"{"id": "\#(id)", "feature": "login", "level": "\#(level)", "description": "d", "steps": [\#(steps)]}"#.utf8
    ).write(to: faults.appendingPathComponent("\(id).json"))
    let schema = #"{"$schema": "../Conformance/schema/known-divergences.schema.json", "entries": []}"#
    try Data(schema.utf8).write(to: faults.appendingPathComponent("b.json"))
    let arguments = ["run", "faults/\(id).json", "--baseline", "faults/b.json"]
    let update = try CLI.run(
      arguments + ["--update-baseline"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
    #expect(update.lines.contains("baseline: added entries[0]: '\(id)' \(added)"))
    let written = try String(contentsOf: faults.appendingPathComponent("b.json"), encoding: .utf8)
    #expect(written.hasPrefix(#"{\#n  "$schema": "../Conformance/schema/known-divergences.schema.json",\#n"#))
    let rerun = try CLI.run(arguments, in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01"])
    #expect(rerun.status == 0, "\(rerun.stdout)\(rerun.stderr)")
    #expect(!rerun.stdout.contains("entries["))
    #expect(rerun.lines.last == "0 passed, 0 failed, 1 known")
  }

  @Test func jsonAndJUnitReportsShowKnownPairs() throws {
    let root = try Self.workspace(baseline: Self.file(Self.entry("login-wrong-loading-flag")))
    let result = try CLI.run(["run", "--junit", "r.xml", "--json", "r.json"], in: root)
    #expect(result.status == 0)
    let junit = try String(contentsOf: root.appendingPathComponent("r.xml"), encoding: .utf8)
    #expect(
      junit.contains(
        """
            <testcase name="login-wrong-loading-flag" classname="conformance.login.swift" time=
        """.trimmingCharacters(in: .whitespaces)))
    #expect(junit.contains("      <skipped message=\"known: The fixture is wrong on purpose.\"/>"))
    #expect(junit.contains("<testsuites name=\"conformance\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"1\">"))
    let json = try String(contentsOf: root.appendingPathComponent("r.json"), encoding: .utf8)
    #expect(json.contains("\"outcome\":\"known\""))
    #expect(json.contains("\"entry\":\"Conformance/known-divergences.json: entries[0]\""))
    #expect(json.contains("\"known\":1"))
    #expect(json.contains("\"baseline\":\"Conformance/known-divergences.json\""))
  }
}
