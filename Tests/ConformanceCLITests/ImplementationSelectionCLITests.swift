import Foundation
import Testing

/// Which implementations config a run uses: the current directory's workspace or `--config`, never one that merely
/// lies beside the scenarios given, and the run says which file its harnesses come from.
@Suite("The implementations config comes from the workspace, not the scenario folders")
struct ImplementationSelectionCLITests {
  /// A `Conformance` folder at `root` with the bundled features, one login scenario and an implementations config whose
  /// `kotlin` entry touches `marker` instead of serving anything.
  private static func checkout(at root: URL, marker: URL) throws {
    let conformance = root.appendingPathComponent("Conformance")
    try FileManager.default.createDirectory(
      at: conformance.appendingPathComponent("scenarios/login"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/features"),
      to: conformance.appendingPathComponent("features"))
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent(
        "Conformance/scenarios/login/login-submit-valid-credentials.json"),
      to: conformance.appendingPathComponent("scenarios/login/login-submit-valid-credentials.json"))
    let config = #"{"implementations": [{"name": "kotlin", "command": ["touch", "\#(marker.path)"]}]}"#
    try Data(config.utf8).write(to: conformance.appendingPathComponent("implementations.json"))
  }

  @Test func anotherCheckoutsScenariosNeverStartItsHarnessCommands() throws {
    let folder = try CLI.temporaryFolder()
    let (mine, theirs) = (folder.appendingPathComponent("mine"), folder.appendingPathComponent("vendor-spec"))
    let (myMarker, theirMarker) = (
      folder.appendingPathComponent("mine-ran"), folder.appendingPathComponent("vendor-ran")
    )
    try Self.checkout(at: mine, marker: myMarker)
    try Self.checkout(at: theirs, marker: theirMarker)
    let result = try CLI.run(
      ["run", "../vendor-spec/Conformance/scenarios", "--impl", "kotlin", "--startup-timeout", "2"], in: mine)
    #expect(!FileManager.default.fileExists(atPath: theirMarker.path), "the other checkout's command ran")
    #expect(FileManager.default.fileExists(atPath: myMarker.path), "the workspace's own command did not run")
    #expect(result.errorLines.first == "note: harness from Conformance/implementations.json: kotlin")
    #expect(result.status == 1)
  }

  @Test func aScenarioFolderWithAConfigOutsideAnyWorkspaceStartsNothingOfIt() throws {
    let folder = try CLI.temporaryFolder()
    let theirs = folder.appendingPathComponent("vendor-spec")
    let marker = folder.appendingPathComponent("vendor-ran")
    try Self.checkout(at: theirs, marker: marker)
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let result = try CLI.run(["run", "../vendor-spec/Conformance/scenarios", "--impl", "kotlin"], in: elsewhere)
    #expect(!FileManager.default.fileExists(atPath: marker.path), "the scenario folder's command ran")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("unknown implementation 'kotlin'"), "\(result.stderr)")
  }
}
