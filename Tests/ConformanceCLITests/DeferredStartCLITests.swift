import Foundation
import Testing

/// A harness whose declared levels rule out scenarios starts with the first scenario it may run, not before the run:
/// a reducer-only run never starts a runtime-only harness, and says so; a runtime scenario starts it; a broken one
/// that a scenario needs fails exactly as one started up front.
@Suite("A harness with declared levels starts with its first scenario")
struct DeferredStartCLITests {
  static let reducerScenario = "Conformance/scenarios/login/login-double-submit-is-ignored.json"
  static let runtimeScenario =
    "Conformance/scenarios/login/runtime/login-runtime-advancing-while-idle-changes-nothing.json"

  /// A harness command that leaves `started` in its folder, then fails before answering `hello`.
  private static func brokenHarness() throws -> (command: String, marker: URL) {
    let folder = try CLI.temporaryFolder()
    let script = folder.appendingPathComponent("broken.sh")
    try Data("#!/bin/sh\ntouch \"$(dirname \"$0\")/started\"\necho 'no JVM here' >&2\nexit 3\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return (script.path, folder.appendingPathComponent("started"))
  }

  /// A Python harness that leaves `started` in its folder and serves login at the reducer level only, so a runtime
  /// scenario it is given is `skipped`.
  private static func workingHarness() throws -> (command: String, marker: URL) {
    let marker = try CLI.temporaryFolder().appendingPathComponent("started")
    let script = try CLI.pythonHarness(
      named: "lazy", onRun: "pass", preamble: "open(\(String(reflecting: marker.path)), 'w').close()")
    return ("python3 \(script.path)", marker)
  }

  private static func implementations(_ report: URL) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    return object?["implementations"] as? [[String: Any]] ?? []
  }

  @Test func aReducerOnlyRunNeverStartsARuntimeOnlyHarness() throws {
    let (command, marker) = try Self.brokenHarness()
    let report = marker.deletingLastPathComponent().appendingPathComponent("report.json")
    let result = try CLI.run(
      ["run", Self.reducerScenario, "--harness", "lazy:runtime=\(command)", "--json", report.path, "--jobs", "2"])
    #expect(!FileManager.default.fileExists(atPath: marker.path), "the runtime-only harness was started")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr == "")
    #expect(
      result.lines.contains(
        "lazy: not started, as no scenario in the run needs it (see its declared levels and features)"),
      "\(result.stdout)")
    #expect(result.lines.last == "1 passed, 0 failed, 1 not applicable")
    let lazy = try Self.implementations(report).last
    #expect(lazy?["name"] as? String == "lazy")
    #expect(lazy?["started"] as? Bool == false)
    #expect(lazy?["startError"] is NSNull)
    #expect(lazy?["language"] is NSNull)
    #expect(try Self.implementations(report).first?["started"] as? Bool == true)
  }

  @Test func aRuntimeScenarioStartsItAndTheStreamSaysWhen() throws {
    let (command, marker) = try Self.workingHarness()
    let folder = marker.deletingLastPathComponent()
    let (report, events) = (folder.appendingPathComponent("report.json"), folder.appendingPathComponent("events"))
    let result = try CLI.run(
      [
        "run", Self.reducerScenario, Self.runtimeScenario, "--harness", "lazy:runtime=\(command)", "--json",
        report.path, "--events", events.path, "--allow-skipped",
      ])
    #expect(FileManager.default.fileExists(atPath: marker.path), "the harness was not started")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("not started"), "\(result.stdout)")
    let lazy = try Self.implementations(report).last
    #expect(lazy?["started"] as? Bool == true)
    #expect(lazy?["language"] as? String == "Python")
    let records = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").compactMap {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let kinds = records.map {
      ($0["kind"] as? String ?? "") + " " + ($0["scenario"] as? String ?? $0["name"] as? String ?? "")
    }
    // The late start comes after the reducer scenario, which did not need it, and just before the runtime one.
    #expect(
      kinds.filter { $0.hasPrefix("scenario") || $0.hasPrefix("implementation") } == [
        "scenario login-double-submit-is-ignored", "implementation lazy",
        "scenario login-runtime-advancing-while-idle-changes-nothing",
      ])
    let header = (records.first?["implementations"] as? [[String: Any]])?.last
    #expect(header?["started"] as? Bool == false)
    #expect(header?["startError"] is NSNull)
    let late = records.first { $0["kind"] as? String == "implementation" }
    #expect(late?["started"] as? Bool == true)
    #expect(late?["features"] as? [String] == ["login"])
  }

  /// The same broken harness, declared runtime-only (started with its first runtime scenario) and declared with no
  /// levels (started before the run), gives the same output, error text and exit status.
  @Test func aBrokenHarnessAScenarioNeedsFailsAsOneStartedUpFront() throws {
    let (command, marker) = try Self.brokenHarness()
    let report = marker.deletingLastPathComponent().appendingPathComponent("report.json")
    let late = try CLI.run(["run", Self.runtimeScenario, "--harness", "lazy:runtime=\(command)", "--json", report.path])
    #expect(FileManager.default.fileExists(atPath: marker.path), "the needed harness was not started")
    let upFront = try CLI.run(["run", Self.runtimeScenario, "--harness", "lazy=\(command)"])
    #expect(late.status == 1)
    #expect(upFront.status == 1)
    #expect(
      late.errorLines.first?.hasPrefix("error: the implementation 'lazy' did not start: ") == true, "\(late.stderr)")
    #expect(late.stderr == upFront.stderr)
    #expect(JobsCLITests.normalized(late.stdout) == JobsCLITests.normalized(upFront.stdout))
    #expect(late.stdout.contains("did not start (see the error above)"), "\(late.stdout)")
    let lazy = try Self.implementations(report).last
    #expect(lazy?["started"] as? Bool == false)
    #expect((lazy?["startError"] as? String)?.isEmpty == false)
  }
}
