import Foundation
import Testing

/// `--retries N` and the `flaky` outcome, end to end, with the fixture harness `flaky-harness.py`: it relays every
/// request to `conformance harness` (the Swift implementation over the protocol), except that it crashes or hangs on
/// one scenario as told, and counts how many times it was asked to run that scenario.
@Suite(.serialized) struct RetriesCLITests {
  /// What the fixture harness does with its target scenario (its MODE argument).
  enum Mode: String {
    /// Crashes (exit status 3) on the first request for it, then relays.
    case crashOnce = "crash-once"
    /// Crashes on every request for it.
    case crashAlways = "crash-always"
    /// Hangs on the first request for it, then relays.
    case hangOnce = "hang-once"
    /// Always relays (the target is only counted).
    case relay
  }

  /// The fixture harness with a fresh folder of its own, where it counts the target's requests (`runs`, a line each).
  struct Relay {
    var folder: URL

    /// `--harness relay=…` for `mode` on `target`.
    func harness(_ mode: Mode, target: String) -> String {
      "relay=python3 \(Self.script.path) \(mode.rawValue) \(target) \(folder.path)"
    }

    /// How many run requests for the target reached the harness.
    var runs: Int {
      ((try? String(contentsOf: folder.appendingPathComponent("runs"), encoding: .utf8)) ?? "")
        .split(separator: "\n").count
    }

    static let script = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/flaky/flaky-harness.py")
  }

  static func relay() throws -> Relay { Relay(folder: try CLI.temporaryFolder()) }

  /// Runs `conformance` with the fixture harness relaying to the executable under test.
  static func run(_ arguments: [String]) throws -> CLI.Result {
    try CLI.run(arguments, environment: ["CONFORMANCE_EXECUTABLE": CLI.executable.path])
  }

  static let valid = "login-submit-valid-credentials"
  static let other = "login-double-submit-is-ignored"
  static let files = [
    "Conformance/scenarios/login/\(other).json", "Conformance/scenarios/login/\(valid).json",
  ]
  static let failing = "Tests/ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json"

  /// The report without its timing line (`Ran … in … s`).
  static func untimed(_ lines: [String]) -> [String] { lines.filter { !$0.hasPrefix("Ran ") } }

