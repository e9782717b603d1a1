import Foundation
import Testing

/// A trap in the in-process Swift implementation, end to end (``CrashSupervisor``): `TrappingConformanceTool` is the
/// `conformance` tool with a login reducer that overflows an `Int8` on an email of more than 127 scalars. `run` must
/// report the pair `crashed` and go on; `fuzz` must shrink the crash and write a scenario that reproduces it; and a
/// harness that crashes during `fuzz` must give a finding that holds the steps that crashed.
@Suite("a crash in the Swift implementation, end to end", .serialized)
struct CrashSupervisorCLITests {
  /// The trapping tool, built beside `conformance`.
  static var trapping: URL {
    CLI.executable.deletingLastPathComponent().appendingPathComponent("TrappingConformanceTool")
  }

  /// How the platform reports a trap: `SIGILL` on Linux (x86-64 `ud2`), `SIGTRAP` on Apple platforms (arm64 `brk`).
  static var trapSignal: String {
    #if os(Linux)
      "signal 4 (SIGILL)"
    #else
      "signal 5 (SIGTRAP)"
    #endif
  }

  /// The note the supervisor prints when its first worker traps.
  static var note: String {
    "note: the run was killed by \(trapSignal), a trap in Swift code such as an overflow, a force unwrap or a failed "
      + "precondition; running it again with 'swift' out of process ('\(trapping.resolvingSymlinksInPath().path) "
      + "harness'), so that a crash there is reported as that implementation's outcome"
  }

  /// Runs the trapping tool, as ``CLI/run(_:in:stdin:environment:asUser:descriptorLimit:)`` runs `conformance`.
  static func runTrapping(_ arguments: [String], in folder: URL = CLI.repository) throws -> CLI.Result {
    try #require(FileManager.default.isExecutableFile(atPath: trapping.path), "build TrappingConformanceTool")
    let process = Process()
    process.executableURL = trapping
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let (out, err) = (Pipe(), Pipe())
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A login scenario whose one step sends an email of 128 scalars: the trapping reducer's overflow.
  static func trappingScenario(in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent("login-long-email-traps.json")
    let email = String(repeating: "a", count: 128)
    try Data(
      """
      {"id": "login-long-email-traps", "feature": "login", "description": "An email of 128 scalars.",
       "steps": [{"send": {"type": "emailChanged", "value": "\(email)"}, "expect": {"changes": {"email": "\(email)"}}}]}
      """.utf8
    ).write(to: file)
    return file
  }

  /// The report lines without the harness's stderr tail (a backtrace, with addresses and timings).
  static func withoutStderr(_ lines: [String]) -> [String] {
    lines.filter { !$0.hasPrefix("      |") && !$0.hasPrefix("    |") }
  }

  @Test func runReportsATrappingScenarioCrashedAndRunsTheOthers() throws {
    let folder = try CLI.temporaryFolder()
    let scenario = try Self.trappingScenario(in: folder)
    let (json, junit) = (folder.appendingPathComponent("report.json"), folder.appendingPathComponent("report.xml"))
    let result = try Self.runTrapping([
      "run", "Conformance/scenarios/login/login-double-submit-is-ignored.json", scenario.path,
      "Conformance/scenarios/login/login-password-length-boundary.json", "--json", json.path, "--junit", junit.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.errorLines == [Self.note])
    let lines = Self.withoutStderr(result.lines)
    #expect(
      Array(lines.prefix(5)) == [
        "✓ login-double-submit-is-ignored",
        "✗ login-long-email-traps (crashed)",
        "    file: \(scenario.path)",
        "    crashed: the harness was killed by \(Self.trapSignal) before replying",
        "      stderr (last lines):",
      ])
    #expect(
      Array(lines.dropFirst(5)) == [
        "✓ login-password-length-boundary", "", "swift: 2 passed, 1 crashed",
        lines.dropLast().last ?? "", "2 passed, 1 failed",
      ])
    #expect(lines.dropLast().last?.hasPrefix("Ran 3 scenarios (") == true)
    #expect(result.stdout.contains("arithmetic overflow"), "the backtrace names the trap")

    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let results = report?["results"] as? [[String: Any]] ?? []
    #expect(results.map { $0["outcome"] as? String } == ["passed", "crashed", "passed"])
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="conformance" tests="3" failures="0" errors="1" skipped="0">"#))
    #expect(xml.contains(#"type="crashed""#))
  }

