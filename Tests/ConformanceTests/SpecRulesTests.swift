import Foundation
import Testing

@testable import Conformance

/// Where a spec declares its rule ids (scenario format §18.1), and how a scenario's `rules` is checked against them.
@Suite("SpecRules and a scenario's rules")
struct SpecRulesTests {
  @Test func headingsAndBoldListItemsDeclareRulesAndProseDoesNot() {
    let spec = """
      # Login
      Rules are numbered L1–L5; L4.b clears the error.
      ### L3 — `{"type": "submit"}`
      - **L3.a** If `isLoading` is true, the action is ignored.
        - **L3.b** nested clauses count too
      - **LR1.** The call.
      * **IB1 (creation).** Creating the runtime.
      - **username** — not an id
      ##L9 no space after the hashes
      ```markdown
      ### L7 — in a code block
      ```
      ### L3 — declared twice
      """
    #expect(SpecRules.ids(inMarkdown: spec) == ["L3", "L3.a", "L3.b", "LR1", "IB1"])
  }

  @Test func theBundledLoginSpecDeclaresItsReducerAndRuntimeRules() throws {
    let manifest = try #require(TestPaths.manifests["login"])
    #expect(
      manifest.ruleIDs == [
        "L1", "L2", "L3", "L3.a", "L3.b", "L3.c", "L3.d", "L3.e", "L3.f", "L4", "L4.a", "L4.b", "L5", "LR1", "LR2",
        "LR3", "LR4", "LR5", "LR6",
      ])
  }

  @Test func aScenarioCitesDeclaredRulesOnly() {
    let loader = ScenarioLoader(manifests: TestPaths.manifests)
    let document: JSONValue = [
      "id": "x", "feature": "login", "description": "d", "rules": ["L5", "LR9", 3],
      "steps": [["send": ["type": "dismissed"]]],
    ]
    guard case .failure(let failure) = loader.load(document, file: "x.json") else {
      Issue.record("an unknown rule must make the file invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "x.json: rules[1]: unknown rule 'LR9'; did you mean 'LR1'? (login.md declares: L1, L2, L3, L3.a, L3.b, L3.c, L3.d, L3.e, L3.f, L4, L4.a, L4.b, L5, LR1, LR2, LR3, LR4, LR5, LR6)",
        "x.json: rules[2]: expected a spec rule id such as \"L3\" or \"L3.a\", got 3",
      ])
    var valid = document
    if case .object(var object) = valid {
      object["rules"] = ["L5", "LR4"]
      valid = .object(object)
    }
    #expect((try? loader.load(valid, file: "x.json").get())?.rules == ["L5", "LR4"])
  }

  @Test func aNewBaselineEntryNamesTheRulesTheScenarioCites() {
    var verdict = ScenarioVerdict(
      id: "x", file: "x.json", feature: "login", description: "Dismiss cancels.", stepCount: 1, verdicts: [],
      divergence: nil)
    #expect(BaselineUpdate.spec(of: verdict) == "login.md")
    verdict.rules = ["LR4", "L5"]
    #expect(BaselineUpdate.spec(of: verdict) == "login.md LR4, L5")
  }
}
