import Conformance
import Foundation
import LoginFeature
import Testing

/// The README's action-logging sample end to end: LoginAction values logged with ``ActionLog`` become the lines
/// `conformance record --actions` turns into a scenario.
@Suite("conformance record --actions from ActionLog lines")
struct RecordActionLogCLITests {
  @Test func actionsLoggedWithActionLogAreRecordedAsAScenario() throws {
    let root = try RecordCLITests.workspace([:])
    let manifestURL = root.appendingPathComponent("Conformance/features/login.json")
    var lines: [String] = []
    let actions: [LoginAction] = [.emailChanged("user@example.com"), .passwordChanged("correct-horse"), .submit]
    // The README's sample, with `lines.append` for the app's logger.
    let actionLog = try ActionLog(manifest: manifestURL)  // once: the feature's manifest, e.g. in the debug bundle
    for action in actions {
      lines.append(try actionLog.line(action))  // per action sent: {"type":"emailChanged","value":"user@example.com"}
    }
    #expect(
      lines == [
        #"{"type":"emailChanged","value":"user@example.com"}"#, #"{"type":"passwordChanged","value":"correct-horse"}"#,
        #"{"type":"submit"}"#,
      ])
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: root.appendingPathComponent("session.ndjson"))
    let result = try CLI.run(
      [
        "record", "--actions", "session.ndjson", "--feature", "login", "--id", "login-recorded-submit", "--from",
        "swift", "--out", "Conformance/scenarios/login",
      ], in: root)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.lines == ["wrote \(RecordCLITests.file): 3 steps from session.ndjson, expectations from swift"])
    #expect(try RecordCLITests.text(RecordCLITests.file, in: root) == RecordCLITests.submitRecordedFromLog)
    #expect(try CLI.run(["run", "Conformance/scenarios", "--impl", "swift"], in: root).status == 0)
  }
}
