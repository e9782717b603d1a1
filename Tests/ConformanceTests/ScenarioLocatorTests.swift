import Foundation
import Testing

@testable import Conformance

/// Where CI reports place a scenario's results: the step's, the creation's or the outline row's line, and the path
/// relative to the repository.
@Suite struct ScenarioLocatorTests {
  static let text = """
    {
      "id": "x",
      "start": {"expect": {}},
      "steps": [
        {"send": {"type": "a"}},

        {"send": {"type": "b, \\"c\\": [1]"}}
      ],
      "examples": [
        {"name": "first", "values": {"v": 1}},
        {"values": {"v": 2}}
      ]
    }
    """

  @Test func findsTheLinesOfStepsTheCreationAndRows() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locator-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("repo/s"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.text.utf8).write(to: folder.appendingPathComponent("repo/s/x.json"))
    let locator = ScenarioLocator(currentDirectory: folder, workspace: folder.appendingPathComponent("repo").path)
    #expect(locator.relativePath("repo/s/x.json") == "s/x.json")
    #expect(locator.relativePath("/elsewhere/y.json") == "/elsewhere/y.json")
    #expect(locator.stepLine(-1, id: "x", file: "repo/s/x.json") == 3)
    #expect(locator.stepLine(0, id: "x", file: "repo/s/x.json") == 5)
    #expect(locator.stepLine(1, id: "x", file: "repo/s/x.json") == 7)
    #expect(locator.stepLine(5, id: "x", file: "repo/s/x.json") == 1)
    #expect(locator.scenarioLine(id: "x[first]", file: "repo/s/x.json") == 10)
    #expect(locator.scenarioLine(id: "x[2]", file: "repo/s/x.json") == 11)
    #expect(locator.stepLine(1, id: "x[2]", file: "repo/s/x.json") == 11)
    #expect(locator.scenarioLine(id: "x", file: "repo/s/missing.json") == 1)
  }
}
