import Foundation
import Testing

/// `--jobs N` must change nothing but the time taken: the text report, its error output, the exit status
/// and both report files are the same as with `--jobs 1`, for passing, failing and invalid corpora alike.
@Suite(.serialized) struct JobsCLITests {
  /// A corpus of every bundled scenario, the failing and invalid fixtures, a duplicate id and a hidden file: more
  /// than two windows of two batches, with invalid files between and inside batches, a broken link and a folder
  /// reached twice.
  static func mixedCorpus() throws -> URL {
    let folder = try CLI.temporaryFolder()
    let manager = FileManager.default
    let scenarios = folder.appendingPathComponent("scenarios")
    try manager.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/scenarios"), to: scenarios)
    let fixtures = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures")
    for kind in ["failing", "invalid"] {
      let source = fixtures.appendingPathComponent(kind)
      for name in try manager.contentsOfDirectory(atPath: source.path) {
        // Between the login files, so that invalid and failing files fall inside batches.
        try manager.copyItem(
          at: source.appendingPathComponent(name),
          to: scenarios.appendingPathComponent("login").appendingPathComponent(name))
      }
    }
    // In a folder named for its feature, or the folder check would reject it before its id is looked at.
    let duplicate = scenarios.appendingPathComponent("zz-copies/login")
    try manager.createDirectory(at: duplicate, withIntermediateDirectories: true)
    try manager.copyItem(
      at: scenarios.appendingPathComponent("login/login-submit-valid-credentials.json"),
      to: duplicate.appendingPathComponent("login-submit-valid-credentials.json"))
    try Data("{}".utf8).write(to: scenarios.appendingPathComponent("login/.hidden.json"))
    // A problem of the walk (a link to nothing), and the signup folder again through a link: its files are set
    // aside as already read.
    let links = scenarios.appendingPathComponent("zz-links")
    try manager.createDirectory(at: links, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      atPath: links.appendingPathComponent("gone.json").path, withDestinationPath: "nowhere.json")
    try manager.createSymbolicLink(
      atPath: links.appendingPathComponent("signup").path, withDestinationPath: "../signup")
    return folder
  }

