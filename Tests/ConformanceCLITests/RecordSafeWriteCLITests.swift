import Foundation
import Testing

/// `conformance record` writes only over the exact bytes it ran, within the limits `run` reads, and its action-log
/// form reads CRLF logs and leaves nothing behind on a full disk.
@Suite("conformance record writes safely")
struct RecordSafeWriteCLITests {
  static let twoSteps = """
    {
      "id": "login-recorded-submit",
      "feature": "login",
      "description": "L1: typing.",
      "steps": [
        {"send": {"type": "emailChanged", "value": "a@b.co"}},
        {"send": {"type": "passwordChanged", "value": "pw"}}
      ]
    }

    """

  static let threeSteps = """
    {
      "id": "login-recorded-submit",
      "feature": "login",
      "description": "L1: typing.",
      "steps": [
        {"send": {"type": "emailChanged", "value": "a@b.co"}},
        {"send": {"type": "passwordChanged", "value": "typed-by-user"}},
        {"send": {"type": "submit"}}
      ]
    }

    """

  /// A login reducer harness (``RecordCLITests/loginHarness(email:atStart:beforeReply:)``) that replaces the scenario
  /// file `path` with `text` when it starts (`at: "start"`) or just before it answers a run (`at: "run"`); it is
  /// declared as `lower`.
  static func editingHarness(editing path: URL, to text: String, at moment: String) throws -> URL {
    let replacement = try CLI.temporaryFolder().appendingPathComponent("replacement.json")
    try Data(text.utf8).write(to: replacement)
    let edit = "open('\(path.path)', 'w').write(open('\(replacement.path)').read())"
    return try RecordCLITests.loginHarness(
      atStart: moment == "start" ? edit : "pass", beforeReply: moment == "run" ? edit : "pass")
  }

  @Test func anEditSavedWhileTheHarnessStartsIsWhatIsRecorded() throws {
    let root = try RecordCLITests.workspace(["login-recorded-submit.json": Self.twoSteps])
    let file = root.appendingPathComponent(RecordCLITests.file)
    let harness = try Self.editingHarness(editing: file, to: Self.threeSteps, at: "start")
    let result = try CLI.run(
      ["record", RecordCLITests.file, "--from", "lower", "--harness", "lower=python3 \(harness.path)", "--write"],
      in: root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.contains(#""expect": {"changes": {"password": "typed-by-user"}}"#), "\(written)")
    #expect(written.contains(#""effects": [{"type": "authenticate", "email": "a@b.co", "password": "typed-by-user"}]"#))
    #expect(try CLI.run(["run", RecordCLITests.file], in: root).status == 0)
  }

  @Test func anEditSavedDuringTheRunIsNeverOverwritten() throws {
    let root = try RecordCLITests.workspace(["login-recorded-submit.json": Self.twoSteps])
    let file = root.appendingPathComponent(RecordCLITests.file)
    let harness = try Self.editingHarness(editing: file, to: Self.threeSteps, at: "run")
    let result = try CLI.run(
      ["record", RecordCLITests.file, "--from", "lower", "--harness", "lower=python3 \(harness.path)", "--write"],
      in: root)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.errorLines.contains(
        "error: \(RecordCLITests.file): changed while recording; run record again (the file was not written)"),
      "\(result.errorLines)")
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.threeSteps)
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).count == 1)
  }

  @Test func aRecordingOverTheSizeLimitIsRefusedAndTheFileKept() throws {
    // 45 steps of a 200,000-character email: about 9 MB as written, over 16 MiB once each step expects the change.
    let value = String(repeating: "a", count: 200_000)
    let steps = (0..<45).map { index in
      #"{"send": {"type": "emailChanged", "value": "\#(index)\#(value)"}}"#
    }
    let text =
      #"{"id": "login-recorded-submit", "feature": "login", "description": "L1.", "steps": [\#(steps.joined(separator: ",\n"))]}"#
      + "\n"
    let root = try RecordCLITests.workspace(["login-recorded-submit.json": text])
    let result = try CLI.run(["record", RecordCLITests.file, "--from", "swift", "--write"], in: root)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.errorLines.first?.hasPrefix(
        "error: \(RecordCLITests.file): the recorded file would be ") == true, "\(result.errorLines)")
    #expect(
      result.errorLines.first?.hasSuffix(
        " bytes, over the limit of 16777216 bytes that run and validate read, so it is not written; split the scenario into smaller ones"
      ) == true)
    #expect(try String(contentsOf: root.appendingPathComponent(RecordCLITests.file), encoding: .utf8) == text)
  }

  @Test func aCRLFActionLogIsReadLineByLine() throws {
    let root = try RecordCLITests.workspace([:])
    let log =
      #"{"type": "emailChanged", "value": "user@example.com"}"# + "\r\n"
      + #"{"type": "passwordChanged", "value": "correct-horse"}"# + "\r\n\r\n" + #"{"type": "submit"}"# + "\r\n"
    try Data(log.utf8).write(to: root.appendingPathComponent("session.ndjson"))
    let result = try CLI.run(
      [
        "record", "--actions", "session.ndjson", "--feature", "login", "--id", "login-recorded-submit", "--from",
        "swift", "--out", "Conformance/scenarios/login",
      ], in: root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try RecordCLITests.text(RecordCLITests.file, in: root) == RecordCLITests.submitRecordedFromLog)
  }

  @Test func anActionLogScenarioNeverTakesAnIdTheCorpusHas() throws {
    let root = try RecordCLITests.workspace(["login-recorded-submit.json": RecordCLITests.submit])
    try Data(#"{"type": "submit"}"#.utf8).write(to: root.appendingPathComponent("session.ndjson"))
    let result = try CLI.run(
      [
        "record", "--actions", "session.ndjson", "--feature", "login", "--id", "login-recorded-submit", "--from",
        "swift", "--out", "Conformance/scenarios/login/runtime",
      ], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: 'login-recorded-submit' is already the id of \(RecordCLITests.file); ids are unique across the "
          + "corpus, so choose another --id"
      ])
    #expect(
      !FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Conformance/scenarios/login/runtime/login-recorded-submit.json").path))
  }

  @Test func aFullDiskLeavesNoEmptyScenarioBehind() throws {
    let root = try RecordCLITests.workspace([:])
    try Data(#"{"type": "submit"}"#.utf8).write(to: root.appendingPathComponent("session.ndjson"))
    let result = try CLI.run(
      [
        "record", "--actions", "session.ndjson", "--feature", "login", "--id", "login-recorded-submit", "--from",
        "swift", "--out", "Conformance/scenarios/login",
      ], in: root, fileSizeLimit: 0)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.errorLines.first?.hasPrefix("error: cannot write '\(RecordCLITests.file)': ") == true,
      "\(result.errorLines)")
    let folder = root.appendingPathComponent("Conformance/scenarios/login")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }
}
