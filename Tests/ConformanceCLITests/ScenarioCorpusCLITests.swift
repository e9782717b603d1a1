import Foundation
import Testing

/// How `conformance run`, `validate` and `list` walk scenario folders, end to end: nothing in a folder is skipped
/// without a word. Each case either runs or is an invalid input (exit 2) naming its path, while the
/// other files still run.
@Suite("scenario folders end to end")
struct ScenarioCorpusCLITests {
  static let valid = "login-submit-valid-credentials"
  static let other = "login-double-submit-is-ignored"

  /// A workspace `<tmp>/ws` whose `Conformance/features` is a copy of the repository's and whose
  /// `Conformance/scenarios/login` holds the scenarios named (copied from the repository's).
  static func workspace(_ scenarios: [String] = [valid]) throws -> URL {
    let root = try CLI.temporaryFolder().appendingPathComponent("ws")
    let conformance = root.appendingPathComponent("Conformance")
    try FileManager.default.createDirectory(
      at: conformance.appendingPathComponent("scenarios/login"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/features"),
      to: conformance.appendingPathComponent("features"))
    for id in scenarios { try copyScenario(id, to: conformance.appendingPathComponent("scenarios/login")) }
    return root
  }

  static func copyScenario(_ id: String, to folder: URL) throws {
    try FileManager.default.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/scenarios/login/\(id).json"),
      to: folder.appendingPathComponent("\(id).json"))
  }

