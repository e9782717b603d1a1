import Foundation
import Testing

/// The JUnit report as CI systems read it: `file` and `line` on each testcase (mikepenz, EnricoMi, CircleCI), a
/// `classname` GitLab shows as the suite name, the failure's headline and details, and the harness's stderr tail.
@Suite("JUnit report for CI", .serialized)
struct JUnitCICLITests {
  /// Each testcase of a JUnit file as `classname|name|file|line`, read by Python's XML parser (so the document is
  /// also checked to be well-formed), plus its failure's message and system-err text when it has them.
  static func testcases(_ file: URL) throws -> [String] {
    let script = """
      import sys, xml.etree.ElementTree as E
      for case in E.parse(sys.argv[1]).getroot().iter("testcase"):
          a = case.attrib
          failure = case.find("failure")
          err = case.find("system-err")
          print("|".join([a["classname"], a["name"], a.get("file", "-"), a.get("line", "-"),
              failure.get("message") if failure is not None else "-",
              repr(err.text) if err is not None else "-"]))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "the JUnit file does not parse as XML")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func testcasesCarryFileLineAndAClassnameGitLabGroupsBy() throws {
    let (workspace, folder) = try GitHubCLITests.corpus()
    let harness = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
    let junit = workspace.appendingPathComponent("parity.xml")
    let result = try CLI.run(
      ["run", folder.path, "--harness", "fake=python3 \(harness.path) good", "--junit", junit.path],
      environment: ["GITHUB_WORKSPACE": workspace.path])
    #expect(result.status == 2)
    let cases = try Self.testcases(junit)
    #expect(
      cases.contains(
        "conformance.login.swift|login-wrong-loading-flag|odd%,:dir/login-wrong-loading-flag.json|10|"
          + "step 3: state.isLoading: expected false, got true|-"))
    #expect(
      cases.contains(
        "conformance.login.parity|login-wrong-loading-flag|odd%,:dir/login-wrong-loading-flag.json|6|"
          + "implementations diverge at step 1|-"))
    #expect(
      cases.contains { $0.hasPrefix("conformance.invalid-files|") && $0.contains("|odd%,:dir/syntax-error.json|4|") })
    // The failure's body is the text report's details for it.
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(
      xml.contains(
        #"type="failed">step 3 of 3: send {"type":"submit"}"# + "\n  state.isLoading: expected false, got true"))
  }

  @Test func aCrashPutsTheHarnessStderrTailInSystemErr() throws {
    let (workspace, folder) = try GitHubCLITests.corpus()
    let harness = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
    let junit = workspace.appendingPathComponent("parity.xml")
    _ = try CLI.run(
      [
        "run", folder.appendingPathComponent("login-wrong-loading-flag.json").path, "--impl", "flaky",
        "--harness", "flaky=python3 \(harness.path) crash-always", "--junit", junit.path,
      ], environment: ["GITHUB_WORKSPACE": workspace.path])
    let cases = try Self.testcases(junit)
    let crashed = try #require(cases.first { $0.hasPrefix("conformance.login.flaky|") })
    #expect(
      crashed.hasPrefix("conformance.login.flaky|login-wrong-loading-flag|odd%,:dir/login-wrong-loading-flag.json|1|-|")
    )
    #expect(crashed.contains("fake-harness: about to crash in scenario 'login-wrong-loading-flag'"))
  }
}
