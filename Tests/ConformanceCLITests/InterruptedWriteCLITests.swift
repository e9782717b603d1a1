import Foundation
import Testing

/// A signal that ends the tool while it writes its files leaves no temporary file behind, and every file it names is
/// either as it was or whole: SIGINT and SIGTERM at times spread over a run that writes two reports and a baseline.
@Suite("Interrupted writes")
struct InterruptedWriteCLITests {
  /// A workspace of `copies` failing scenarios (so the baseline update has entries to write) and a baseline.
  private static func workspace(copies: Int) throws -> URL {
    let root = try BaselineCLITests.workspace(baseline: BaselineCLITests.file())
    let folder = root.appendingPathComponent("Conformance/scenarios/login")
    let fixture = try String(
      contentsOf: CLI.repository.appendingPathComponent(
        "Tests/ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json"), encoding: .utf8)
    for index in 0..<copies {
      let id = "login-wrong-copy-\(index)"
      try Data(fixture.replacingOccurrences(of: "login-wrong-loading-flag", with: id).utf8).write(
        to: folder.appendingPathComponent("\(id).json"))
    }
    return root
  }

  /// Every name below `folder` (recursively) that ends in `.tmp`.
  private static func temporaryFiles(below folder: URL) -> [String] {
    let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return names.filter { $0.hasSuffix(".tmp") }
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalDuringAWriteLeavesNoTemporaryFileAndNoHalfFile(signal: Int32) throws {
    let root = try Self.workspace(copies: 400)
    let baseline = root.appendingPathComponent("Conformance/known-divergences.json")
    let original = try Data(contentsOf: baseline)
    var caughtWriting = 0
    for round in 0..<8 {
      try Data(original).write(to: baseline)
      for name in ["r.json", "r.xml"] { try? FileManager.default.removeItem(at: root.appendingPathComponent(name)) }
      let process = Process()
      process.executableURL = CLI.executable
      process.arguments = ["run", "--jobs", "1", "--update-baseline", "--json", "r.json", "--junit", "r.xml"]
      process.currentDirectoryURL = root
      process.environment = ProcessInfo.processInfo.environment.merging(["CONFORMANCE_TODAY": "2026-06-01"]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Signal the moment a temporary file shows: the tool is then inside a write.
      while process.isRunning {
        if !Self.temporaryFiles(below: root).isEmpty {
          kill(process.processIdentifier, signal)
          caughtWriting += 1
          break
        }
        usleep(200)
      }
      process.waitUntilExit()
      #expect(Self.temporaryFiles(below: root) == [], "round \(round)")
      let written = try Data(contentsOf: baseline)
      if written != original {
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: written) }
      }
      if let report = FileManager.default.contents(atPath: root.appendingPathComponent("r.json").path) {
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: report) }
      }
      if let report = FileManager.default.contents(atPath: root.appendingPathComponent("r.xml").path) {
        #expect(String(decoding: report, as: UTF8.self).hasSuffix("</testsuites>\n"), "round \(round)")
      }
    }
    #expect(caughtWriting > 0, "no round caught the tool inside a write")
  }
}
