import Foundation
import Testing

/// Which `Conformance` folder a run used: the text report says it when it is not `./Conformance` (found in a parent,
/// or the one of the scenario paths given), and the JSON report always has it in `summary.conformanceFolder`.
@Suite("the Conformance folder a run used")
struct ConformanceFolderCLITests {
  static let scenario = "Conformance/scenarios/login/login-double-submit-is-ignored.json"

  @Test func fromTheRepositoryTheTextReportStartsWithTheFirstScenarioAndJSONNamesTheFolder() throws {
    let text = try CLI.run(["run", Self.scenario])
    #expect(text.status == 0)
    #expect(text.lines.first == "✓ login-double-submit-is-ignored")
    let json = try CLI.run(["run", "--format", "json", Self.scenario])
    #expect(json.status == 0)
    let summary = try #require(try Self.summary(json.stdout))
    #expect(summary["conformanceFolder"] as? String == "Conformance")
  }

  @Test func fromASubfolderTheTextReportNamesTheFolderFoundAbove() throws {
    let subfolder = CLI.repository.appendingPathComponent("Sources")
    let folder = CLI.repository.appendingPathComponent("Conformance").path
    let text = try CLI.run(["run", "--filter", "login-double-submit"], in: subfolder)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(Array(text.lines.prefix(2)) == ["Conformance folder: \(folder)", "✓ login-double-submit-is-ignored"])
    let json = try CLI.run(["run", "--format", "json", "--filter", "login-double-submit"], in: subfolder)
    #expect(json.status == 0)
    #expect(try #require(try Self.summary(json.stdout))["conformanceFolder"] as? String == folder)
  }

  @Test func theFolderOfScenariosGivenInsideTheCurrentDirectoryIsNamedRelativeToIt() throws {
    // A folder with no Conformance of its own, holding a link to this checkout.
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("checkout"), withDestinationURL: CLI.repository)
    let text = try CLI.run(["run", "checkout/\(Self.scenario)"], in: folder)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      Array(text.lines.prefix(2)) == ["Conformance folder: checkout/Conformance", "✓ login-double-submit-is-ignored"])
  }

  /// The `summary` object of a JSON report.
  static func summary(_ report: String) throws -> [String: Any]? {
    let object = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
    return object?["summary"] as? [String: Any]
  }
}
