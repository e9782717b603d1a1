import Foundation
import Testing

/// Which implementations config a run uses: the current directory's workspace or `--config`, never one that merely
/// lies beside the scenarios given, and the run says which file its harnesses come from.
@Suite("The implementations config comes from the workspace, not the scenario folders")
struct ImplementationSelectionCLITests {
  /// A workspace (``ScenarioCorpusCLITests/workspace(_:)``) with an implementations config whose `kotlin` entry
  /// touches `marker` instead of serving anything.
  private static func checkout(marker: URL) throws -> URL {
    let root = try ScenarioCorpusCLITests.workspace()
    let config = #"{"implementations": [{"name": "kotlin", "command": ["touch", "\#(marker.path)"]}]}"#
    try Data(config.utf8).write(to: root.appendingPathComponent("Conformance/implementations.json"))
    return root
  }

  @Test func anotherCheckoutsScenariosNeverStartItsHarnessCommands() throws {
    let folder = try CLI.temporaryFolder()
    let myMarker = folder.appendingPathComponent("mine-ran")
    let theirMarker = folder.appendingPathComponent("vendor-ran")
    let mine = try Self.checkout(marker: myMarker)
    let theirs = try Self.checkout(marker: theirMarker)
    let result = try CLI.run(
      [
        "run", theirs.appendingPathComponent("Conformance/scenarios").path, "--impl", "kotlin", "--startup-timeout",
        "2",
      ],
      in: mine)
    #expect(!FileManager.default.fileExists(atPath: theirMarker.path), "the other checkout's command ran")
    #expect(FileManager.default.fileExists(atPath: myMarker.path), "the workspace's own command did not run")
    #expect(result.errorLines.first == "note: harness from Conformance/implementations.json: kotlin")
    #expect(result.status == 1)
  }

  /// `--all` is the parity gate: with nothing declared beside the in-process implementation it would compare nothing
  /// and pass, so it is a usage error that says where to declare one. With a `--harness` it runs.
  @Test func allWithNothingToCompareWithIsAUsageError() throws {
    let root = try ScenarioCorpusCLITests.workspace()
    let alone = try CLI.run(["run", "--all"], in: root)
    #expect(alone.status == 2, "\(alone.stderr)")
    #expect(
      alone.errorLines.first
        == "error: --all found no implementation besides 'swift' to compare it with; declare one in "
        + "Conformance/implementations.json or with --harness NAME=COMMAND, or drop --all to run 'swift' alone")
    #expect(alone.stdout.isEmpty)
    let declared = try CLI.run(
      ["run", "--all", "--harness", "again=\(CLI.executable.path) harness", "--jobs", "1"], in: root)
    #expect(declared.status == 0, "\(declared.stderr)")
  }

  @Test func aScenarioFolderWithAConfigOutsideAnyWorkspaceStartsNothingOfIt() throws {
    let folder = try CLI.temporaryFolder()
    let marker = folder.appendingPathComponent("vendor-ran")
    let theirs = try Self.checkout(marker: marker)
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let result = try CLI.run(
      ["run", theirs.appendingPathComponent("Conformance/scenarios").path, "--impl", "kotlin"], in: elsewhere)
    #expect(!FileManager.default.fileExists(atPath: marker.path), "the scenario folder's command ran")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("unknown implementation 'kotlin'"), "\(result.stderr)")
  }
}