  @Test func aPairThatPassesOnARetryIsFlakyAndPassesTheRun() throws {
    let relay = try Self.relay()
    let result = try Self.run(
      ["run", "--impl", "relay", "--harness", relay.harness(.crashOnce, target: Self.valid), "--retries", "2"]
        + Self.files)
    #expect(result.status == 0)
    #expect(relay.runs == 2)
    #expect(
      Self.untimed(result.lines) == [
        "Implementation 'relay': Swift \(Self.version)",
        "✓ \(Self.other)",
        "! \(Self.valid) (flaky: passed on attempt 2)",
        "    attempt 1 of 2: crashed: the harness exited with status 3 before replying",
        "",
        "relay: 1 passed, 1 flaky",
        "1 flaky pair passed only on a retry after a crash or timeout; --no-flaky fails the run on them",
        "1 passed, 0 failed, 1 flaky",
      ])
  }

  @Test func noFlakyMakesAFlakyPairFailTheRun() throws {
    let relay = try Self.relay()
    let result = try Self.run(
      [
        "run", "--impl", "relay", "--harness", relay.harness(.crashOnce, target: Self.valid), "--retries", "1",
        "--no-flaky",
      ] + Self.files)
    #expect(result.status == 1)
    #expect(
      Self.untimed(result.lines).suffix(2) == [
        "1 flaky pair fails the run (--no-flaky): passed only on a retry after a crash or timeout",
        "1 passed, 0 failed, 1 flaky",
      ])
  }

  @Test func aPairThatAlwaysCrashesIsCrashedAfterEveryAttempt() throws {
    let relay = try Self.relay()
    let result = try Self.run(
      ["run", "--impl", "relay", "--harness", relay.harness(.crashAlways, target: Self.valid), "--retries", "2"]
        + Self.files)
    #expect(result.status == 1)
    #expect(relay.runs == 3)
    #expect(
      Self.untimed(result.lines) == [
        "Implementation 'relay': Swift \(Self.version)",
        "✓ \(Self.other)",
        "✗ \(Self.valid) (crashed)",
        "    file: Conformance/scenarios/login/\(Self.valid).json",
        "    crashed: the harness exited with status 3 before replying",
        "    attempt 1 of 3: crashed: the harness exited with status 3 before replying",
        "    attempt 2 of 3: crashed: the harness exited with status 3 before replying",
        "",
        "relay: 1 passed, 1 crashed",
        "1 passed, 1 failed",
      ])
  }

  @Test func withoutRetriesACrashIsNotRunAgain() throws {
    let relay = try Self.relay()
    let result = try Self.run(
      ["run", "--impl", "relay", "--harness", relay.harness(.crashOnce, target: Self.valid)] + Self.files)
    #expect(result.status == 1)
    #expect(relay.runs == 1)
    #expect(result.lines.contains("✗ \(Self.valid) (crashed)"))
    #expect(!result.lines.contains { $0.contains("attempt") })
  }

  @Test func aFailingPairIsNeverRetried() throws {
    let relay = try Self.relay()
    let result = try Self.run([
      "run", "--impl", "relay", "--harness", relay.harness(.relay, target: "login-wrong-loading-flag"), "--retries",
      "3", Self.failing,
    ])
    #expect(result.status == 1)
    #expect(relay.runs == 1)
    #expect(result.lines.contains("✗ login-wrong-loading-flag (failed)"))
    #expect(result.lines.last == "0 passed, 1 failed")
  }

  @Test func aTimeoutIsRetriedOnAFreshProcessAndRecordedInTheReports() throws {
    let relay = try Self.relay()
    let folder = try CLI.temporaryFolder()
    let (json, junit, events) = (
      folder.appendingPathComponent("report.json"), folder.appendingPathComponent("report.xml"),
      folder.appendingPathComponent("events.ndjson")
    )
    let result = try Self.run(
      [
        "run", "--impl", "relay", "--harness", relay.harness(.hangOnce, target: Self.valid), "--retries", "1",
        "--timeout", "1", "--json", json.path, "--junit", junit.path, "--events", events.path,
      ] + Self.files)
    #expect(result.status == 0)
    #expect(relay.runs == 2)
    #expect(result.lines.contains("    attempt 1 of 2: timed out after 1.0 s"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    let flaky = try #require(results.first { $0["scenario"] as? String == Self.valid })
    #expect(flaky["outcome"] as? String == "flaky")
    #expect(flaky["attempts"] as? Int == 2)
    let attempts = try #require(flaky["failedAttempts"] as? [[String: Any]])
    #expect(attempts.map { $0["outcome"] as? String } == ["timed_out"])
    #expect((attempts.first?["failure"] as? [String: Any])?["message"] as? String == "no reply within 1.0 s")
    #expect(results.first { $0["scenario"] as? String == Self.other }?["attempts"] as? Int == 1)
    #expect((report["summary"] as? [String: Any])?["flaky"] as? Int == 1)
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains(#"<flakyError message="timed out after 1.0 s" type="timed_out">"#))
    #expect(xml.contains(#"tests="2" failures="0" errors="0" skipped="0""#))
    let records = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").compactMap {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let finished = records.filter { $0["kind"] as? String == "finished" && $0["scenario"] as? String == Self.valid }
    #expect(finished.map { $0["attempt"] as? Int } == [1, 2])
    #expect(finished.map { $0["outcome"] as? String } == ["timed_out", "flaky"])
  }

  @Test func aFlakyPairIsAWarningAtItsScenarioAndARowOfTheStepSummary() throws {
    let relay = try Self.relay()
    let summary = try CLI.temporaryFolder().appendingPathComponent("summary.md")
    let result = try Self.run(
      [
        "run", "--impl", "relay", "--harness", relay.harness(.crashOnce, target: Self.valid), "--retries", "1",
        "--annotations", "github", "--summary", summary.path,
      ] + Self.files)
    #expect(result.status == 0)
    #expect(
      result.lines.contains(
        "::warning file=Conformance/scenarios/login/\(Self.valid).json,line=1,title=\(Self.valid) on relay is flaky::"
          + "passed on attempt 2 of 2%0Aattempt 1 of 2: crashed: the harness exited with status 3 before replying"))
    let markdown = try String(contentsOf: summary, encoding: .utf8)
    #expect(
      markdown.contains(
        "| Scenario | Implementation | Attempts | Earlier attempts |\n|---|---|---|---|\n"
          + "| \(Self.valid) | relay | 2 | crashed: the harness exited with status 3 before replying |\n"))
  }

  @Test func jobsDoNotChangeWhatARetriedRunReports() throws {
    func run(jobs: String) throws -> CLI.Result {
      let relay = try Self.relay()
      return try Self.run(
        [
          "run", "--impl", "relay", "--harness", relay.harness(.crashOnce, target: Self.valid), "--retries", "1",
          "--jobs", jobs,
        ] + Self.files)
    }
    let (one, two) = (try run(jobs: "1"), try run(jobs: "2"))
    #expect(one.status == two.status)
    #expect(Self.untimed(one.lines) == Self.untimed(two.lines))
  }

  @Test(arguments: ["-1", "x", "11"]) func aBadRetriesValueIsAUsageError(value: String) throws {
    let result = try CLI.run(["run", "--retries", value])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first == "error: option '--retries' takes a whole number from 0 to 10, got '\(value)'")
  }

  /// The tool's version, as `conformance --version` and the `hello` of `conformance harness` give it.
  static var version: String {
    let line = (try? CLI.run(["--version"]).stdout) ?? ""
    return String(line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").last ?? "")
  }
}
