import Foundation
import Testing

/// The diff under a failure lays out both sides alike, end to end.
@Suite("failure diffs lay out both sides alike")
struct DiffLayoutCLITests {
  /// An expected effect one member longer than fits on a line, against an actual one that fits: both are broken
  /// over lines, so the diff marks the one member that differs rather than the whole effect twice.
  @Test func anExpectedValueTooLongForOneLineIsDiffedMemberByMember() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = CLI.repository.appendingPathComponent(
      "Conformance/scenarios/login/login-double-submit-is-ignored.json")
    let text = try String(contentsOf: source, encoding: .utf8)
    // A paragraph separator is shown escaped (six characters), so the expected effect no longer fits in 80 columns.
    let wrong = text.replacingOccurrences(
      of: #""type": "authenticate", "email": "user@example.com""#,
      with: #""type": "authenticate", "email": "\u2029user@example.com""#)
    #expect(wrong != text, "the scenario no longer expects the authenticate effect this test breaks")
    let file = folder.appendingPathComponent("login-double-submit-is-ignored.json")
    try Data(wrong.utf8).write(to: file)
    let result = try CLI.run(["run", file.path])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(15)) == [
        "✗ login-double-submit-is-ignored (failed)",
        "    file: \(file.path)",
        #"    step 3 of 4: send {"type":"submit"}"#,
        #"      effects[0].email: expected "\u2029user@example.com", got "user@example.com""#,
        "",
        "      Effects of step 3:",
        "        [",
        "          {",
        #"      -     "email": "\u2029user@example.com","#,
        #"      +     "email": "user@example.com","#,
        #"            "password": "correct-horse","#,
        #"            "type": "authenticate""#,
        "          }",
        "        ]",
        "      (- expected, + actual)",
      ])
  }
}