  @Test func fuzzShrinksATrapAndWritesAScenarioThatReproducesIt() throws {
    let out = try CLI.temporaryFolder().appendingPathComponent("findings")
    let result = try Self.runTrapping([
      "fuzz", "--feature", "login", "--harness", "twin=\(CLI.executable.path) harness", "--runs", "3000",
      "--reference", "twin", "--out", out.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.errorLines.first == Self.note)
    let lines = Self.withoutStderr(result.lines)
    #expect(lines.first == "fuzz login on swift, twin: seed 0, 3000 sequences of 1 to 8 steps")
    #expect(lines.dropFirst().first?.hasPrefix("swift crashed in sequence ") == true, "\(result.stdout)")
    #expect(lines.dropFirst(2).first?.hasPrefix("shrunk in ") == true)
    #expect(lines.dropFirst(2).first?.contains(" steps to 1, ") == true, "one step is enough to trap")
    #expect(lines.dropFirst(3).first?.hasPrefix(#"  step 1: send {"type":"emailChanged","value":""#) == true)
    #expect(
      Array(lines.dropFirst(4)) == [
        "    swift: crashed: the harness was killed by \(Self.trapSignal) before replying",
        "      stderr (last lines):",
        "    twin: a trace of 1 step",
        lines.last ?? "",
      ])
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
    let path = out.appendingPathComponent(file).path
    #expect(lines.last == "wrote \(path) (expectations from twin)")

    // The scenario: one step, the email that traps, and the description says what happened.
    let scenario = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    #expect(
      scenario["description"] as? String
        == "Found by conformance fuzz --seed 0: swift crashed (the harness was killed by \(Self.trapSignal) before "
        + "replying). Expectations recorded from twin; check them against the spec before committing.")
    let steps = scenario["steps"] as? [[String: Any]] ?? []
    let sent = steps.first?["send"] as? [String: Any]
    #expect(steps.count == 1)
    #expect(sent?["type"] as? String == "emailChanged")
    #expect(((sent?["value"] as? String) ?? "").unicodeScalars.count == 128, "shrunk to the shortest that traps")

