import Foundation
import LoginFeature
import Testing

@testable import ConformanceCLI

/// The `conformance` executable end to end: output and exit status are API.
@Suite("conformance CLI end to end", .serialized)
struct CLITests {
  let failing = "Tests/ConformanceTests/Fixtures/failing"
  let invalid = "Tests/ConformanceTests/Fixtures/invalid"

  @Test func noArgumentsRunsEveryBundledScenarioAndPasses() throws {
    let result = try CLI.run([])
    let count = CLI.bundledScenarioCount
    #expect(CLI.bundledFeatures.count >= 2)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.lines.last == "\(count) passed, 0 failed")
    #expect(result.lines.filter { $0.hasPrefix("✓ ") }.count == count)
    for feature in CLI.bundledFeatures {
      let scenarios = CLI.bundledScenarioCount(feature: feature)
      // Every bundled feature has a real suite (inbox, the smallest, has 6), so a folder left out cannot pass unseen.
      #expect(scenarios >= 6, "feature '\(feature)'")
      #expect(result.lines.filter { $0.hasPrefix("✓ \(feature)-") }.count == scenarios, "feature '\(feature)'")
    }
  }

  @Test func findsTheScenariosFromASubfolder() throws {
    let result = try CLI.run([], in: CLI.repository.appendingPathComponent("Sources/ConformanceCLI"))
    #expect(result.status == 0)
    #expect(result.lines.last == "\(CLI.bundledScenarioCount) passed, 0 failed")
  }

