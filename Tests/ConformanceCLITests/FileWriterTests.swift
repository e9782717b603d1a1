import Foundation
import Testing

@testable import ConformanceCLI

/// The one writer every command that writes a file goes through (``FileWriter``): edits made meanwhile, links,
/// permissions, FIFOs and a full disk (interruptions: ``InterruptedWriteCLITests``).
@Suite("FileWriter: whole, only over what was read, links and modes kept")
struct FileWriterTests {
  private static func folder() throws -> URL { try CLI.temporaryFolder() }

  /// The names in `folder` that look like temporary files of the writer.
  private static func leftovers(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
  }

  private static func mode(_ url: URL) -> mode_t {
    var info = stat()
    stat(url.path, &info)
    return info.st_mode & 0o7777
  }

  @Test func aFileEditedSinceItWasReadIsLeftAlone() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("s.json")
    try Data("read".utf8).write(to: file)
    try Data("edited meanwhile".utf8).write(to: file)
    #expect(throws: FileWriter.Failure.self) {
      try FileWriter.write(Data("new".utf8), to: file, display: "s.json", expect: .contents(Data("read".utf8)))
    }
    do {
      try FileWriter.write(Data("new".utf8), to: file, display: "s.json", expect: .contents(Data("read".utf8)))
    } catch {
      #expect(error.message == "'s.json' changed while it was being worked on; not replaced (run again)")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "edited meanwhile")
    #expect(try Self.leftovers(in: folder) == [])
  }

  @Test func anEditDuringTheWriteIsCaughtBeforeTheRename() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("s.json")
    try Data("read".utf8).write(to: file)
    #expect(throws: FileWriter.Failure.self) {
      try FileWriter.write(to: file, display: "s.json", expect: .contents(Data("read".utf8))) { sink in
        try sink(Data("new".utf8))
        try Data("saved by the user".utf8).write(to: file)
      }
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "saved by the user")
    #expect(try Self.leftovers(in: folder) == [])
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let folder = try Self.folder()
    let target = folder.appendingPathComponent("shared.json")
    let link = folder.appendingPathComponent("link.json")
    try Data("old".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "shared.json")
    try FileWriter.write(Data("new".utf8), to: link, display: "link.json", expect: .contents(Data("old".utf8)))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "shared.json")
    #expect(try String(contentsOf: target, encoding: .utf8) == "new")
  }

  @Test func aLinkLoopIsNamedAsSuch() throws {
    let folder = try Self.folder()
    let link = folder.appendingPathComponent("loop.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "loop.json")
    do {
      try FileWriter.write(Data("x".utf8), to: link, display: "loop.json", expect: .contents(nil))
      Issue.record("expected a failure")
    } catch {
      #expect(error.message == "'loop.json' is a symbolic link loop; not written")
    }
  }

  @Test func aHardLinkedFileIsRewrittenInPlaceSoEveryLinkSeesIt() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("a.json")
    let other = folder.appendingPathComponent("b.json")
    try Data("old".utf8).write(to: file)
    try FileManager.default.linkItem(at: file, to: other)
    try FileWriter.write(Data("new".utf8), to: file, display: "a.json", expect: .contents(Data("old".utf8)))
    #expect(try String(contentsOf: other, encoding: .utf8) == "new")
    var info = stat()
    stat(file.path, &info)
    #expect(info.st_nlink == 2)
    #expect(try Self.leftovers(in: folder) == [])
  }

  @Test func theFileKeepsItsPermissionBits() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("s.json")
    try Data("old".utf8).write(to: file)
    chmod(file.path, 0o640)
    try FileWriter.write(Data("new".utf8), to: file, display: "s.json", expect: .contents(Data("old".utf8)))
    #expect(Self.mode(file) == 0o640)
  }

  @Test func aFileNoOneMayWriteIsRefusedEvenForRoot() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("s.json")
    try Data("old".utf8).write(to: file)
    chmod(file.path, 0o444)
    do {
      try FileWriter.write(Data("new".utf8), to: file, display: "s.json", expect: .contents(Data("old".utf8)))
      Issue.record("expected a failure")
    } catch {
      #expect(error.message == "'s.json' is read-only; not replaced (make it writable to let the tool write it)")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "old")
  }

  /// Root rewriting another user's file gives it back to that user; a user rewriting a file they may write but do not
  /// own rewrites it in place, so it keeps its owner.
  @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func theFileKeepsItsOwner() throws {
    let folder = try Self.folder()
    chmod(folder.path, 0o777)
    var parent = folder.deletingLastPathComponent()
    while parent.path != "/" {
      chmod(parent.path, Self.mode(parent) | 0o011)
      parent = parent.deletingLastPathComponent()
    }
    let file = folder.appendingPathComponent("s.json")
    try Data("old".utf8).write(to: file)
    chown(file.path, 65534, 65534)
    try FileWriter.write(Data("new".utf8), to: file, display: "s.json", expect: .contents(Data("old".utf8)))
    var info = stat()
    stat(file.path, &info)
    #expect(info.st_uid == 65534)
    #expect(info.st_gid == 65534)

    // As nobody, a root-owned file that anyone may write: rewritten in place, still root's.
    let root = try RecordCLITests.workspace([:])
    let own = root.appendingPathComponent(RecordCLITests.file)
    try Data(RecordCLITests.submit.utf8).write(to: own)
    for path in [root.path, own.deletingLastPathComponent().path] { chmod(path, 0o777) }
    var up = root.deletingLastPathComponent()
    while up.path != "/" {
      chmod(up.path, Self.mode(up) | 0o011)
      up = up.deletingLastPathComponent()
    }
    chmod(own.path, 0o666)
    let result = try CLI.run(["record", RecordCLITests.file, "--from", "swift", "--write"], in: root, asUser: "65534")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    stat(own.path, &info)
    #expect(info.st_uid == 0)
    #expect(try String(contentsOf: own, encoding: .utf8) == RecordCLITests.submitRecorded)
  }

  @Test func aFIFOIsRefusedAtOnce() throws {
    let folder = try Self.folder()
    let fifo = folder.appendingPathComponent("pipe.json")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    do {
      try FileWriter.write(Data("x".utf8), to: fifo, display: "pipe.json", expect: .satisfies { _ in nil })
      Issue.record("expected a failure")
    } catch {
      #expect(error.message == "'pipe.json' is not a regular file (a pipe, socket or device); not written")
    }
  }

  @Test func aNewFileNeverReplacesOneThatExists() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("finding.json")
    try FileWriter.write(Data("first".utf8), to: file, display: "finding.json", expect: .absent)
    #expect(try String(contentsOf: file, encoding: .utf8) == "first")
    do {
      try FileWriter.write(Data("second".utf8), to: file, display: "finding.json", expect: .absent)
      Issue.record("expected a failure")
    } catch {
      #expect(error.message == "'finding.json' already exists; not replaced (remove it, or choose another folder)")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "first")
  }

  @Test func aFileThatAppearsDuringTheWriteIsNotReplaced() throws {
    let folder = try Self.folder()
    let file = folder.appendingPathComponent("finding.json")
    #expect(throws: FileWriter.Failure.self) {
      try FileWriter.write(to: file, display: "finding.json", expect: .absent) { sink in
        try sink(Data("ours".utf8))
        try Data("theirs".utf8).write(to: file)
      }
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "theirs")
  }

  // MARK: - Through the commands that write

  /// A baseline, with a failing scenario to record into it.
  private static func baselineWorkspace() throws -> URL {
    try BaselineCLITests.workspace(
      baseline: BaselineCLITests.file(BaselineCLITests.entry("login-submit-valid-credentials")))
  }

  @Test func aFullDiskLeavesTheBaselineAndTheReportsAsTheyWere() throws {
    let root = try Self.baselineWorkspace()
    let baseline = root.appendingPathComponent("Conformance/known-divergences.json")
    let before = try Data(contentsOf: baseline)
    let result = try CLI.run(
      ["run", "--update-baseline", "--json", "report.json"], in: root,
      environment: ["CONFORMANCE_TODAY": "2026-06-01"], fileSizeLimit: 0)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(result.errorLines.contains { $0.hasPrefix("error: cannot write 'Conformance/known-divergences.json': ") })
    #expect(result.errorLines.contains { $0.hasPrefix("error: cannot write 'report.json': ") })
    #expect(try Data(contentsOf: baseline) == before)
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("report.json").path))
    #expect(try Self.leftovers(in: root) == [])
    #expect(try Self.leftovers(in: root.appendingPathComponent("Conformance")) == [])
  }

  @Test func aReadOnlyBaselineIsRefusedForAnOrdinaryUser() throws {
    let root = try Self.baselineWorkspace()
    let baseline = root.appendingPathComponent("Conformance/known-divergences.json")
    let before = try Data(contentsOf: baseline)
    chmod(baseline.path, 0o444)
    // The folder stays writable: a rename would succeed there, which is why the writer must refuse on its own.
    for path in [root.path, root.appendingPathComponent("Conformance").path] { chmod(path, 0o777) }
    var parent = root.deletingLastPathComponent()
    while parent.path != "/" {
      chmod(parent.path, Self.mode(parent) | 0o011)
      parent = parent.deletingLastPathComponent()
    }
    // Root may write any file: run as an ordinary user (65534, nobody) when the tests run as root.
    let arguments = ["run", "--update-baseline"]
    let today = ["CONFORMANCE_TODAY": "2026-06-01"]
    let result =
      getuid() == 0
      ? try CLI.run(arguments, in: root, environment: today, asUser: "65534")
      : try CLI.run(arguments, in: root, environment: today)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(
      result.errorLines.last
        == "error: 'Conformance/known-divergences.json' is read-only; not replaced (make it writable to let the tool write it)"
    )
    #expect(try Data(contentsOf: baseline) == before)
    #expect(Self.mode(baseline) == 0o444)
  }

  /// Two report options that name one file through a link to a file not written yet are refused before the run.
  @Test func twoReportsThroughADanglingLinkToOneFileAreRefusedUpFront() throws {
    let folder = try Self.folder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("lnk.json").path, withDestinationPath: "same.xml")
    let result = try CLI.run(
      [
        "run", CLI.repository.appendingPathComponent("Conformance/scenarios/login").path, "--junit", "same.xml",
        "--json", "lnk.json",
      ], in: folder)
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--junit' and '--json' name the same file 'same.xml'; give each report its own file")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("same.xml").path))
  }

  @Test func aReportPathTakenDuringTheRunIsNotOverwritten() throws {
    // The check before the run passes (no file); a file that is not a report appears before the write: refused.
    let folder = try Self.folder()
    let report = folder.appendingPathComponent("r.json")
    #expect(throws: FileWriter.Failure.self) {
      try FileWriter.write(
        to: report, display: "r.json",
        expect: .satisfies { _ in "'r.json' exists and is not a conformance report; refusing to overwrite it" }
      ) { sink in
        try sink(Data("{}".utf8))
        try Data("notes".utf8).write(to: report)
      }
    }
    #expect(try String(contentsOf: report, encoding: .utf8) == "notes")
  }
}
