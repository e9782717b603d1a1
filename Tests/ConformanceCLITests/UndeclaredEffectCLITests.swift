import Foundation
import Testing

/// A harness whose effect has a `type` the manifest does not declare (a case name misspelt on one platform) fails
/// with a line that says so, not only with a difference that reads like behaviour.
@Suite("An effect the manifest does not declare is named as such")
struct UndeclaredEffectCLITests {
  @Test func theFailureSaysTheTypeIsNotAnEffectOfTheManifest() throws {
    let root = try ScenarioCorpusCLITests.workspace(["login-dismiss-while-idle-is-ignored"])
    // Every step keeps the state and returns one effect, of a type login's manifest does not have.
    let script = try CLI.pythonHarness(
      named: "misspelt",
      onRun: """
        print(json.dumps({"seq": request["seq"], "trace": [{"state": request["initialState"], "effects": [{"type": "vibrate"}]} for _ in request["actions"]]}), flush=True)
        """)
    let result = try CLI.run(["run", "--harness", "misspelt=python3 \(script.path)", "--impl", "misspelt"], in: root)
    #expect(result.status == 1, "\(result.stderr)")
    let hint = "'vibrate' is not an effect the 'login' manifest declares (it declares 'authenticate', 'cancel')"
    #expect(result.stdout.contains("effects[0]: unexpected effect {\"type\":\"vibrate\"}; \(hint)"), "\(result.stdout)")
  }
}
