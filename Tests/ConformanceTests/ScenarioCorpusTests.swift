import Foundation
import TestScratch
import Testing

@testable import Conformance

@Suite("ScenarioCorpus")
struct ScenarioCorpusTests {
  static let valid = "login-submit-valid-credentials"

  /// A fresh folder `<tmp>/scenarios/login` holding a copy of the valid login scenario; returns `<tmp>/scenarios`.
  static func folder() throws -> URL {
    let scenarios = ScratchFolder.path("corpus").appendingPathComponent("scenarios")
    try FileManager.default.createDirectory(
      at: scenarios.appendingPathComponent("login"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestPaths.scenarios.appendingPathComponent("login/\(valid).json"),
      to: scenarios.appendingPathComponent("login/\(valid).json"))
    return scenarios
  }

  /// Every entry of the corpus as text (`✓ id` or `✗ error`), and the iterator's counts.
  static func read(_ roots: [ScenarioCorpus.Root]) -> (entries: [String], files: Int, ignored: Int, problems: Int) {
    var iterator = ScenarioCorpus(roots: roots, loader: ScenarioLoader(manifests: TestPaths.manifests)).makeIterator()
    var entries: [String] = []
    while let entry = iterator.next() {
      switch entry {
      case .scenario(let scenario): entries.append("✓ \(scenario.id)")
      case .invalid(_, let errors): entries += errors.map { "✗ \($0)" }
      }
    }
    return (entries, iterator.fileCount, iterator.ignoredCount, iterator.walkProblemCount)
  }

  @Test func aPipeNamedLikeAScenarioIsRefusedWithoutBlocking() throws {
    let scenarios = try Self.folder()
    #expect(mkfifo(scenarios.appendingPathComponent("login/login-pipe.json").path, 0o644) == 0)
    let read = Self.read([.init(path: scenarios.path, displayName: "s")])
    #expect(
      read.entries == [
        "✗ s/login/login-pipe.json: this is not a regular file (a pipe, socket or device)", "✓ \(Self.valid)",
      ])
    #expect(read.files == 2)
    #expect(read.problems == 0)
  }

  @Test func aFileReachedTwiceIsReadOnceAndAnotherFileWithTheSameIdIsADuplicate() throws {
    let scenarios = try Self.folder()
    let other = try Self.folder()
    let file = scenarios.appendingPathComponent("login/\(Self.valid).json")
    let read = Self.read([
      .init(path: scenarios.path, displayName: "a"), .init(path: file.path, displayName: "again.json"),
      .init(path: other.path, displayName: "b"),
    ])
    #expect(
      read.entries == [
        "✓ \(Self.valid)",
        "✗ b/login/\(Self.valid).json: id: duplicate id '\(Self.valid)', already used by a/login/\(Self.valid).json; ids must be unique across the corpus",
      ])
    #expect(read.files == 2)
  }

  @Test func countsHiddenEntriesAndWalkProblemsApart() throws {
    let scenarios = try Self.folder()
    try Data("{}".utf8).write(to: scenarios.appendingPathComponent(".hidden.json"))
    try FileManager.default.createSymbolicLink(
      atPath: scenarios.appendingPathComponent("loop").path, withDestinationPath: ".")
    let read = Self.read([.init(path: scenarios.path, displayName: "")])
    #expect(
      read.entries == [
        "✓ \(Self.valid)",
        "✗ loop: this folder is '.' again, through a symbolic link (a loop); it is not searched twice; remove the link",
      ])
    #expect((read.files, read.ignored, read.problems) == (1, 1, 1))
  }

  @Test func aFileRootIsReadWhateverItsName() throws {
    let scenarios = try Self.folder()
    let renamed = scenarios.appendingPathComponent("scenario.txt")
    try FileManager.default.copyItem(at: scenarios.appendingPathComponent("login/\(Self.valid).json"), to: renamed)
    let read = Self.read([.init(path: renamed.path, displayName: "scenario.txt")])
    #expect(
      read.entries == [
        "✗ scenario.txt: id: id '\(Self.valid)' does not match the file name 'scenario.txt'; name the file '\(Self.valid).json' (scenario format §3.1)"
      ])
  }
}
