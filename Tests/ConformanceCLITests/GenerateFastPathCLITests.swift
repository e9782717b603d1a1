import Foundation
import Testing

/// `conformance generate-fast-path`, end to end: what a user types and sees.
@Suite("conformance generate-fast-path")
struct GenerateFastPathCLITests {
  @Test(arguments: [("login", "LoginFastPath"), ("signup", "SignupFastPath")])
  func writesTheBundledFastPathToStandardOutput(feature: String, typeName: String) throws {
    let result = try CLI.run(["generate-fast-path", feature])
    let committed = try String(
      contentsOf: CLI.repository.appendingPathComponent("Sources/BundledFastPaths/\(typeName).swift"), encoding: .utf8)
    #expect(result.status == 0)
    #expect(result.stdout == committed)
    #expect(result.stderr == "")
  }

  @Test func theTypeNameCanBeChosen() throws {
    let result = try CLI.run(["generate-fast-path", "login", "--type-name", "FastLogin"])
    #expect(result.status == 0)
    #expect(result.lines.contains("public struct FastLogin: CodableFastPath {"))
  }

  @Test(
    arguments: [
      (
        ["generate-fast-path"], "error: missing the feature to generate a fast path for",
        "Usage: conformance generate-fast-path <feature> [--type-name <name>]"
      ),
      (
        ["generate-fast-path", "login", "signup"], "error: give exactly one feature",
        "Usage: conformance generate-fast-path <feature> [--type-name <name>]"
      ),
      (
        ["generate-fast-path", "login", "--type-name", "9Lives"],
        "error: --type-name '9Lives' is not a Swift type name (letters, digits and '_')",
        "Usage: conformance generate-fast-path <feature> [--type-name <name>]"
      ),
      (
        ["generate-fast-path", "counter"], "error: unknown feature 'counter': this executable registers login, signup",
        nil
      ),
    ] as [([String], String, String?)])
  func badInputIsAUsageErrorThatSaysWhy(arguments: [String], message: String, usage: String?) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.errorLines.first == message)
    if let usage { #expect(result.errorLines.dropFirst().first == usage) }
  }

  @Test func withoutAManifestItSaysWhereItLooked() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["generate-fast-path", "login"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: no manifest for 'login': expected Conformance/features/login.json in '\(folder.path)' or a parent"
      ])
  }

  @Test func aFeatureWithAHandWrittenCodecHasNoFastPath() throws {
    let handwritten = CLI.executable.deletingLastPathComponent().appendingPathComponent("conformance-handwritten")
    try #require(FileManager.default.isExecutableFile(atPath: handwritten.path), "build conformance-handwritten")
    let process = Process()
    process.executableURL = handwritten
    process.arguments = ["generate-fast-path", "login"]
    process.currentDirectoryURL = CLI.repository
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(
      text
        == "error: feature 'login' is registered with ReducerAdapter<LoginCodec>, not CodableFeature; a fast path speeds up the Codable bridge only\n"
    )
  }
}
