import Foundation
import TestScratch

/// Runs the built `conformance` executable end to end.
enum CLI {
  static let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The built executable, found beside the test bundle (`.build/<config>/`).
  static let executable: URL = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
      for name in ["conformance", "ConformanceTool"] {
        let url = candidate.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
    }
    return repository.appendingPathComponent(".build/debug/conformance")
  }()

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errorLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  /// Runs `conformance` with arguments in a directory (default: the repository), with stdin text (or, with
  /// `stdinBytes`, those exact bytes, which need not be UTF-8); with `asUser` (a
  /// user id), as that user through `setpriv` (for what `chmod` cannot stop root from doing); or, with
  /// `descriptorLimit`, under that limit of open file descriptors (`ulimit -n`; not with `asUser`).
  static func run(
    _ arguments: [String], in directory: URL = repository, stdin: String = "", stdinBytes: [UInt8]? = nil,
    environment: [String: String] = [:],
    asUser user: String? = nil, descriptorLimit: Int? = nil, fileSizeLimit: Int? = nil
  ) throws -> Result {
    precondition(
      [user != nil, descriptorLimit != nil, fileSizeLimit != nil].filter { $0 }.count <= 1,
      "a user, a descriptor limit and a file size limit are not combined")
    let process = Process()
    if let fileSizeLimit {
      // A disk that fills up: `ulimit -f` (in 512-byte blocks) makes a write past the limit fail. SIGXFSZ is ignored,
      // as the disposition survives exec, so the write fails with an error instead of killing the tool.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -f \(fileSizeLimit) && trap '' XFSZ && exec \"$0\" \"$@\"", executable.path] + arguments
    } else if let descriptorLimit {
      // `ulimit -n` lowers the soft and hard limits of open descriptors for the command only.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else if let user {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    // A test run on GitHub Actions must see the plain reports unless a test asks for the CI ones.
    for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { env[name] = nil }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(stdinBytes ?? Array(stdin.utf8)))
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    try ScratchFolder.make("conformance-cli")
  }

  /// Writes a small Python harness into a fresh folder: it answers `hello` for the login feature (with `email` as
  /// the initial email) and runs `onRun`, a Python statement, for every other request (`request` is the parsed line).
  ///
  /// - Returns: The script's location.
  static func pythonHarness(named name: String, email: String = "", onRun: String, preamble: String = "") throws -> URL
  {
    let script = try temporaryFolder().appendingPathComponent("\(name).py")
    let hello =
      #"{"protocol": 1, "implementation": {"name": "\#(name)", "language": "Python", "version": "1"}, "#
      + #""features": {"login": {"initialState": {"email": "\#(email)", "password": "", "isLoading": False, "error": None}}}}"#
    try Data(
      """
      import json, os, sys, time
      \(preamble)
      for line in sys.stdin:
          request = json.loads(line)
          if request["cmd"] == "hello":
              print(json.dumps(\(hello)), flush=True)
          else:
              \(onRun)
      """.utf8
    ).write(to: script)
    return script
  }

  /// The number of bundled scenarios, over every feature's folder.
  static var bundledScenarioCount: Int {
    bundledFeatures.reduce(0) { $0 + bundledScenarioCount(feature: $1) }
  }

  /// The features with a folder under `Conformance/scenarios`, sorted.
  static var bundledFeatures: [String] {
    let scenarios = repository.appendingPathComponent("Conformance/scenarios")
    return ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []).filter {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: scenarios.appendingPathComponent($0).path, isDirectory: &isFolder) && isFolder.boolValue
    }.sorted()
  }

  /// The number of bundled scenarios of one feature (`Conformance/scenarios/<feature>/*.json`).
  static func bundledScenarioCount(feature: String) -> Int {
    bundledFiles(feature: feature).reduce(0) { count, file in
      // A scenario outline is one case per row of its `examples` (Conformance/README.md §17).
      let object = (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
      return count + (((object as? [String: Any])?["examples"] as? [Any])?.count ?? 1)
    }
  }

  /// The number of bundled scenario files, outlines counting once.
  static var bundledFileCount: Int {
    bundledFeatures.reduce(0) { $0 + bundledFiles(feature: $1).count }
  }

  /// The scenario files of `feature` (under `Conformance/scenarios/<feature>`, recursively).
  static func bundledFiles(feature: String) -> [URL] {
    let folder = repository.appendingPathComponent("Conformance/scenarios/\(feature)")
    let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return files.filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
  }

  /// The number of runtime-level scenario files of `feature` (those under `Conformance/scenarios/<feature>/runtime`).
  static func bundledRuntimeScenarioCount(feature: String) -> Int {
    ((try? FileManager.default.contentsOfDirectory(
      atPath: repository.appendingPathComponent("Conformance/scenarios/\(feature)/runtime").path)) ?? [])
      .filter { $0.hasSuffix(".json") }.count
  }
}