    // It reproduces the crash, and the correct reducer passes it.
    let reproduced = try Self.runTrapping(["run", path])
    #expect(reproduced.status == 1)
    #expect(reproduced.errorLines == [Self.note])
    #expect(
      Self.withoutStderr(reproduced.lines).prefix(2) == [
        "✗ \(file.dropLast(".json".count)) (crashed)", "    file: \(path)",
      ])
    #expect(Self.withoutStderr(reproduced.lines).last == "0 passed, 1 failed")
    #expect(try CLI.run(["run", path]).lines.last == "1 passed, 0 failed")
  }

  /// A harness that crashes during `fuzz` is shrunk like a divergence: the finding holds the steps that crash it, and
  /// the written scenario's description says it crashed (not why the harness was not restarted).
  @Test func aHarnessThatCrashesDuringFuzzGivesTheStepsThatCrashIt() throws {
    let out = try CLI.temporaryFolder().appendingPathComponent("findings")
    let crashy = "crashy=\(Self.trapping.path) harness"
    let result = try CLI.run([
      "fuzz", "--feature", "login", "--harness", crashy, "--runs", "3000", "--reference", "swift", "--out", out.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let lines = Self.withoutStderr(result.lines)
    #expect(lines.dropFirst().first?.hasPrefix("crashy crashed in sequence ") == true, "\(result.stdout)")
    #expect(lines.dropFirst(3).first?.hasPrefix(#"  step 1: send {"type":"emailChanged","value":""#) == true)
    #expect(lines.contains("    crashy: crashed: the harness was killed by \(Self.trapSignal) before replying"))
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
    let path = out.appendingPathComponent(file).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("crashy crashed (the harness was killed by \(Self.trapSignal) before replying)"))
    #expect(!text.contains("restart"))
    let gate = try CLI.run(["run", path, "--harness", crashy])
    #expect(gate.status == 1)
    #expect(gate.lines.dropFirst().first == "passed          crashed         \(file.dropLast(".json".count))")
  }

  /// A crash that does not happen again out of process still fails the run, in the exit status and in every report,
  /// and the run says why no outcome shows it (the trapping tool's signup reducer traps only in the tool's own
  /// process).
  @Test func aCrashThatDoesNotHappenAgainOutOfProcessStillFails() throws {
    let folder = try CLI.temporaryFolder()
    let (json, junit) = (folder.appendingPathComponent("r.json"), folder.appendingPathComponent("r.xml"))
    let result = try Self.runTrapping([
      "run", "Conformance/scenarios/signup/signup-register-success-stores-the-user-id.json", "--json", json.path,
      "--junit", junit.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    // The first worker's own words come first: the Swift runtime names a failed precondition.
    #expect(result.errorLines.first?.hasSuffix("Precondition failed: a planted trap, in process only") == true)
    #expect(result.errorLines.last == Self.note)
    let failure =
      "the run was killed by signal 4 (SIGILL) with the Swift implementation in process, but no scenario crashed when "
      + "it ran again out of process; the crash may depend on timing or on more than one scenario"
    #expect(result.lines.contains("The run failed: \(failure)"), "\(result.lines)")
    #expect(result.lines.last == "1 passed, 0 failed, 1 run failure")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["exitCode"] as? Int == 1)
    #expect(summary["runFailures"] as? [String] == [failure])
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains(#"<testcase name="run" classname="conformance.run" time="0">"#))
    #expect(xml.contains(#"<testsuite name="run" tests="1" failures="0" errors="1""#), "\(xml)")
  }

  /// `record` is supervised too: a scenario that traps the in-process reducer is named, with the crash, and the
  /// other files are still recorded.
  @Test func recordNamesTheScenarioThatCrashed() throws {
    let long =
      #"{"id": "login-long-email", "feature": "login", "description": "L1: x.", "steps": ["#
      + #"{"send": {"type": "emailChanged", "value": "\#(String(repeating: "a", count: 200))"}}]}"#
    let root = try RecordCLITests.workspace([
      "login-recorded-submit.json": RecordCLITests.submit, "login-long-email.json": long,
    ])
    let result = try Self.runTrapping(
      [
        "record", "Conformance/scenarios/login/login-long-email.json", RecordCLITests.file, "--from", "swift",
        "--write",
      ], in: root)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.errorLines.contains(
        "error: Conformance/scenarios/login/login-long-email.json: nothing recorded: 'swift' crashed: the harness was "
          + "killed by signal 4 (SIGILL) before replying"), "\(result.errorLines)")
    #expect(try RecordCLITests.text(RecordCLITests.file, in: root) == RecordCLITests.submitRecorded)
  }

  /// The variable that makes a process a worker stops at the worker: a harness it starts (which may run
  /// `conformance` itself) never sees it.
  @Test func harnessesDoNotSeeTheWorkerVariable() throws {
    let folder = try CLI.temporaryFolder()
    let seen = folder.appendingPathComponent("seen.txt")
    let script = try CLI.pythonHarness(
      named: "peek", onRun: "break",
      preamble: #"open(sys.argv[1], "w").write(os.environ.get("CONFORMANCE_WORKER", "unset"))"#)
    _ = try CLI.run([
      "run", "Conformance/scenarios/login/login-double-submit-is-ignored.json", "--harness",
      "peek=python3 \(script.path) \(seen.path)",
    ])
    #expect(try String(contentsOf: seen, encoding: .utf8) == "unset")
  }
}
