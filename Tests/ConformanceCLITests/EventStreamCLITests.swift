import Foundation
import Testing

/// The event stream of `conformance run` (`--format ndjson`, `--events FILE`; Conformance/README.md §11.5): every
/// line is a record with the keys `Conformance/schema/events.schema.json` requires for its kind, a scenario is
/// declared before any record that names it, and the summary comes last.
@Suite struct EventStreamCLITests {
  /// A corpus with a failure and a divergence (the fake harness adds a `counter` field to every state) and an invalid
  /// file.
  static let arguments = [
    "run", "--harness", "fake=python3 Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py",
    "--filter", "login-submit-email-with-empty", "Conformance/scenarios/login",
    "Tests/ConformanceTests/Fixtures/invalid/syntax-error.json",
  ]

  /// The keys the schema requires of every record (`required`) and of each kind (`allOf[].then.required`).
  static func requiredKeys() throws -> (always: [String], byKind: [String: [String]]) {
    let url = CLI.repository.appendingPathComponent("Conformance/schema/events.schema.json")
    let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var byKind: [String: [String]] = [:]
    for rule in schema["allOf"] as? [[String: Any]] ?? [] {
      let kind = ((rule["if"] as? [String: Any])?["properties"] as? [String: Any])?["kind"] as? [String: Any]
      let kinds = (kind?["const"] as? String).map { [$0] } ?? kind?["enum"] as? [String] ?? []
      let required = (rule["then"] as? [String: Any])?["required"] as? [String] ?? []
      for name in kinds { byKind[name, default: []] += required }
    }
    return (schema["required"] as? [String] ?? [], byKind)
  }

  /// Parses the stream: one JSON object per line.
  static func records(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  /// Checks the schema's required keys and the ordering rule on every record.
  static func check(_ records: [[String: Any]]) throws {
    let (always, byKind) = try requiredKeys()
    #expect(
      byKind.keys.sorted() == [
        "divergence", "finished", "header", "implementation", "invalid", "scenario", "started", "summary",
      ])
    var declared: Set<String> = []
    for (index, record) in records.enumerated() {
      let kind = record["kind"] as? String ?? ""
      let missing = (always + byKind[kind, default: []]).filter { record[$0] == nil }
      #expect(missing.isEmpty, "line \(index + 1) (\(kind)) lacks \(missing)")
      #expect(record["version"] as? Int == 1)
      #expect((kind == "header") == (index == 0), "line \(index + 1) is \(kind)")
      #expect((kind == "summary") == (index == records.count - 1), "line \(index + 1) is \(kind)")
      let scenario = record["scenario"] as? String
      if kind == "scenario", let scenario { declared.insert(scenario) }
      if kind != "scenario", let scenario {
        #expect(declared.contains(scenario), "line \(index + 1) (\(kind)) names \(scenario) before it is declared")
      }
    }
  }

  @Test func theStreamOnStandardOutputHasEveryKindInOrder() throws {
    let result = try CLI.run(Self.arguments + ["--format", "ndjson"])
    #expect(result.status == 2)
    let records = try Self.records(result.stdout)
    try Self.check(records)
    let kinds = records.compactMap { $0["kind"] as? String }
    #expect(Set(kinds) == ["header", "invalid", "scenario", "started", "finished", "divergence", "summary"])
    let fake = records.filter { $0["kind"] as? String == "finished" && $0["implementation"] as? String == "fake" }
    #expect(fake.count == 2 && fake.allSatisfy { $0["outcome"] as? String == "failed" })
    let divergence = try #require(records.first { $0["kind"] as? String == "divergence" })
    #expect(divergence["paths"] as? [String] == ["state.counter", "state.error"])
    #expect(divergence["step"] as? Int == 1)
    let invalid = try #require(records.first { $0["kind"] as? String == "invalid" })
    #expect(invalid["file"] as? String == "Tests/ConformanceTests/Fixtures/invalid/syntax-error.json")
    #expect(invalid["line"] as? Int == 4 && invalid["column"] as? Int == 3)
    #expect(records.last?["exitCode"] as? Int == 2)
    // The invalid file is said on standard error too, as with --format json.
    let said = "error: Tests/ConformanceTests/Fixtures/invalid/syntax-error.json:4:3:"
    #expect(result.errorLines.first?.hasPrefix(said) == true)
  }

  @Test func eachScenarioAndInvalidFileCarriesTheLinesOfTheTextReport() throws {
    let records = try Self.records(try CLI.run(Self.arguments + ["--format", "ndjson"]).stdout)
    let report = try CLI.run(Self.arguments)
    let texts = records.filter { $0["kind"] as? String == "scenario" }.compactMap { $0["text"] as? String }
    #expect(texts.count == 2)
    // A matrix row with the file, the step and the diff, as the text report prints them (without colour).
    #expect(texts.allSatisfy { $0.hasPrefix("passed          failed          login-submit-email-with-empty") })
    for text in texts {
      #expect(report.stdout.contains(text + "\n"), "\(text)")
    }
    let invalid = try #require(records.first { $0["kind"] as? String == "invalid" })
    #expect(invalid["text"] as? String == report.errorLines.first)
  }

