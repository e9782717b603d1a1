import Foundation
import Testing

/// Every report option's path (`--json`, `--junit`, `--events`, `--html`, `--summary`) is checked before any scenario
/// runs, with one error that names the option and the path, exit status 2 and nothing run; missing folders are created.
@Suite("Report paths", .serialized)
struct ReportPathCLITests {
  static let options = ["--json", "--junit", "--events", "--html", "--summary"]
  /// A passing scenario, by its absolute path, so that a run from a scratch folder finds its feature.
  static let passing = CLI.repository.appendingPathComponent(
    "Conformance/scenarios/login/login-submit-valid-credentials.json"
  ).path

  /// A scratch folder that nobody (uid 65534) can pass through, to run in.
  static func workspace() throws -> URL {
    let folder = try CLI.temporaryFolder()
    var up = folder
    while up.path != "/" {
      var info = stat()
      stat(up.path, &info)
      chmod(up.path, (info.st_mode & 0o7777) | 0o055)
      up = up.deletingLastPathComponent()
    }
    return folder
  }

  /// Runs the passing scenario with `option path` and checks that only `error` was printed, with exit status 2.
  static func refuses(
    _ option: String, _ path: String, in folder: URL, asUser user: String? = nil, _ error: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try CLI.run(["run", Self.passing, option, path], in: folder, asUser: user)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.errorLines == ["error: \(error)"], sourceLocation: sourceLocation)
    // Nothing ran: no verdict line and no summary.
    #expect(result.lines.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func anEmptyPathIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    for option in Self.options {
      try Self.refuses(option, "", in: folder, "\(option) '': the path is empty; give a file name for the report")
    }
  }

  @Test func aFolderIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    for option in Self.options {
      try Self.refuses(
        option, "out", in: folder, "\(option) 'out': it is a folder; give a file name for the report")
    }
  }

  @Test func aFileWhereAFolderMustBeIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    try Data().write(to: folder.appendingPathComponent("afile"))
    for option in Self.options {
      try Self.refuses(
        option, "afile/r.out", in: folder,
        "\(option) 'afile/r.out': cannot write in 'afile': it is a file, not a folder")
      try Self.refuses(
        option, "afile/x/r.out", in: folder,
        "\(option) 'afile/x/r.out': cannot create the folder 'afile/x': 'afile' is a file")
    }
  }

  @Test func aFolderNobodyMayWriteInIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    let readOnly = folder.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
    chmod(readOnly.path, 0o555)
    for option in Self.options {
      try Self.refuses(
        option, "ro/r.out", in: folder, asUser: "65534",
        "\(option) 'ro/r.out': cannot write in the folder 'ro': Permission denied")
      // A missing folder below it would be created there: the same folder is named.
      try Self.refuses(
        option, "ro/new/r.out", in: folder, asUser: "65534",
        "\(option) 'ro/new/r.out': cannot write in the folder 'ro': Permission denied")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path).isEmpty)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func aFolderThatAcceptsNoFilesIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    for option in Self.options {
      try Self.refuses(
        option, "/proc/self/r.out", in: folder,
        "\(option) '/proc/self/r.out': cannot write in the folder '/proc/self': it does not accept new files")
    }
  }

  @Test func missingFoldersAreCreatedForEveryReport() throws {
    let folder = try Self.workspace()
    let result = try CLI.run(
      [
        "run", Self.passing, "--json", "a/r.json", "--junit", "b/c/r.xml", "--events", "d/r.jsonl", "--html",
        "e/r.html",
        "--summary", "f/g/s.md",
      ], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    for path in ["a/r.json", "b/c/r.xml", "d/r.jsonl", "e/r.html", "f/g/s.md"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(path)")
    }
  }

  @Test func anotherKindOfReportIsNamedWhenRefused() throws {
    let folder = try Self.workspace()
    #expect(try CLI.run(["run", Self.passing, "--json", "k.json", "--junit", "k.xml"], in: folder).status == 0)
    try Self.refuses(
      "--html", "k.json", in: folder,
      "--html 'k.json': it is a JSON report from this tool, not an HTML report; refusing to overwrite it (remove it "
        + "or choose another name)")
    try Self.refuses(
      "--json", "k.xml", in: folder,
      "--json 'k.xml': it is a JUnit report from this tool, not a JSON report; refusing to overwrite it (remove it "
        + "or choose another name)")
    try Data("notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Self.refuses(
      "--events", "notes.txt", in: folder,
      "--events 'notes.txt': it exists and is not an event stream from this tool; refusing to overwrite it (remove "
        + "it or choose another name)")
    #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes\n")
  }

  @Test func aReadOnlyReportIsRefusedBeforeTheRun() throws {
    let folder = try Self.workspace()
    #expect(try CLI.run(["run", Self.passing, "--json", "r.json"], in: folder).status == 0)
    chmod(folder.appendingPathComponent("r.json").path, 0o444)
    try Self.refuses(
      "--json", "r.json", in: folder, "--json 'r.json': the file is read-only; make it writable or choose another name")
  }

  @Test func mergeReportsChecksItsReportPathsBeforeReadingTheShards() throws {
    let folder = try Self.workspace()
    let result = try CLI.run(["merge-reports", "missing.json", "--html", "", "--summary", "x/s.md"], in: folder)
    #expect(result.status == 2)
    #expect(result.errorLines == ["error: --html '': the path is empty; give a file name for the report"])
    try Data().write(to: folder.appendingPathComponent("afile"))
    let summary = try CLI.run(["merge-reports", "missing.json", "--summary", "afile/s.md"], in: folder)
    #expect(summary.status == 2)
    #expect(
      summary.errorLines == ["error: --summary 'afile/s.md': cannot write in 'afile': it is a file, not a folder"])
  }
}
