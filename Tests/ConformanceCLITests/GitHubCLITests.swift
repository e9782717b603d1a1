import Conformance
import Foundation
import Testing

/// CI-native output end to end: GitHub annotations and the step summary, read back the way GitHub reads them.
@Suite("conformance run on GitHub Actions", .serialized)
struct GitHubCLITests {
  /// A workflow command as the runner parses it (`ActionCommand.TryParseV2`): after the leading `::`, the command
  /// name up to a space or `::`, properties split on `,` and each on its first `=`, then values and message
  /// unescaped.
  struct Command: Equatable {
    var name: String
    var properties: [String: String]
    var message: String

    init?(_ line: String) {
      guard line.hasPrefix("::") else { return nil }
      let rest = line.dropFirst(2)
      guard let end = rest.range(of: "::") else { return nil }
      let head = rest[..<end.lowerBound]
      message = Self.unescape(String(rest[end.upperBound...]), property: false)
      let parts = head.split(separator: " ", maxSplits: 1)
      name = String(parts.first ?? "")
      properties = [:]
      for pair in parts.dropFirst().first?.split(separator: ",") ?? [] {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        properties[String(pair[..<equals])] = Self.unescape(String(pair[pair.index(after: equals)...]), property: true)
      }
    }

    static func unescape(_ text: String, property: Bool) -> String {
      var result = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
      if property {
        result = result.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
      }
      return result.replacingOccurrences(of: "%25", with: "%")
    }
  }