  @Test func aWrongExpectationExitsOneWithFileStepAndPath() throws {
    let result = try CLI.run(["run", "\(failing)/login-wrong-loading-flag.json"])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(5)) == [
        "✗ login-wrong-loading-flag (failed)",
        "    file: Tests/ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json",
        "    step 3 of 3: send {\"type\":\"submit\"}",
        "      state.isLoading: expected false, got true",
        "      effects[0]: unexpected effect {\"email\":\"user@example.com\",\"password\":\"correct-horse\",\"type\":\"authenticate\"}",
      ])
    #expect(result.lines.last == "0 passed, 1 failed")
  }

  @Test func scenariosOfAnotherPackageAreCheckedAgainstThatPackagesManifests() throws {
    let result = try CLI.run(["validate", "scripts/team-package/swift/Conformance/scenarios"])
    #expect(result.status == 0)
    #expect(result.lines == ["8 files valid (8 scenarios)"])
  }

  @Test func scenariosInAFolderWithoutManifestsUseTheCurrentDirectorysManifests() throws {
    // As scripts/grapheme_scenarios.py writes them: <tmp>/Conformance/scenarios/login/*.json, no features/.
    let folder = try CLI.temporaryFolder().appendingPathComponent("Conformance/scenarios/login")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let name = "login-submit-valid-credentials.json"
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/scenarios/login/\(name)"),
      to: folder.appendingPathComponent(name))
    let result = try CLI.run(["run", folder.deletingLastPathComponent().path])
    #expect(result.status == 0)
    #expect(result.lines.last == "1 passed, 0 failed")
  }

  @Test func aHarnessThatImplDoesNotSelectIsAUsageError() throws {
    let result = try CLI.run(["run", "--impl", "swift", "--harness", "mine=python3 mine.py"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: 'mine' is declared with --harness but not selected by --impl; add '--impl mine', or drop the --harness",
        "Usage: \(RunCommand.usage)",
        "See 'conformance run --help'.",
      ])
  }

  @Test func aMissingPathIsAnErrorUnlessMissingOK() throws {
    let valid = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    let strict = try CLI.run(["run", valid, "Conformance/scenarios/login/login-deleted.json"])
    #expect(strict.status == 2)
    #expect(strict.errorLines == ["error: no such file or folder 'Conformance/scenarios/login/login-deleted.json'"])
    let lenient = try CLI.run(["run", valid, "Conformance/scenarios/login/login-deleted.json", "--missing-ok"])
    #expect(lenient.status == 0)
    #expect(
      lenient.errorLines == [
        "note: passing over 'Conformance/scenarios/login/login-deleted.json': no such file or folder (--missing-ok)"
      ])
    #expect(lenient.lines.last == "1 passed, 0 failed")
  }

  @Test func invisibleAndBidiCharactersAreEscapedInMessagesAndJUnit() throws {
    let folder = try CLI.temporaryFolder().appendingPathComponent("Conformance/scenarios/login")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let failing = #"""
      {"id": "login-bidi", "feature": "login", "description": "d",
       "steps": [{"send": {"type": "submit"}, "description": "evil‮txt", "expect": {"changes": {"error": "x"}}}]}
      """#
    try Data(failing.utf8).write(to: folder.appendingPathComponent("login-bidi.json"))
    let invalid = #"{"id": "login-sep", "feature": "login", "description": "d", "steps": [{"send": {"type": "a b"}}]}"#
    try Data(invalid.utf8).write(to: folder.appendingPathComponent("login-sep.json"))
    let junit = folder.appendingPathComponent("junit.xml")
    let result = try CLI.run(["run", folder.path, "--junit", junit.path])
    #expect(result.status == 2)
    #expect(result.stdout.contains("(evil\\u202Etxt)"))
    #expect(result.stderr.contains("unknown action 'a\\u2028b'"))
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("evil\\u202Etxt"))
    #expect(!xml.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 })
  }

  @Test func reportFoldersThatDoNotExistAreCreated() throws {
    let folder = try CLI.temporaryFolder()
    let junit = folder.appendingPathComponent("build/reports/parity.xml")
    let result = try CLI.run([
      "run", "Conformance/scenarios/login/login-submit-valid-credentials.json", "--junit", junit.path,
    ])
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: junit.path))
    let blocked = folder.appendingPathComponent("file")
    try Data().write(to: blocked)
    let refused = try CLI.run(["run", "--junit", blocked.appendingPathComponent("x/parity.xml").path])
    #expect(refused.status == 2)
    #expect(
      refused.errorLines.first
        == "error: --junit '\(blocked.path)/x/parity.xml': cannot create the folder '\(blocked.path)/x': "
        + "'\(blocked.path)' is a file")
  }

  @Test func aPathAloneMeansRun() throws {
    let result = try CLI.run(["\(failing)/login-wrong-nfc-vs-nfd.json"])
    #expect(result.status == 1)
    #expect(result.lines.first == "✗ login-wrong-nfc-vs-nfd (failed)")
  }

  @Test func invalidFilesExitTwoNamingFileAndPathWhileOthersRun() throws {
    let result = try CLI.run([
      "run", "\(invalid)/unknown-action.json", "\(invalid)/syntax-error.json",
      "Conformance/scenarios/login/login-submit-valid-credentials.json",
    ])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: Tests/ConformanceTests/Fixtures/invalid/unknown-action.json: steps[0].send.type: unknown action 'sumbit'; did you mean 'submit'? (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)",
        "error: Tests/ConformanceTests/Fixtures/invalid/syntax-error.json:4:3: invalid JSON: unexpected character '\"'; expected ',' or '}' after an object member",
      ])
    #expect(result.lines.first == "✓ login-submit-valid-credentials")
    #expect(result.lines.contains("2 files invalid (see the errors above)"))
    #expect(result.lines.last == "1 passed, 0 failed, 2 invalid files")
  }

  @Test func noScenariosFoundIsAnError() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run([], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: no 'Conformance/scenarios' folder in '\(folder.standardizedFileURL.path)' or its parents; run from your repository, or pass scenario files or folders"
      ])
    let filtered = try CLI.run(["--filter", "no-such-scenario"])
    #expect(filtered.status == 2)
    #expect(filtered.lines.suffix(1) == ["0 passed, 0 failed"])
  }

  @Test func versionAndHelpGoToStdout() throws {
    let version = try CLI.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "conformance 1.0.0\n")
    let help = try CLI.run(["--help"])
    #expect(help.status == 0)
    #expect(
      help.stdout == """
        OVERVIEW: Run language-neutral UDF scenarios against Swift and Kotlin implementations and gate CI on parity.

        USAGE: conformance [<subcommand>] [<options>]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run (default)         Run scenarios on implementations and report (the default).
          validate              Check scenario files against the format and the feature manifests.
          list                  List scenarios: id, feature, steps, tags and file.
          coverage              Report what the scenarios test, per feature and implementation, and gate on it.
          harness               Serve the Swift implementation over the harness protocol on stdin/stdout.
          fuzz                  Generate action sequences, compare implementations, and shrink the first divergence.
          record                Fill in or refresh scenario expectations from an implementation's trace.
          merge-reports         Join the JSON reports of a sharded run into the reports of one run.

          See 'conformance help <subcommand>' for detailed help.

        EXIT STATUS:
          0  all scenarios passed
          1  a scenario failed or was skipped, or implementations diverged
          2  usage error, invalid scenario or manifest file, or no scenarios found

        """)
    let runHelp = try CLI.run(["run", "--help"])
    #expect(runHelp.status == 0)
    #expect(runHelp.lines.first == "OVERVIEW: Run scenarios on implementations and report (the default).")
    #expect(
      try CLI.run(["help", "validate"]).lines.first
        == "OVERVIEW: Check scenario files against the format and the feature manifests.")
  }

  @Test func usageErrorsExitTwoWithAHint() throws {
    let result = try CLI.run(["run", "--fitler", "x"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.errorLines == [
        "error: unknown option '--fitler'; did you mean '--filter'?",
        "Usage: \(RunCommand.usage)",
        "See 'conformance run --help'.",
      ])
    let format = try CLI.run(["--format", "xml"])
    #expect(format.status == 2)
    #expect(format.errorLines.first == "error: option '--format' takes 'text', 'json' or 'ndjson', got 'xml'")
    let subcommand = try CLI.run(["lsit"])
    #expect(subcommand.errorLines.first == "error: unknown subcommand 'lsit'; did you mean 'list'?")
  }

  @Test func writesJUnitAndJSONReportsAndNeverOverwritesOtherFiles() throws {
    let folder = try CLI.temporaryFolder()
    let junit = folder.appendingPathComponent("junit.xml")
    let json = folder.appendingPathComponent("report.json")
    let result = try CLI.run(["run", failing, "--junit", junit.path, "--json", json.path])
    #expect(result.status == 1)
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="conformance" tests="3" failures="3" errors="0" skipped="0">"#))
    #expect(xml.contains(#"<testsuite name="login" tests="3" failures="3""#))
    #expect(xml.contains(#"<testcase name="login-wrong-loading-flag" classname="conformance.login.swift""#))
    #expect(xml.contains("state.isLoading: expected false, got true"))
    let report = try String(contentsOf: json, encoding: .utf8)
    #expect(report.contains(#""format":"udf-conformance-report""#))
    #expect(report.contains(#""exitCode":1"#))
    // A second run may replace its own reports…
    #expect(try CLI.run(["run", failing, "--junit", junit.path, "--json", json.path]).status == 1)
    #expect(try String(contentsOf: json, encoding: .utf8).hasSuffix(#","version":1}"# + "\n"))
    // …but not a JSON file that only starts like one (only the first and last bytes are read to tell).
    let lookalike = folder.appendingPathComponent("lookalike.json")
    let fake = #"{"divergences":[],"format":"something-else","padding":""# + String(repeating: "x", count: 200) + #""}"#
    try Data(fake.utf8).write(to: lookalike)
    #expect(try CLI.run(["run", failing, "--json", lookalike.path]).status == 2)
    #expect(try String(contentsOf: lookalike, encoding: .utf8) == fake)
    // A JUnit file is checked at both ends too.
    let xmlLookalike = folder.appendingPathComponent("lookalike.xml")
    let fakeXML = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conformance\" tests=\"1\">\n<mine/>"
    try Data(fakeXML.utf8).write(to: xmlLookalike)
    #expect(try CLI.run(["run", failing, "--junit", xmlLookalike.path]).status == 2)
    #expect(try String(contentsOf: xmlLookalike, encoding: .utf8) == fakeXML)
    // A report reached through a link replaces the link's target and keeps the link.
    let link = folder.appendingPathComponent("latest.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "report.json")
    #expect(try CLI.run(["run", failing, "--json", link.path]).status == 1)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "report.json")
    // The same file for both reports is said as such, not as "not a report".
    let same = try CLI.run(["run", failing, "--json", json.path, "--junit", json.path])
    #expect(same.status == 2)
    #expect(
      same.errorLines.first
        == "error: '--junit' and '--json' name the same file '\(json.path)'; give each report its own file")
    // …but never a file that is not one.
    let precious = folder.appendingPathComponent("precious.xml")
    try Data("keep me".utf8).write(to: precious)
    let refused = try CLI.run(["run", failing, "--junit", precious.path])
    #expect(refused.status == 2)
    #expect(
      refused.errorLines == [
        "error: --junit '\(precious.path)': it exists and is not a JUnit report from this tool; refusing to overwrite "
          + "it (remove it or choose another name)"
      ])
    #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")
  }

  @Test func formatJSONWritesOneReportToStdout() throws {
    let result = try CLI.run([
      "run", "--format", "json", "Conformance/scenarios/login/login-submit-valid-credentials.json",
    ])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let summary = object?["summary"] as? [String: Any]
    #expect(summary?["passed"] as? Int == 1)
    #expect((object?["results"] as? [[String: Any]])?.first?["outcome"] as? String == "passed")
  }

  /// `validate` checks the implementations config too: what its JSON Schema cannot say (unique names) is said here,
  /// as `scripts/check-schemas` checks schemas only.
  @Test func validateChecksTheImplementationsConfig() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance"), to: folder.appendingPathComponent("Conformance"))
    let config = folder.appendingPathComponent("Conformance/implementations.json")
    try Data(
      #"{"implementations": [{"name": "kotlin", "command": ["x"]}, {"name": "kotlin", "command": ["y"]}]}"#.utf8
    ).write(to: config)
    let result = try CLI.run(["validate"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: Conformance/implementations.json: implementations[1].name: duplicate name 'kotlin' (also used by implementations[0]); names must be unique"
      ])
    #expect(result.stdout.hasPrefix("1 file invalid, "))
  }

  @Test func validateAndListReportWithoutRunning() throws {
    let validate = try CLI.run(["validate"])
    #expect(validate.status == 0)
    #expect(validate.stdout == "\(CLI.bundledFileCount) files valid (\(CLI.bundledScenarioCount) scenarios)\n")
    let bad = try CLI.run(["validate", invalid])
    #expect(bad.status == 2)
    #expect(
      bad.errorLines.contains(
        "error: Tests/ConformanceTests/Fixtures/invalid/state-and-changes.json: steps[0].expect: 'state' and 'changes' cannot both be given; use 'state' for the full state or 'changes' for the fields that change"
      ))
    let list = try CLI.run(["list", "--filter", "valid-credentials"])
    #expect(list.status == 0)
    #expect(list.lines.last == "1 scenario")
    #expect(list.lines.first?.hasPrefix("login-submit-valid-credentials  login, 3 steps") == true)
  }

  @Test func harnessServesTheProtocolOnStdio() throws {
    let result = try CLI.run(["harness"], stdin: "{\"cmd\":\"hello\",\"protocol\":1}\n{\"cmd\":\"bye\"}\n")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\"features\":{\"inbox\":"))
    #expect(result.lines.count == 1)
  }

  @Test func harnessIgnoresARequestLineThatIsNotUTF8() throws {
    // A lone 0xFF in the scenario id: a reader that repairs it into U+FFFD would see a valid request and answer it.
    let hello = Array(#"{"cmd":"hello","protocol":1,"x":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    let result = try CLI.run(["harness"], stdinBytes: hello + Array("\n{\"cmd\":\"bye\"}\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      result.errorLines == [
        "conformance harness: request line 1 is not JSON (invalid UTF-8 byte 0xFF in a string; the file must be UTF-8 (RFC 8259 §8.1) at column 34); ignored"
      ])
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() async {
    for (terminal, noColor, expectEscape) in [(true, "", true), (true, "1", false), (false, "", false)] {
      var out = ""
      let console = Console(
        out: { out += $0 }, err: { _ in }, isTerminal: terminal, environment: ["NO_COLOR": noColor],
        currentDirectory: CLI.repository)
      _ = await ConformanceCommand.main(
        ["run", "Conformance/scenarios/login/login-submit-valid-credentials.json"], console: console,
        swift: SwiftImplementation(features: [
          CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())
        ]))
      #expect(out.contains("\u{1B}[") == expectEscape, "terminal \(terminal), NO_COLOR '\(noColor)'")
    }
  }

  // MARK: - Harness implementations end to end

  @Test func theProtocolPathAgreesWithInProcessSwift() throws {
    let result = try CLI.run(["run", "--harness", "swift-process=\(CLI.executable.path) harness"])
    #expect(result.status == 0)
    #expect(result.lines.first == "swift           swift-process   scenario")
    #expect(result.lines.contains("swift-process: \(CLI.bundledScenarioCount) passed"))
    #expect(result.lines.last == "\(2 * CLI.bundledScenarioCount) passed, 0 failed")
  }

  @Test func aCrashingHarnessIsReportedAndTheRunFinishes() throws {
    let harness = "Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py"
    let result = try CLI.run([
      "run", "--impl", "flaky", "--harness", "flaky=python3 \(harness) crash-always", "--filter",
      "login-submit-email-with",
    ])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(7)) == [
        "Implementation 'flaky': Python 1.0",
        "✗ login-submit-email-with-empty-domain-is-invalid (crashed)",
        "    file: Conformance/scenarios/login/login-submit-email-with-empty-domain-is-invalid.json",
        "    crashed: the harness exited with status 3 before replying",
        "      stderr (last lines):",
        "      | fake-harness: about to crash in scenario 'login-submit-email-with-empty-domain-is-invalid'",
        "      | Traceback: simulated failure",
      ])
    #expect(
      result.lines.contains {
        $0.hasPrefix("    not run: the harness 'flaky' was restarted 3 times, the restart budget;")
      })
    // A repeated reason is printed once.
    #expect(result.lines.contains("    not run: the same reason as above"))
    #expect(result.lines.contains("flaky: 4 crashed, 2 not run"))
    #expect(
      result.lines.contains(
        "flaky: the implementation looks broken (6 of 6 scenarios crashed, timed out, broke the protocol or did not run); fix it first"
      ))
    #expect(result.lines.last == "0 passed, 6 failed")
  }

  @Test func aHangingHarnessTimesOutAndTheNextScenarioRuns() throws {
    let harness = "Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py"
    let result = try CLI.run([
      "run", "--harness", "slow=python3 \(harness) hang-on login-submit-email-with-empty-domain-is-invalid",
      "--timeout", "1", "--filter", "login-submit-email-with-empty",
    ])
    #expect(result.status == 1)
    #expect(result.lines.contains("passed          timed out       login-submit-email-with-empty-domain-is-invalid"))
    #expect(result.lines.contains("    slow: timed out: no reply within 1.0 s; its process group was killed"))
    // The fake harness's traces carry an extra 'counter' field, so the next scenario fails on it — after a restart.
    #expect(
      result.lines.contains(
        "passed          failed          login-submit-email-with-empty-local-part-is-invalid (divergence)"))
  }

  @Test func unknownImplementationsAndBadHarnessOptionsAreUsageErrors() throws {
    let unknown = try CLI.run(["run", "--impl", "kotiln"])
    #expect(unknown.status == 2)
    #expect(
      unknown.errorLines.first?.hasPrefix("error: unknown implementation 'kotiln'; did you mean 'kotlin'?") == true)
    let bad = try CLI.run(["run", "--harness", "no-equals-sign"])
    #expect(bad.status == 2)
  }

  @Test func aHarnessThatSkipsEverythingFailsTheRunUnlessSkipsAreAllowed() throws {
    let script = try CLI.pythonHarness(
      named: "skipper",
      onRun:
        #"print(json.dumps({"seq": request["seq"], "skipped": {"reason": "not today"}}), flush=True) if request["cmd"] == "run" else sys.exit(0)"#
    )
    let arguments = [
      "run", "--impl", "skipper", "--harness", "skipper=python3 \(script.path)", "--filter", "login-submit-valid",
    ]
    let strict = try CLI.run(arguments)
    #expect(strict.status == 1)
    #expect(
      strict.lines.suffix(3) == [
        "1 skip fails the run; pass --allow-skipped to accept scenarios an implementation does not support",
        strict.lines.suffix(2).first ?? "", "0 passed, 0 failed, 1 skipped",
      ])
    let lenient = try CLI.run(arguments + ["--allow-skipped"])
    #expect(lenient.status == 0)
    #expect(lenient.lines.last == "0 passed, 0 failed, 1 skipped")
  }

  @Test func aDriftedInitialStateStopsTheImplementationBeforeAnyScenario() throws {
    let script = try CLI.pythonHarness(named: "drifted", email: "x", onRun: "break")
    let result = try CLI.run(["run", "--harness", "drifted=python3 \(script.path)", "--filter", "login-submit-valid"])
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "error: the implementation 'drifted' did not start: the harness 'drifted' answered 'hello', but its initial state of feature 'login' differs from Conformance/features/login.json: initialState.email: expected \"\", got \"x\""
      ])
    #expect(
      result.lines.contains("    drifted: not run: the implementation 'drifted' did not start (see the error above)"))
  }

  @Test func theSameFileForBothReportsIsAUsageError() throws {
    let result = try CLI.run(["run", "--junit", "/tmp/same-report", "--json", "/tmp/same-report"])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--junit' and '--json' name the same file '/tmp/same-report'; give each report its own file")
  }

  @Test func runsFromOutsideTheRepositoryGivenTheScenariosFolder() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["run", CLI.repository.appendingPathComponent("Conformance/scenarios").path], in: folder)
    #expect(result.status == 0)
    #expect(result.lines.last == "\(CLI.bundledScenarioCount) passed, 0 failed")
  }

  @Test func ctrlCKillsTheHarnessesAndExitsWith130() async throws {
    let folder = try CLI.temporaryFolder()
    let pidFile = folder.appendingPathComponent("harness.pid")
    let script = try CLI.pythonHarness(
      named: "stuck", onRun: "time.sleep(1000)", preamble: #"open(sys.argv[1], "w").write(str(os.getpid()))"#)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["run", "--impl", "stuck", "--harness", "stuck=python3 \(script.path) \(pidFile.path)"]
    process.currentDirectoryURL = CLI.repository
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var pid: Int32?
    for _ in 0..<100 where pid == nil {
      try await Task.sleep(for: .milliseconds(50))
      pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0) }
    }
    let harness = try #require(pid, "the harness never started")
    try await Task.sleep(for: .milliseconds(300))
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    // Dead means no such process, or a zombie waiting for whoever adopted it to reap it. Up to 10 s: under a loaded
    // test run the kill and the reaping can take longer than the run itself.
    var gone = false
    for _ in 0..<200 where !gone {
      let stat = (try? String(contentsOfFile: "/proc/\(harness)/stat", encoding: .utf8)) ?? ""
      gone = kill(harness, 0) != 0 || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
      if !gone { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(gone, "the harness \(harness) outlived the interrupted run")
  }

  @Test func aGrandchildThatLeavesTheHarnessGroupDoesNotOutliveTheRun() async throws {
    #if os(Linux)
      let folder = try CLI.temporaryFolder()
      let pidFile = folder.appendingPathComponent("grandchild.pid")
      let script = try CLI.pythonHarness(
        named: "escaper",
        onRun: #"print(json.dumps({"seq": request["seq"], "skipped": {"reason": "r"}}), flush=True)"#,
        preamble: """
          if os.fork() == 0:
              os.setsid()
              for fd in (0, 1, 2): os.close(fd)
              open(sys.argv[1], "w").write(str(os.getpid()))
              time.sleep(1000)
              os._exit(0)
          """)
      let result = try CLI.run([
        "run", "Conformance/scenarios/login/login-submit-valid-credentials.json", "--impl", "escaper",
        "--allow-skipped", "--harness", "escaper=python3 \(script.path) \(pidFile.path)",
      ])
      #expect(result.status == 0)
      let grandchild = try #require((try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0) })
      var gone = false
      for _ in 0..<200 where !gone {
        let stat = (try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8)) ?? ""
        gone = kill(grandchild, 0) != 0 || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        if !gone { try await Task.sleep(for: .milliseconds(50)) }
      }
      if !gone { kill(grandchild, SIGKILL) }
      #expect(gone, "the grandchild \(grandchild) outlived the run")
    #endif
  }

  @Test func aClosedStdoutStillGetsTheReportsWritten() throws {
    let folder = try CLI.temporaryFolder()
    let json = folder.appendingPathComponent("report.json")
    // `| head -1`: the reader goes away after the first line.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "'\(CLI.executable.path)' run --json '\(json.path)' | head -1 > /dev/null"]
    process.currentDirectoryURL = CLI.repository
    try process.run()
    process.waitUntilExit()
    let report = try String(contentsOf: json, encoding: .utf8)
    #expect(report.contains(#""exitCode":0"#))
  }

  @Test func aFileThatMerelyMentionsTheReportFormatIsNotOverwritten() throws {
    let folder = try CLI.temporaryFolder()
    let notes = folder.appendingPathComponent("notes.txt")
    try Data(#"notes {"format":"udf-conformance-report"} keep"#.utf8).write(to: notes)
    let result = try CLI.run([
      "run", "Conformance/scenarios/login/login-submit-valid-credentials.json", "--json", notes.path,
    ])
    #expect(result.status == 2)
    #expect(try String(contentsOf: notes, encoding: .utf8) == #"notes {"format":"udf-conformance-report"} keep"#)
  }

  @Test func implementationsThatFailAlikeAreDescribedOnce() throws {
    let result = try CLI.run([
      "run", "--harness", "swift-process=\(CLI.executable.path) harness", "\(failing)/login-wrong-effect-email.json",
    ])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(5)) == [
        "swift           swift-process   scenario",
        "failed          failed          login-wrong-effect-email",
        "    file: Tests/ConformanceTests/Fixtures/failing/login-wrong-effect-email.json",
        "    swift, swift-process: step 1 of 2: send {\"type\":\"submit\"}",
        "      effects[0].email: expected \" a@b.co \", got \"a@b.co\"",
      ])
    #expect(result.lines.filter { $0.contains("step 1 of 2") }.count == 1)
  }

  @Test func textFromAHarnessCannotDriveTheTerminal() throws {
    let script = try CLI.pythonHarness(
      named: "rogue",
      onRun:
        #"print(json.dumps({"seq": request["seq"], "errored": {"step": 1, "message": "bad\u001b[31mRED\u0007BEL\rCR\n✓ fake"}}), flush=True) if request["cmd"] == "run" else sys.exit(0)"#
    )
    let result = try CLI.run([
      "run", "--impl", "rogue", "--harness", "rogue=python3 \(script.path)", "--filter", "login-double-submit",
    ])
    #expect(result.status == 1)
    #expect(result.lines.contains(#"    errored at step 1: bad\u001B[31mRED\u0007BEL\u000DCR\u000A✓ fake"#))
    #expect(!result.stdout.contains("\u{1B}"))
  }
}