  /// The output with every timing replaced by `T`.
  static func normalized(_ text: String) -> String {
    let patterns = [
      (#"in [0-9.]+ s\b"#, "in T s"), (#""durationSeconds":[0-9.e-]+"#, #""durationSeconds":T"#),
      (#"time="[0-9.]+""#, #"time="T""#),
    ]
    return patterns.reduce(text) { text, pattern in
      text.replacingOccurrences(of: pattern.0, with: pattern.1, options: .regularExpression)
    }
  }

  static func run(_ arguments: [String], jobs: Int, in folder: URL) throws -> [String] {
    let json = folder.appendingPathComponent("report-\(jobs).json")
    let junit = folder.appendingPathComponent("report-\(jobs).xml")
    let result = try CLI.run(
      ["run", "--jobs", "\(jobs)", "--json", json.path, "--junit", junit.path] + arguments, in: CLI.repository)
    return [
      "\(result.status)", normalized(result.stdout), normalized(result.stderr),
      normalized(try String(contentsOf: json, encoding: .utf8)),
      normalized(try String(contentsOf: junit, encoding: .utf8)),
    ]
  }

  @Test(arguments: [
    ("passing", ["Conformance/scenarios"]),
    ("mixed", []),
    // Files whose scenarios are not selected are still read, and their ids still admitted.
    ("mixed, some scenarios selected", ["--filter", "login", "--tag", "unicode"]),
    (
      "mixed, two implementations that diverge",
      ["--harness", "fake=Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py good"]
    ),
    // Started with the first runtime scenario, by whichever worker reaches one first: announced at the same place.
    (
      "mixed, a harness that starts with its first runtime scenario",
      ["--harness", "fake:runtime=Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py good"]
    ),
  ])
  func jobsTwoGivesExactlyWhatJobsOneGives(name: String, arguments: [String]) throws {
    let folder = try Self.mixedCorpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = name == "passing" ? arguments : arguments + [folder.appendingPathComponent("scenarios").path]
    let one = try Self.run(paths, jobs: 1, in: folder)
    let two = try Self.run(paths, jobs: 2, in: folder)
    let three = try Self.run(paths, jobs: 3, in: folder)
    #expect(one[0] == (name == "passing" ? "0" : "2"), "exit status of --jobs 1")
    for (label, index) in [("exit status", 0), ("stdout", 1), ("stderr", 2), ("JSON report", 3), ("JUnit report", 4)] {
      #expect(two[index] == one[index], "\(name): \(label) differs between --jobs 1 and --jobs 2")
      #expect(three[index] == one[index], "\(name): \(label) differs between --jobs 1 and --jobs 3")
    }
    #expect(one[1].contains("passed"))
  }

  /// The text, JUnit and JSON reports count the same things. Each JUnit testcase is one count of
  /// the closing line: a pair (passed, failed, skipped, known), a divergence, an invalid file, a baseline problem.
  /// A run that finds no scenario file at all (an empty folder, only other files, every path missing with
  /// `--missing-ok`) once trapped with `--jobs` above 1: the first, empty window was still handed to the loader. It
  /// raced with the exit, so each case runs several times.
  @Test(arguments: [
    ("an empty folder", [String](), [String]()),
    ("a folder of other files", ["notes.txt", ".hidden.json"], [String]()),
    ("only missing paths, with --missing-ok", [String](), ["--missing-ok", "gone/scenarios"]),
  ])
  func aRunThatFindsNoFileGivesTheSameAnswerWithEveryJobs(name: String, files: [String], extra: [String]) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    for file in files { try Data("{}".utf8).write(to: corpus.appendingPathComponent(file)) }
    let paths =
      extra.isEmpty ? [corpus.path] : extra.map { $0 == "gone/scenarios" ? folder.appendingPathComponent($0).path : $0 }
    let one = try Self.run(paths, jobs: 1, in: folder)
    #expect(one[0] == "2", "\(name): \(one)")
    #expect(one[1].contains("No scenarios were run"), "\(name)")
    for jobs in [2, 3, 8] {
      for _ in 0..<5 {
        #expect(try Self.run(paths, jobs: jobs, in: folder) == one, "\(name), --jobs \(jobs)")
      }
    }
  }

  @Test func theTextJUnitAndJSONCountsAgree() throws {
    let folder = try Self.mixedCorpus()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("r.json")
    let junit = folder.appendingPathComponent("r.xml")
    let result = try CLI.run([
      "run", "--json", json.path, "--junit", junit.path, "--harness",
      "fake=Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py good",
      folder.appendingPathComponent("scenarios").path,
    ])
    let closing = try #require(result.stdout.split(separator: "\n").last.map(String.init))
    func count(_ label: String) -> Int {
      closing.components(separatedBy: ", ").compactMap { part -> Int? in
        let words = part.split(separator: " ", maxSplits: 1)
        return words.count == 2 && label.hasPrefix(words[1]) ? Int(words[0]) : nil
      }.first ?? 0
    }
    let (passed, failed, skipped, known) = (count("passed"), count("failed"), count("skipped"), count("known"))
    let (divergences, invalid, notApplicable) = (count("divergences"), count("invalid files"), count("not applicable"))
    #expect(failed > 0 && divergences > 0 && invalid > 0 && skipped > 0, "the corpus must have every kind: \(closing)")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    let header = try #require(xml.split(separator: "\n").dropFirst().first.map(String.init))
    func attribute(_ name: String) -> Int? {
      header.range(of: "\(name)=\"[0-9]+\"", options: .regularExpression).flatMap {
        Int(header[$0].dropFirst(name.count + 2).dropLast())
      }
    }
    #expect(attribute("tests") == passed + failed + skipped + known + notApplicable + divergences + invalid)
    #expect((attribute("failures") ?? 0) + (attribute("errors") ?? 0) == failed + divergences + invalid)
    #expect(attribute("skipped") == skipped + known + notApplicable)
    let summary =
      try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])["summary"]
      as? [String: Any]
    #expect(summary?["passed"] as? Int == passed)
    #expect(summary?["failed"] as? Int == failed)
    #expect(summary?["skipped"] as? Int == skipped)
    #expect(summary?["divergences"] as? Int == divergences)
    #expect(summary?["invalidFiles"] as? Int == invalid)
  }

  static let fake = "Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py"

  /// A file is open only while it is read, and a file waiting to be read holds no folder open either, so `--jobs N`
  /// needs no more descriptors than `--jobs 1`: under a limit of 64 (macOS's default soft limit is 256), 300 files
  /// run alike with `--jobs 1`, 8 and 64, in one folder or each in a folder of its own, in process and through a
  /// harness. Files used to be opened a window ahead (2 × N × 32 of them), and past the limit each was reported as
  /// "cannot read the file: Too many open files"; then each file waiting to be read kept its folder open.
  @Test(arguments: [false, true], [[String](), ["--harness", "fake=\(fake) good"]])
  func manyJobsNeedNoMoreDescriptorsThanOne(foldersOfOne: Bool, extra: [String]) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try String(
      contentsOf: CLI.repository.appendingPathComponent(
        "Conformance/scenarios/login/login-double-submit-is-ignored.json"),
      encoding: .utf8)
    for index in 0..<300 {
      let id = "login-copy-\(index)"
      let text = source.replacingOccurrences(of: "\"login-double-submit-is-ignored\"", with: "\"\(id)\"")
      let login = folder.appendingPathComponent(foldersOfOne ? "scenarios/\(index)/login" : "scenarios/login")
      try FileManager.default.createDirectory(at: login, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: login.appendingPathComponent("\(id).json"))
    }
    var outputs: [[String]] = []
    // 64 harness processes would only slow the test: `--jobs 8` already walks 2 × 8 × 32 files ahead.
    for jobs in extra.isEmpty ? [1, 8, 64] : [1, 8] {
      let result = try CLI.run(
        ["run", "--jobs", "\(jobs)"] + extra + [folder.appendingPathComponent("scenarios").path], descriptorLimit: 64)
      #expect(!result.stderr.contains("Too many open files"), "--jobs \(jobs): \(result.stderr.prefix(300))")
      #expect(result.stdout.contains("Ran 300 scenarios"), "--jobs \(jobs): \(result.stdout.suffix(300))")
      outputs.append(["\(result.status)", Self.normalized(result.stdout), result.stderr])
    }
    #expect(outputs.allSatisfy { $0 == outputs[0] })
    if extra.isEmpty { #expect(outputs[0][0] == "0") }
  }

  /// A scenario whose id an earlier file used is rejected before anything runs, with --jobs as without: it is never
  /// sent to a harness (a crash on it would use up the restart budget of valid scenarios).
  @Test func aDuplicateIdIsNeverSentToAHarness() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = CLI.repository.appendingPathComponent(
      "Conformance/scenarios/login/login-double-submit-is-ignored.json")
    for index in 0..<6 {
      let sub = folder.appendingPathComponent("copies/\(index)")
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: sub.appendingPathComponent(source.lastPathComponent))
    }
    let log = folder.appendingPathComponent("ids.log")
    let result = try CLI.run([
      "run", "--jobs", "2", "--harness", "f=\(Self.fake) log-ids \(log.path)",
      folder.appendingPathComponent("copies").path,
    ])
    #expect(result.status == 2)
    #expect(try String(contentsOf: log, encoding: .utf8) == "login-double-submit-is-ignored\n")
  }

  /// A harness that cannot run twice (a fixed port, a lock file) still runs every scenario with --jobs: the extra
  /// process that fails to start is left out, and its batches go to the one that started.
  @Test func aHarnessProcessThatCannotStartIsLeftOutNotItsScenarios() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("running")
    let result = try CLI.run([
      "run", "--jobs", "3", "--harness", "f:reducer=\(Self.fake) refuse-second \(marker.path)",
      "Conformance/scenarios/login",
    ])
    #expect(!result.stdout.contains("not run"), "\(result.stdout.suffix(600))")
    let runtime = CLI.bundledRuntimeScenarioCount(feature: "login")
    let reducer = CLI.bundledScenarioCount(feature: "login") - runtime
    #expect(
      result.stdout.contains("\nf: \(reducer) failed, \(runtime) not applicable\n"), "\(result.stdout.suffix(600))")
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("passed ") }
    #expect(rows.count == reducer + runtime, "every login scenario has a row: \(rows.count)")
  }

  /// `--jobs 2` gives a harness two processes when it runs alone, and one beside the in-process implementation, which
  /// takes a core of its own: the fake harness holds its first reply 0.5 s, so the second batch finds the first
  /// process busy and starts another whenever the pool has one.
  @Test(arguments: [(["--impl", "f"], 2), (["--impl", "swift", "--impl", "f"], 1)])
  func aHarnessGetsOneProcessLessBesideTheInProcessImplementation(selection: [String], processes: Int) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("starts")
    let result = try CLI.run(
      ["run", "--jobs", "2", "--harness", "f:reducer=\(Self.fake) log-starts \(log.path)"] + selection
        + ["Conformance/scenarios/login"])
    #expect(!result.stdout.contains("not run"), "\(result.stdout.suffix(600))")
    let runtime = CLI.bundledRuntimeScenarioCount(feature: "login")
    let reducer = CLI.bundledScenarioCount(feature: "login") - runtime
    #expect(
      result.stdout.contains("\nf: \(reducer) failed, \(runtime) not applicable\n"), "\(result.stdout.suffix(600))")
    #expect(try String(contentsOf: log, encoding: .utf8) == String(repeating: "started\n", count: processes))
  }

  /// Two --harness options with one name would keep only the last, silently; it is a usage error.
  @Test func aHarnessNameGivenTwiceIsAUsageError() throws {
    let result = try CLI.run(["run", "--harness", "a=true", "--harness", "a=\(Self.fake) good"])
    #expect(result.status == 2)
    #expect(result.errorLines.first == "error: 'a' is declared twice with --harness; give each harness its own name")
  }

  @Test func jobsMustBeAWholeNumberFromOne() throws {
    for bad in ["0", "-1", "two", "1.5", "1025"] {
      let result = try CLI.run(["run", "--jobs", bad])
      #expect(result.status == 2)
      #expect(
        result.errorLines == [
          "error: option '--jobs' takes a whole number from 1 to 1024, got '\(bad)'",
          "Usage: " + (result.errorLines.dropFirst().first?.dropFirst("Usage: ".count).description ?? ""),
          "See 'conformance run --help'.",
        ])
    }
  }
}
