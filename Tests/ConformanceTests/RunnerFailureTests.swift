import Foundation
import TestScratch
import Testing

@testable import Conformance

/// Deliberately wrong scenarios (Fixtures/failing) against the Swift implementation: the failure text is API.
@Suite("Runner failure reports")
struct RunnerFailureTests {
  func fixture(_ name: String) -> URL { TestPaths.fixtures.appendingPathComponent("failing/\(name).json") }

  @Test func wrongStateAndUnexpectedEffectAreShownByPathAndDiff() async {
    let (lines, errors, summary) = await runAndReport([fixture("login-wrong-loading-flag")])
    #expect(errors.isEmpty)
    #expect(summary.exitCode == 1)
    #expect(
      Array(lines.prefix(21)) == [
        "✗ login-wrong-loading-flag (failed)",
        "    file: Fixtures/failing/login-wrong-loading-flag.json",
        "    step 3 of 3: send {\"type\":\"submit\"}",
        "      state.isLoading: expected false, got true",
        "      effects[0]: unexpected effect {\"email\":\"user@example.com\",\"password\":\"correct-horse\",\"type\":\"authenticate\"}",
        "",
        "      State after step 3:",
        "        {",
        "          \"email\": \" user@example.com \",",
        "          \"error\": null,",
        "      -   \"isLoading\": false,",
        "      +   \"isLoading\": true,",
        "          \"password\": \"correct-horse\"",
        "        }",
        "      Effects of step 3:",
        "      - []",
        "      + [",
        "      +   {\"email\":\"user@example.com\",\"password\":\"correct-horse\",\"type\":\"authenticate\"}",
        "      + ]",
        "      (- expected, + actual)",
        "",
      ])
    #expect(lines.last == "0 passed, 1 failed")
  }

  @Test func wrongEffectFieldIsShownByPathAndLaterFailingStepsAreListed() async {
    let (lines, _, _) = await runAndReport([fixture("login-wrong-effect-email")])
    #expect(
      Array(lines.prefix(13)) == [
        "✗ login-wrong-effect-email (failed)",
        "    file: Fixtures/failing/login-wrong-effect-email.json",
        "    step 1 of 2: send {\"type\":\"submit\"}",
        "      effects[0].email: expected \" a@b.co \", got \"a@b.co\"",
        "",
        "      Effects of step 1:",
        "        [",
        "      -   {\"email\":\" a@b.co \",\"password\":\"12345678\",\"type\":\"authenticate\"}",
        "      +   {\"email\":\"a@b.co\",\"password\":\"12345678\",\"type\":\"authenticate\"}",
        "        ]",
        "      (- expected, + actual)",
        "    step 2 of 2: send {\"type\":\"dismissed\"}",
        "      effects[0]: unexpected effect {\"id\":\"authenticate\",\"type\":\"cancel\"}",
      ])
  }

  @Test func decomposedAndPrecomposedStringsAreToldApart() async {
    let (lines, _, _) = await runAndReport([fixture("login-wrong-nfc-vs-nfd")])
    #expect(lines[2] == "    step 1 of 1: send {\"type\":\"emailChanged\",\"value\":\"e\\u0301@b.co\"}")
    #expect(lines[3] == "      state.email: expected \"\u{E9}@b.co\", got \"e\\u0301@b.co\"")
  }

  @Test func invalidFilesAreReportedAndOtherFilesStillRun() async {
    let files = [
      TestPaths.fixtures.appendingPathComponent("invalid/unknown-action.json"),
      TestPaths.scenarios.appendingPathComponent("login/login-submit-valid-credentials.json"),
    ]
    let (lines, errors, summary) = await runAndReport(files)
    #expect(
      errors == [
        "error: Fixtures/invalid/unknown-action.json: steps[0].send.type: unknown action 'sumbit'; did you mean 'submit'? (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ])
    #expect(lines.first == "✓ login-submit-valid-credentials")
    #expect(lines.contains("1 file invalid (see the errors above)"))
    #expect(lines.last == "1 passed, 0 failed, 1 invalid file")
    #expect(summary.exitCode == 2)
  }

  /// Two strings that differ only by a scalar NFC replaces (U+212A KELVIN SIGN for `K`) are told apart in the
  /// mismatch line and in the diff. Both used to print `"Kate@example.com"`, and the diff showed no changed line.
  @Test func aLookAlikeScalarIsShownInTheFailure() async throws {
    let folder = try ScratchFolder.make("kelvin").appendingPathComponent("login")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("login-kelvin.json")
    try Data(
      #"{"id": "login-kelvin", "feature": "login", "description": "L1: a look-alike.", "steps": [{"send": {"type": "emailChanged", "value": "Kate@example.com"}, "expect": {"changes": {"email": "\u212Aate@example.com"}}}]}"#
        .utf8
    ).write(to: file)
    let (lines, _, _) = await runAndReport([file])
    #expect(lines.contains(#"      state.email: expected "\u212Aate@example.com", got "Kate@example.com""#), "\(lines)")
    #expect(lines.contains(#"      -   "email": "\u212Aate@example.com","#), "\(lines)")
    #expect(lines.contains(#"      +   "email": "Kate@example.com","#), "\(lines)")
  }

  @Test func duplicateIdsAreInvalid() async throws {
    let file = TestPaths.scenarios.appendingPathComponent("login/login-submit-valid-credentials.json")
    // Another file with the same id (the same file reached through a second path is read once, not reported).
    let copy = ScratchFolder.path("duplicate").appendingPathComponent("login")
      .appendingPathComponent(file.lastPathComponent)
    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: file, to: copy)
    let (_, errors, summary) = await runAndReport([
      file, file.deletingLastPathComponent().appendingPathComponent("../login/login-submit-valid-credentials.json"),
      copy,
    ])
    #expect(
      errors == [
        "error: Fixtures/login/login-submit-valid-credentials.json: id: duplicate id 'login-submit-valid-credentials', already used by Fixtures/login/login-submit-valid-credentials.json; ids must be unique across the corpus"
      ])
    #expect(summary.exitCode == 2)
  }

  @Test func anEmptyRunIsNeverASilentPass() async {
    let (lines, _, summary) = await runAndReport([])
    // The timing varies under load; everything else is pinned.
    #expect(
      lines.suffix(3).map { $0.hasPrefix("Ran 0 scenarios (0 steps) in ") ? "Ran 0 scenarios (0 steps) in …" : $0 } == [
        "No scenarios were run; check the paths and filters", "Ran 0 scenarios (0 steps) in …", "0 passed, 0 failed",
      ])
    #expect(summary.exitCode == 2)
  }
}