  /// A workspace with a folder whose name needs escaping (`%`, `,`, `:`), holding the failing fixtures and two
  /// invalid files.
  static func corpus() throws -> (workspace: URL, folder: URL) {
    let workspace = try CLI.temporaryFolder()
    let folder = workspace.appendingPathComponent("odd%,:dir")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fixtures = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures")
    for name in ["login-wrong-effect-email", "login-wrong-loading-flag", "login-wrong-nfc-vs-nfd"] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("failing/\(name).json"), to: folder.appendingPathComponent("\(name).json"))
    }
    for name in ["syntax-error", "unknown-action"] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("invalid/\(name).json"), to: folder.appendingPathComponent("\(name).json"))
    }
    return (workspace, folder)
  }

  static func commands(_ lines: [String]) -> [Command] { lines.compactMap(Command.init) }

  @Test func failuresAndInvalidFilesAreAnnotatedAtTheirFileAndLine() throws {
    let (workspace, folder) = try Self.corpus()
    let result = try CLI.run(
      ["run", folder.path], environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace.path])
    #expect(result.status == 2)
    let commands = Self.commands(result.lines)
    #expect(commands.count == 5)
    #expect(commands.allSatisfy { $0.name == "error" && $0.properties["file"]?.hasPrefix("odd%,:dir/") == true })
    // Failures first, each at its failing step's line, with the text report's lines for it.
    let failures = commands.prefix(3)
    let flag = try #require(failures.first { $0.properties["title"] == "login-wrong-loading-flag on swift" })
    #expect(flag.properties["file"] == "odd%,:dir/login-wrong-loading-flag.json")
    #expect(flag.properties["line"] == "10")
    #expect(flag.message.hasPrefix("step 3 of 3: send"))
    #expect(flag.message.contains("\n") && flag.message.contains("state.isLoading: expected false, got true"))
    #expect(Set(failures.compactMap { $0.properties["title"] }).count == 3)
    // Then the invalid files, at their line (and column for a syntax error).
    let syntax = try #require(commands.first { $0.properties["file"] == "odd%,:dir/syntax-error.json" })
    #expect(syntax.properties["line"] == "4" && syntax.properties["col"] != nil)
    #expect(syntax.properties["title"] == "invalid file")
    let action = try #require(commands.first { $0.properties["file"] == "odd%,:dir/unknown-action.json" })
    #expect(action.properties["line"] == "5")
    #expect(commands.suffix(2).allSatisfy { $0.properties["title"] == "invalid file" })
    // Without GitHub's variable, or with --annotations none, the output has no workflow command.
    #expect(Self.commands(try CLI.run(["run", folder.path]).lines).isEmpty)
    let off = try CLI.run(["run", folder.path, "--annotations", "none"], environment: ["GITHUB_ACTIONS": "true"])
    #expect(Self.commands(off.lines).isEmpty)
  }

  @Test func divergencesComeFirstAndAtMostTenErrorsAreWritten() throws {
    let (workspace, folder) = try Self.corpus()
    let harness = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
    let result = try CLI.run(
      ["run", folder.path, "--harness", "fake=python3 \(harness.path) good", "--annotations", "github"],
      environment: ["GITHUB_WORKSPACE": workspace.path])
    let commands = Self.commands(result.lines)
    // 3 divergences, 6 failures and 2 invalid files: the first 10 by priority, then a notice for the last.
    #expect(commands.count == 11)
    #expect(commands.prefix(3).allSatisfy { $0.properties["title"]?.hasSuffix(" on swift, fake") == true })
    #expect(commands.prefix(3).allSatisfy { $0.message.hasPrefix("swift, fake diverge at ") })
    #expect(
      commands.dropFirst(3).prefix(6).allSatisfy { $0.properties["title"]?.hasSuffix(" on swift, fake") == false })
    #expect(commands[9].properties["title"] == "invalid file")
    #expect(commands[10].name == "notice")
    #expect(
      commands[10].message
        == "1 error not annotated (GitHub shows at most 10 of each per step); the log lists every one")
  }

  @Test func harnessFaultsComeAfterFailuresAtTheScenarioFile() throws {
    let (workspace, folder) = try Self.corpus()
    let harness = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
    let result = try CLI.run(
      [
        "run", folder.appendingPathComponent("login-wrong-loading-flag.json").path, "--harness",
        "flaky=python3 \(harness.path) crash-always", "--format", "json",
      ], environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace.path])
    // With the JSON report on standard output, the commands go to standard error.
    #expect(Self.commands(result.lines).isEmpty)
    let commands = Self.commands(result.errorLines)
    #expect(
      commands.map { $0.properties["title"] } == [
        "login-wrong-loading-flag on swift", "login-wrong-loading-flag on flaky",
      ])
    #expect(commands.last?.properties["line"] == "1")
    #expect(commands.last?.message.hasPrefix("crashed: ") == true)
  }

  @Test func commandsReadBackAsWrittenWhateverTheyHold() throws {
    let awkward = "100% sure:: a, b\r\nc%0A:%2C,\n"
    let written = GitHubCommand("error", file: awkward, line: 2, column: 3, title: awkward, message: awkward)
    let read = try #require(Command(written.line))
    #expect(!written.line.dropFirst(2).contains("\n") && !written.line.contains("\r"))
    #expect(read.name == "error")
    #expect(read.properties == ["file": awkward, "line": "2", "col": "3", "title": awkward])
    #expect(read.message == awkward)
  }

  /// The cells of a Markdown table row, split at the pipes that are not escaped, with `\|` read back as `|`.
  static func cells(_ row: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var escaped = false
    for character in row.dropFirst().dropLast() {
      if escaped {
        cell.append(character == "|" ? "|" : "\\\(character)")
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        cell = ""
      } else {
        cell.append(character)
      }
    }
    return cells + [cell.trimmingCharacters(in: .whitespaces)]
  }

  @Test func theStepSummaryListsWhatDidNotPassInTables() throws {
    let (workspace, folder) = try Self.corpus()
    let harness = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
    let summary = workspace.appendingPathComponent("summary.md")
    try Data("earlier step\n".utf8).write(to: summary)
    let result = try CLI.run(
      ["run", folder.path, "--harness", "fake=python3 \(harness.path) good"],
      environment: ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": workspace.path])
    #expect(result.status == 2)
    // Appended, as GitHub's toolkit does: what an earlier command of the step wrote stays.
    let text = try String(contentsOf: summary, encoding: .utf8)
    #expect(text.hasPrefix("earlier step\n<!-- udf-conformance step summary -->\n## Conformance: 0 passed, 6 failed"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = try #require(lines.firstIndex(of: "### Not passed"))
    #expect(Self.cells(lines[header + 2]) == ["Scenario", "swift", "fake"])
    let rows = lines[(header + 4)...].prefix { $0.hasPrefix("|") }.map(Self.cells)
    #expect(rows.map(\.first) == ["login-wrong-effect-email", "login-wrong-loading-flag", "login-wrong-nfc-vs-nfd"])
    #expect(rows.allSatisfy { $0.count == 3 })
    #expect(
      rows[1] == [
        "login-wrong-loading-flag", "step 3: state.isLoading: expected false, got true",
        "step 1: state.counter: unexpected, got 1",
      ])
    let divergences = try #require(lines.firstIndex(of: "### Divergences"))
    #expect(
      lines[divergences + 3]
        == "- **login-wrong-loading-flag**, `odd%,:dir/login-wrong-loading-flag.json` line 6: step 1 at "
        + "`state.counter`: swift `(absent)`, fake `1`")
    let invalid = try #require(lines.firstIndex(of: "### Invalid files"))
    #expect(lines[invalid + 2].hasPrefix("- `odd%,:dir/syntax-error.json:4:3`: invalid JSON: "))
    // No summary without the variable or the option: the outputs are as before.
    let plain = try CLI.run(
      ["run", folder.path, "--harness", "fake=python3 \(harness.path) good"],
      environment: ["GITHUB_WORKSPACE": workspace.path])
    #expect(plain.lines.filter { !$0.hasPrefix("Ran ") } == result.lines.filter { !$0.hasPrefix("Ran ") })
    #expect(try String(contentsOf: summary, encoding: .utf8) == text)
  }

  @Test func aSummaryThatIsAFolderIsRefusedBeforeTheRun() throws {
    let folder = try CLI.temporaryFolder()
    let junit = folder.appendingPathComponent("parity.xml")
    let result = try CLI.run(
      [
        "run", "Conformance/scenarios/login/login-submit-valid-credentials.json", "--junit", junit.path,
        "--summary", folder.path,
      ])
    #expect(result.status == 2)
    #expect(result.errorLines == ["error: --summary '\(folder.path)': it is a folder; give a file name for the report"])
    #expect(!FileManager.default.fileExists(atPath: junit.path))
  }

  @Test func pairsThatFailDifferentlyAndExpiredEntriesAreWarnings() throws {
    let root = try BaselineCLITests.workspace(
      baseline: BaselineCLITests.file(
        BaselineCLITests.entry("login-wrong-loading-flag", step: 2),
        BaselineCLITests.entry("login-wrong-*", expires: "2020-01-01")))
    let result = try CLI.run(
      ["run"], in: root, environment: ["CONFORMANCE_TODAY": "2026-06-01", "GITHUB_ACTIONS": "true"])
    let commands = Self.commands(result.lines)
    #expect(commands.map(\.name) == ["error", "warning", "warning"])
    #expect(commands[1].properties["file"] == "Conformance/scenarios/login/login-wrong-loading-flag.json")
    #expect(commands[1].properties["title"] == "login-wrong-loading-flag on swift")
    #expect(commands[1].message.contains("'login-wrong-loading-flag' fails differently on 'swift'"))
    #expect(commands[2].properties["file"] == "Conformance/known-divergences.json")
    #expect(commands[2].properties["line"] == "3")
    #expect(commands[2].message.contains("entries[1]: expired on 2020-01-01"))
  }

  @Test func aBadAnnotationsValueIsAUsageError() throws {
    let result = try CLI.run(["run", "--annotations", "gitlab"])
    #expect(result.status == 2)
    #expect(result.errorLines.first == "error: option '--annotations' takes 'github' or 'none', got 'gitlab'")
  }
}