  static func link(_ path: URL, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target)
  }

  @Test func aSymlinkedSubfolderIsFollowed() throws {
    let ws = try Self.workspace()
    let elsewhere = try CLI.temporaryFolder()
    try Self.copyScenario(Self.other, to: elsewhere)
    try Self.link(ws.appendingPathComponent("Conformance/scenarios/login/more"), to: elsewhere.path)
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.lines.prefix(2) == ["✓ \(Self.valid)", "✓ \(Self.other)"])
    #expect(result.lines.last == "2 passed, 0 failed")
  }

  @Test func aSymlinkedScenariosFolderAndFeaturesFolderAreFollowed() throws {
    let real = try Self.workspace()
    let ws = try CLI.temporaryFolder()
    let conformance = ws.appendingPathComponent("Conformance")
    try FileManager.default.createDirectory(at: conformance, withIntermediateDirectories: true)
    for folder in ["scenarios", "features"] {
      try Self.link(
        conformance.appendingPathComponent(folder), to: real.appendingPathComponent("Conformance/\(folder)").path)
    }
    let run = try CLI.run([], in: ws)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.lines.first == "✓ \(Self.valid)")
    #expect(run.lines.last == "1 passed, 0 failed")
    let validate = try CLI.run(["validate"], in: ws)
    #expect(validate.status == 0)
    #expect(validate.stdout == "1 file valid (1 scenario)\n")
  }

  @Test func aSymlinkedFolderGivenAsTheArgumentIsFollowed() throws {
    let ws = try Self.workspace()
    try Self.link(ws.appendingPathComponent("mine"), to: ws.appendingPathComponent("Conformance/scenarios").path)
    let result = try CLI.run(["run", "mine"], in: ws)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.lines.first == "✓ \(Self.valid)")
    #expect(result.lines.last == "1 passed, 0 failed")
    let list = try CLI.run(["list", "mine"], in: ws)
    #expect(
      list.lines == [
        "\(Self.valid)  login, 3 steps [submit, trimming]  mine/login/\(Self.valid).json", "1 scenario",
      ])
  }

  @Test func aSymbolicLinkLoopIsAnInvalidInputAndTheRestRuns() throws {
    let ws = try Self.workspace()
    try Self.link(ws.appendingPathComponent("Conformance/scenarios/login/again"), to: "..")
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: Conformance/scenarios/login/again: this folder is 'Conformance/scenarios' again, through a symbolic link (a loop); it is not searched twice; remove the link"
      ])
    #expect(result.lines.first == "✓ \(Self.valid)")
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
    let validate = try CLI.run(["validate"], in: ws)
    #expect(validate.status == 2)
    #expect(validate.stdout == "1 file invalid, 1 valid\n")
  }

  /// A path given on the command line that is a link loop, or a link to nothing, is named as such, not as missing.
  @Test func aLinkGivenAsAPathIsNamedForWhatItIs() throws {
    let ws = try Self.workspace()
    try Self.link(ws.appendingPathComponent("loop.json"), to: "loop.json")
    try Self.link(ws.appendingPathComponent("gone.json"), to: "removed.json")
    let loop = try CLI.run(["run", "loop.json"], in: ws)
    #expect(loop.status == 2)
    #expect(loop.errorLines == ["error: 'loop.json' is a symbolic link loop; point it at a scenario file or folder"])
    let gone = try CLI.run(["run", "gone.json"], in: ws)
    #expect(gone.status == 2)
    #expect(gone.errorLines == ["error: 'gone.json' is a symbolic link to a missing file or folder"])
  }

  @Test func aBrokenSymbolicLinkIsAnInvalidInput() throws {
    let ws = try Self.workspace()
    try Self.link(ws.appendingPathComponent("Conformance/scenarios/login/gone"), to: "../removed")
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: Conformance/scenarios/login/gone: a symbolic link to '../removed', which does not exist (a broken link); fix or remove it"
      ])
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
  }

  /// `chmod 000` does not stop root, so as root the command runs as `nobody` (through `setpriv`).
  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aFolderThatCannotBeReadIsAnInvalidInputAndTheRestRuns() throws {
    let ws = try Self.workspace()
    let locked = ws.appendingPathComponent("Conformance/scenarios/login/locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try Self.copyScenario(Self.other, to: locked)
    var folder = ws
    while folder.path != FileManager.default.temporaryDirectory.standardizedFileURL.path, folder.path != "/" {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      folder.deleteLastPathComponent()
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
    let result =
      getuid() == 0
      ? try CLI.run(["run"], in: ws, asUser: "65534") : try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    #expect(
      result.errorLines == ["error: Conformance/scenarios/login/locked: cannot read the folder: Permission denied"])
    #expect(result.lines.first == "✓ \(Self.valid)")
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
  }

  /// An existing report file that cannot be read is not called "not a conformance report": the message says why it
  /// could not be checked, and the file is left alone.
  @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aReportFileThatCannotBeReadSaysWhy() throws {
    let ws = try Self.workspace()
    var folder = ws
    while folder.path != FileManager.default.temporaryDirectory.standardizedFileURL.path, folder.path != "/" {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      folder.deleteLastPathComponent()
    }
    let report = ws.appendingPathComponent("locked.json")
    try Data("{}".utf8).write(to: report)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: report.path)
    let arguments = ["run", "--json", "locked.json"]
    let result =
      getuid() == 0 ? try CLI.run(arguments, in: ws, asUser: "65534") : try CLI.run(arguments, in: ws)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: --json 'locked.json': cannot read it to check that it is a conformance report: Permission denied; "
          + "refusing to overwrite it"
      ])
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: report.path)
    #expect(try String(contentsOf: report, encoding: .utf8) == "{}")
  }

  @Test func aFileNameThatIsNotUTF8IsAnInvalidInputShownEscaped() throws {
    let ws = try Self.workspace()
    let folder = ws.appendingPathComponent("Conformance/scenarios/login")
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".json".utf8) + [0]
    let file = name.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { openat(descriptor, $0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    try #require(file >= 0)
    close(file)
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        #"error: Conformance/scenarios/login/caf\xE9.json: the file's name is not valid UTF-8, so it is not read; rename it"#
      ])
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
  }

  @Test func anArgumentThatIsNotUTF8IsAnInvalidInputShownEscaped() throws {
    // Process takes Swift strings, so a shell passes the byte 0xE9.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"exec "$0" run Conformance "$(printf 'caf\351.json')""#, CLI.executable.path]
    process.currentDirectoryURL = try Self.workspace()
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(
      stderr == #"error: the argument 'caf\xE9.json' is not valid UTF-8; rename the file or folder it names"# + "\n")
  }

  @Test func aFolderWhosePathIsLongerThanPathMaxIsAnInvalidInputAndTheRestRuns() throws {
    let ws = try Self.workspace()
    var descriptor = open(ws.appendingPathComponent("Conformance/scenarios").path, O_RDONLY | O_DIRECTORY)
    // 24 folders of 200 characters: a path of about 4,900 bytes, over Linux's PATH_MAX of 4,096. The walk opens
    // folders by their whole path, so the first folder past the limit cannot be read.
    for level in 0..<24 {
      let name = String(format: "d%02d", level) + String(repeating: "x", count: 197)
      #expect(mkdirat(descriptor, name, 0o755) == 0)
      let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
      close(descriptor)
      descriptor = next
    }
    close(descriptor)
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1)
    let error = try #require(result.errorLines.first)
    #expect(error.hasPrefix("error: [a path of "))
    #expect(error.hasSuffix("x: cannot read the folder: File name too long"))
    #expect(result.lines.first == "✓ \(Self.valid)")
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
  }

  @Test func foldersNestedMoreThan256DeepAreAnInvalidInputWithTheirPathClipped() throws {
    let ws = try Self.workspace()
    var descriptor = open(ws.appendingPathComponent("Conformance/scenarios").path, O_RDONLY | O_DIRECTORY)
    for _ in 0..<258 {
      #expect(mkdirat(descriptor, "d", 0o755) == 0)
      let next = openat(descriptor, "d", O_RDONLY | O_DIRECTORY)
      close(descriptor)
      descriptor = next
    }
    close(descriptor)
    let result = try CLI.run(["run"], in: ws)
    #expect(result.status == 2)
    // Conformance/scenarios is level 0; d at level 257 is the first one not searched.
    let path = "Conformance/scenarios" + String(repeating: "/d", count: 257)
    #expect(
      result.errorLines == [
        "error: [a path of \(path.count) characters, ending] …\(path.suffix(200)): folders are nested more than 256 deep here; this folder is not searched (move the scenarios up)"
      ])
    #expect(result.lines.last == "1 passed, 0 failed, 1 invalid file")
  }

  @Test func hiddenFilesAndFoldersAreIgnoredAndListCountsThem() throws {
    let ws = try Self.workspace()
    let login = ws.appendingPathComponent("Conformance/scenarios/login")
    try Data("{}".utf8).write(to: login.appendingPathComponent(".draft.json"))
    try FileManager.default.createDirectory(
      at: login.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: login.appendingPathComponent(".git/HEAD.json"))
    let run = try CLI.run(["run"], in: ws)
    #expect(run.status == 0)
    #expect(run.lines.last == "1 passed, 0 failed")
    let list = try CLI.run(["list"], in: ws)
    #expect(list.status == 0)
    #expect(
      list.lines == [
        "\(Self.valid)  login, 3 steps [submit, trimming]  Conformance/scenarios/login/\(Self.valid).json",
        "1 scenario, 2 hidden files or folders ignored",
      ])
  }

  @Test func aFileReachedTwiceIsReadOnceAndFoldersSortAsWholePaths() throws {
    let ws = try Self.workspace([Self.valid, Self.other])
    let scenarios = ws.appendingPathComponent("Conformance/scenarios")
    try Self.link(scenarios.appendingPathComponent("\(Self.other).json"), to: "login/\(Self.other).json")
    let result = try CLI.run(
      ["list", "Conformance/scenarios", "Conformance/scenarios/login/\(Self.valid).json"], in: ws)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The link `login-double-….json` sorts before the folder `login/` ('-' < '/'), so it is the file's first path.
    #expect(
      result.lines.map { $0.components(separatedBy: "  ").last ?? "" } == [
        "Conformance/scenarios/\(Self.other).json", "Conformance/scenarios/login/\(Self.valid).json", "2 scenarios",
      ])
  }
}