  /// An invalid scenario file that parses is placed at the line where its error's JSON path starts, in the stream,
  /// the JSON report and the JUnit report alike, so a test report or an IDE opens it at the offending key; its text
  /// stays `FILE: PATH: MESSAGE`, and it has no column (only a syntax error has one).
  @Test func anInvalidFileThatParsesIsPlacedAtItsPathsLine() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = CLI.repository.appendingPathComponent(
      "Conformance/scenarios/login/login-double-submit-is-ignored.json")
    let text = try String(contentsOf: source, encoding: .utf8)
    let typo = text.replacingOccurrences(of: #"  "rules": "#, with: #"  "exhaustve": true,\#n  "rules": "#)
    let line =
      try #require(
        typo.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("exhaustve") }) + 1
    #expect(line == 6)
    let file = folder.appendingPathComponent("login-double-submit-is-ignored.json")
    try Data(typo.utf8).write(to: file)
    let (json, junit) = (folder.appendingPathComponent("r.json"), folder.appendingPathComponent("r.xml"))
    let result = try CLI.run(["run", "--format", "ndjson", "--json", json.path, "--junit", junit.path, file.path])
    #expect(result.status == 2)
    let invalid = try #require(try Self.records(result.stdout).first { $0["kind"] as? String == "invalid" })
    #expect(invalid["line"] as? Int == line)
    #expect(invalid["column"] is NSNull)
    #expect((invalid["text"] as? String)?.hasPrefix("error: \(file.path): exhaustve: unknown key 'exhaustve'") == true)
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let entry = try #require((report?["invalid"] as? [[String: Any]])?.first)
    #expect(entry["line"] as? Int == line)
    #expect(
      try String(contentsOf: junit, encoding: .utf8).contains(#"classname="conformance.invalid-files" time="0" file=""#)
    )
    #expect(try String(contentsOf: junit, encoding: .utf8).contains(#"line="\#(line)">"#))
  }

  /// A reader (the JUnit library) points an editor at `file` and `line`: a plain scenario's `id` (line 3 of the bundled
  /// files, under `$schema`), an outline row's object in `examples`. The lines are found only when a stream is asked
  /// for, so both ways of asking are checked: on standard output and in an `--events` file beside the text report.
  @Test(arguments: [false, true]) func eachScenarioRecordGivesTheLineOfItsIdOrOfItsOutlineRow(inFile: Bool) throws {
    let events = try CLI.temporaryFolder().appendingPathComponent("events.ndjson")
    let result = try CLI.run(
      ["run"] + (inFile ? ["--events", events.path] : ["--format", "ndjson"]) + [
        "Conformance/scenarios/login/login-double-submit-is-ignored.json",
        "Conformance/scenarios/signup/signup-age-refused-on-submit.json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let stream = inFile ? String(decoding: try Data(contentsOf: events), as: UTF8.self) : result.stdout
    var lines: [String: Int] = [:]
    for record in try Self.records(stream) where record["kind"] as? String == "scenario" {
      lines[record["scenario"] as? String ?? "?"] = record["line"] as? Int
    }
    #expect(lines.count == 14)
    #expect(lines["login-double-submit-is-ignored"] == 3)
    let outline = "signup-age-refused-on-submit"
    #expect(
      [lines["\(outline)[empty]"], lines["\(outline)[plus-sign]"], lines["\(outline)[nine-hundred-ninety-nine]"]]
        == [9, 11, 21])
  }

  @Test func theEventsFileHoldsTheSameStreamBesideTheTextReport() throws {
    let folder = try CLI.temporaryFolder()
    let events = folder.appendingPathComponent("out/events.ndjson")
    let result = try CLI.run(Self.arguments + ["--events", events.path])
    #expect(result.status == 2)
    #expect(result.lines.last == "2 passed, 2 failed, 2 divergences, 1 invalid file")
    let records = try Self.records(String(decoding: try Data(contentsOf: events), as: UTF8.self))
    try Self.check(records)
    let streamed = try Self.records(try CLI.run(Self.arguments + ["--format", "ndjson"]).stdout)
    #expect(records.compactMap { $0["kind"] as? String } == streamed.compactMap { $0["kind"] as? String })
    // A second run replaces the stream it wrote; a file it did not write is left alone.
    #expect(try CLI.run(Self.arguments + ["--events", events.path]).status == 2)
    let other = folder.appendingPathComponent("notes.txt")
    try Data("keep me\n".utf8).write(to: other)
    let refused = try CLI.run(Self.arguments + ["--events", other.path])
    #expect(refused.status == 2)
    #expect(
      refused.errorLines == [
        "error: --events '\(other.path)': it exists and is not an event stream from this tool; refusing to overwrite it "
          + "(remove it or choose another name)"
      ])
    #expect(try String(contentsOf: other, encoding: .utf8) == "keep me\n")
  }

  @Test func theEventsFileCannotBeTheJSONReport() throws {
    let file = try CLI.temporaryFolder().appendingPathComponent("report").path
    let result = try CLI.run(["run", "--events", file, "--json", file])
    #expect(result.status == 2)
    #expect(
      result.errorLines.first
        == "error: '--events' and '--json' name the same file '\(file)'; give each report its own file")
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func aRunStartedAgainAfterATrapBeginsWithASecondHeader() throws {
    let scenario = try CrashSupervisorCLITests.trappingScenario(in: try CLI.temporaryFolder())
    let result = try CrashSupervisorCLITests.runTrapping([
      "run", "Conformance/scenarios/login/login-double-submit-is-ignored.json", scenario.path, "--format", "ndjson",
    ])
    #expect(result.status == 1)
    let records = try Self.records(result.stdout)
    let headers = records.indices.filter { records[$0]["kind"] as? String == "header" }
    #expect(headers.count == 2)
    // From the last header on, the stream is whole: the crashed pair is reported, and the summary closes it.
    let last = Array(records[(headers.last ?? 0)...])
    try Self.check(last)
    #expect(last.contains { $0["kind"] as? String == "finished" && $0["outcome"] as? String == "crashed" })
  }
}
