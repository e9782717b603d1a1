import Foundation
import Testing

/// `--summary <file>` appends only to a file this tool wrote: a scenario, a report or any other file named by mistake
/// is refused before anything runs, and left as it was.
@Suite struct StepSummaryFileCLITests {
  static let scenario = CLI.repository.appendingPathComponent(
    "Conformance/scenarios/timer/timer-tick-counts-a-second.json"
  )
  .path

  /// The usage error for a `--summary` file the tool may not append to.
  static func refusal(_ path: String) -> String {
    "error: option '--summary' names '\(path)', which exists and is not a step summary this tool wrote; "
      + "refusing to append to it (remove it or choose another name)"
  }

  @Test func aScenarioNamedAsTheSummaryIsRefusedBeforeTheRunAndLeftWhole() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let timer = folder.appendingPathComponent("timer")
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/scenarios/timer"), to: timer)
    let scenario = timer.appendingPathComponent("timer-tick-counts-a-second.json")
    let before = try Data(contentsOf: scenario)
    let result = try CLI.run(["run", timer.path, "--summary", scenario.path])
    #expect(result.status == 2)
    #expect(result.errorLines.first == Self.refusal(scenario.path))
    #expect(result.stdout == "")
    #expect(try Data(contentsOf: scenario) == before)
  }

  @Test func anExistingReportNamedAsTheSummaryIsRefused() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("parity.json").path
    #expect(try CLI.run(["run", Self.scenario, "--json", report]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: report))
    let result = try CLI.run(["run", Self.scenario, "--summary", report])
    #expect(result.status == 2)
    #expect(result.errorLines.first == Self.refusal(report))
    #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == before)
  }

  @Test(arguments: ["json", "junit", "html", "events"])
  func aReportAndTheSummaryCannotShareAFile(option: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLI.run(["run", Self.scenario, "--\(option)", "same3", "--summary", "same3"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--\(option)' and '--summary' name the same file 'same3'; give each report its own file")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("same3").path))
  }

  @Test func theSameFileIsSaidFirstEvenWhenItHoldsAnEarlierReport() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CLI.run(["run", Self.scenario, "--json", "same3"], in: folder).status == 0)
    let before = try Data(contentsOf: folder.appendingPathComponent("same3"))
    let result = try CLI.run(["run", Self.scenario, "--json", "same3", "--summary", "same3"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--json' and '--summary' name the same file 'same3'; give each report its own file")
    #expect(try Data(contentsOf: folder.appendingPathComponent("same3")) == before)
  }

  @Test func mergeReportsRefusesAnInputReportAsTheSummary() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let repository = CLI.repository.path
    for index in 1...3 {
      let shard = try CLI.run(
        ["run", "\(repository)/Conformance/scenarios/timer", "--shard", "\(index)/3", "--json", "m\(index).json"],
        in: folder)
      #expect(shard.status == 0)
    }
    let before = try Data(contentsOf: folder.appendingPathComponent("m3.json"))
    let result = try CLI.run(
      ["merge-reports", "m1.json", "m2.json", "m3.json", "--summary", "m3.json"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--summary' names the input report 'm3.json'; write the merged report to a file of its own")
    #expect(try Data(contentsOf: folder.appendingPathComponent("m3.json")) == before)
    // Any other file that is not a summary is refused as `run` refuses it.
    try Data("notes\n".utf8).write(to: folder.appendingPathComponent("notes.md"))
    let other = try CLI.run(
      ["merge-reports", "m1.json", "m2.json", "m3.json", "--summary", "notes.md"], in: folder)
    #expect(other.status == 2)
    #expect(other.errorLines.first == Self.refusal("notes.md"))
    #expect(try String(contentsOf: folder.appendingPathComponent("notes.md"), encoding: .utf8) == "notes\n")
  }

  @Test func aSummaryTheToolWroteOrAnEmptyFileIsAppendedTo() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let summary = folder.appendingPathComponent("summary.md")
    try Data().write(to: summary)
    #expect(try CLI.run(["run", Self.scenario, "--summary", summary.path]).status == 0)
    let once = try String(contentsOf: summary, encoding: .utf8)
    #expect(once.hasPrefix("<!-- udf-conformance step summary -->\n## Conformance: "))
    #expect(try CLI.run(["run", Self.scenario, "--summary", summary.path]).status == 0)
    let twice = try String(contentsOf: summary, encoding: .utf8)
    #expect(twice.hasPrefix(once))
    #expect(twice.components(separatedBy: "<!-- udf-conformance step summary -->\n").count == 3)
  }
}
