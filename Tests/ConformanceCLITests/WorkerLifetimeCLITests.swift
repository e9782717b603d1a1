import Foundation
import Testing

/// The worker process that runs a supervised command: it never outlives the tool, and the harnesses it starts get the
/// user's environment, not the worker's own settings.
@Suite("The run's worker process")
struct WorkerLifetimeCLITests {
  /// A login harness that records its pid and its `SWIFT_BACKTRACE` in `folder` when it starts, then answers every
  /// run after `delay` seconds.
  private static func harness(in folder: URL, delay: Double) throws -> URL {
    try CLI.pythonHarness(
      named: "slow",
      onRun: """
        time.sleep(\(delay))
                if request["cmd"] == "bye":
                    break
                print(json.dumps({"seq": request["seq"], "skipped": {"reason": "slow"}}), flush=True)
        """,
      preamble: """
        open('\(folder.path)/pid', 'w').write(str(os.getpid()))
        open('\(folder.path)/backtrace', 'w').write(os.environ.get('SWIFT_BACKTRACE', '<unset>'))
        """)
  }

  @Test func harnessesGetTheUsersEnvironmentNotTheWorkersBacktraceSetting() throws {
    let folder = try CLI.temporaryFolder()
    let script = try Self.harness(in: folder, delay: 0)
    let result = try CLI.run([
      "run", "--harness", "slow:reducer=python3 \(script.path)", "--allow-skipped",
      "Conformance/scenarios/login/login-double-submit-is-ignored.json",
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let seen = try String(contentsOf: folder.appendingPathComponent("backtrace"), encoding: .utf8)
    #expect(seen == (ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] ?? "<unset>"))
  }

  /// Killed with SIGKILL, the tool cannot clean up; its worker, told by the kernel, ends the harness and writes no
  /// report afterwards.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func aWorkerDoesNotOutliveItsSupervisor() throws {
    let folder = try CLI.temporaryFolder()
    let script = try Self.harness(in: folder, delay: 0.2)
    let report = folder.appendingPathComponent("r.json")
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = [
      "run", "--jobs", "1", "--harness", "slow:reducer=python3 \(script.path)", "--allow-skipped", "--json",
      report.path, "Conformance/scenarios/login",
    ]
    process.currentDirectoryURL = CLI.repository
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pidFile = folder.appendingPathComponent("pid")
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: pidFile.path), Date() < deadline { usleep(20_000) }
    usleep(300_000)
    let harness = pid_t(try String(contentsOf: pidFile, encoding: .utf8)) ?? 0
    #expect(harness > 0)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let gone = Date().addingTimeInterval(5)
    while kill(harness, 0) == 0, Date() < gone { usleep(20_000) }
    #expect(kill(harness, 0) != 0, "the harness outlived the tool")
    usleep(500_000)
    #expect(!FileManager.default.fileExists(atPath: report.path), "a report was written after the tool was killed")
  }
}
