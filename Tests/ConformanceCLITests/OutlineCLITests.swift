import Foundation
import Testing

/// Scenario outlines end to end (Conformance/README.md §17): each row is listed, run, reported and baselined under its
/// own id; an invalid row makes its file invalid while other files still run; `record` leaves an outline alone.
@Suite("scenario outlines end to end")
struct OutlineCLITests {
  static let outlines = "Tests/ConformanceTests/Fixtures/outlines"
  static let failing = "\(outlines)/signup-age-outline-one-row-fails.json"
  static let badRow = "\(outlines)/signup-age-outline-bad-row.json"
  static let accepted = "Conformance/scenarios/signup/signup-age-accepted-on-submit.json"

  @Test func listShowsEveryRowUnderItsID() throws {
    let result = try CLI.run(["list", Self.accepted])
    #expect(result.status == 0)
    let tail = "  signup, 1 step [submit, age, outline]  \(Self.accepted)"
    #expect(
      result.lines == [
        "signup-age-accepted-on-submit[thirteen]" + tail, "signup-age-accepted-on-submit[leading-zero]" + tail,
        "signup-age-accepted-on-submit[two-leading-zeros]" + tail,
        "signup-age-accepted-on-submit[one-hundred-thirty]" + tail,
        "signup-age-accepted-on-submit[surrounding-spaces]" + tail, "5 scenarios",
      ])
  }

  @Test func aFailingRowIsReportedUnderItsIDAndTheOthersPass() throws {
    let result = try CLI.run(["run", Self.failing])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(5)) == [
        "✓ signup-age-outline-one-row-fails[verbatim]",
        "✗ signup-age-outline-one-row-fails[expects-trimmed] (failed)",
        "    file: \(Self.failing)",
        "    step 1 of 1: send {\"type\":\"ageChanged\",\"value\":\" 42 \"}",
        "      state.age: expected \"42\", got \" 42 \"",
      ])
    #expect(result.lines.last == "1 passed, 1 failed")
  }

  @Test func aRuntimeLevelOutlineRunsEachRow() throws {
    let result = try CLI.run(["run", "Tests/ConformanceTests/Fixtures/outlines-runtime"])
    #expect(result.status == 0)
    #expect(
      Array(result.lines.prefix(3)) == [
        "✓ login-runtime-failure-message-outline[1]", "✓ login-runtime-failure-message-outline[empty]",
        "✓ login-runtime-failure-message-outline[emoji]",
      ])
    #expect(result.lines.last == "3 passed, 0 failed")
  }

  @Test func theJSONAndJUnitReportsNameEachRow() throws {
    let junit = try CLI.temporaryFolder().appendingPathComponent("junit.xml")
    let result = try CLI.run(["run", Self.failing, "--format", "json", "--junit", junit.path])
    #expect(result.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let results = try #require(report?["results"] as? [[String: Any]])
    #expect(
      results.map { "\($0["scenario"] ?? "") \($0["outcome"] ?? "")" } == [
        "signup-age-outline-one-row-fails[verbatim] passed",
        "signup-age-outline-one-row-fails[expects-trimmed] failed",
      ])
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(
      xml.contains(#"<testcase name="signup-age-outline-one-row-fails[verbatim]" classname="conformance.signup.swift""#)
    )
    #expect(
      xml.contains(
        #"<testcase name="signup-age-outline-one-row-fails[expects-trimmed]" classname="conformance.signup.swift""#))
    // A row's failure is placed at the row, as its steps are the outline's.
    #expect(
      xml.contains(#"file="Tests/ConformanceTests/Fixtures/outlines/signup-age-outline-one-row-fails.json" line="7">"#))
  }

  @Test func anInvalidRowMakesItsFileInvalidWhileOtherFilesRun() throws {
    let result = try CLI.run(["run", Self.outlines])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(Self.badRow):7:5: examples[1]: steps[0].send.value: expected string, got 13",
        "error: \(Self.badRow):7:5: examples[1]: steps[0].expect.changes.age: expected string, got 13",
      ])
    #expect(result.lines.first == "✓ signup-age-outline-one-row-fails[verbatim]")
    #expect(result.lines.last == "1 passed, 1 failed, 1 invalid file")
  }

  @Test func aPlaceholderNamingNoParameterIsReportedAtItsLineAndColumn() throws {
    let folder = try CLI.temporaryFolder()
    let file = folder.appendingPathComponent("signup-age-outline-bad-row.json")
    let text = try String(contentsOf: CLI.repository.appendingPathComponent(Self.badRow), encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""value": "<age>""#, with: #""value": "<agee>""#).utf8).write(to: file)
    let result = try CLI.run(["validate", file.path])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(file.path):9:54: steps[0].send.value: placeholder '<agee>' names no parameter; did you mean '<age>'? (parameters: 'age')"
      ])
  }

  @Test func validateChecksEveryRow() throws {
    let result = try CLI.run(["validate", Self.outlines])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 2)
    #expect(result.lines == ["1 file invalid, 1 valid"])
    let valid = try CLI.run(["validate", Self.accepted])
    #expect(valid.status == 0)
    #expect(valid.lines == ["1 file valid (5 scenarios)"])
  }

  @Test func aBaselineNamesARow() throws {
    let baseline = try CLI.temporaryFolder().appendingPathComponent("baseline.json")
    try Data(
      """
      {"entries": [{"scenario": "signup-age-outline-one-row-fails[expects-trimmed]", "implementations": ["swift"],
        "expect": "fails", "step": 1, "paths": ["state.age"], "reason": "The row's expectation is wrong on purpose.",
        "spec": "signup.md S4"}]}
      """.utf8
    ).write(to: baseline)
    let result = try CLI.run(["run", Self.failing, "--baseline", baseline.path])
    #expect(result.status == 0)
    #expect(result.lines.last == "1 passed, 0 failed, 1 known")
  }

  @Test func fuzzWithAReferenceDoesNotWriteOverAnOutline() async throws {
    let out = try CLI.temporaryFolder()
    let arguments = [
      "--feature", "login", "--impl", "mutant", "--runs", "500", "--reference", "swift", "--out", out.path,
    ]
    _ = await Fuzz.run(arguments, mutation: .lacksLateResponseGuard)
    let file = out.appendingPathComponent(
      try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first))
    let outline = Data(#"{"examples": [{"values": {"a": 1}}]}"#.utf8)
    try outline.write(to: file)
    let again = await Fuzz.run(arguments, mutation: .lacksLateResponseGuard)
    #expect(again.status == 1)
    #expect(
      again.errorLines.last
        == "error: \(file.path) is a scenario outline: not replaced; a finding is one plain scenario, written only where no file is (give --out another folder)"
    )
    #expect(try Data(contentsOf: file) == outline)
  }

  @Test func recordRefusesAnOutlineAndLeavesItAsItIs() throws {
    let workspace = try CLI.temporaryFolder()
    let conformance = workspace.appendingPathComponent("Conformance")
    try FileManager.default.createDirectory(at: conformance, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/features"),
      to: conformance.appendingPathComponent("features"))
    let file = workspace.appendingPathComponent("signup-age-outline-one-row-fails.json")
    try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent(Self.failing), to: file)
    let before = try Data(contentsOf: file)
    let result = try CLI.run(["record", file.lastPathComponent, "--from", "swift", "--write"], in: workspace)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: signup-age-outline-one-row-fails.json: this is a scenario outline (it has \"examples\"); record writes one scenario's expectations, so it does not record outlines and leaves the file as it is (record a plain scenario, then turn it into an outline by hand)"
      ])
    #expect(result.lines == ["record from swift: 1 file: 1 invalid"])
    #expect(try Data(contentsOf: file) == before)
  }
}
