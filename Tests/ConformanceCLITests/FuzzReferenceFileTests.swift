import Conformance
import Foundation
import Testing

@testable import ConformanceCLI

/// The runtime-level file `conformance fuzz --reference` writes carries what the reference reports under format v1.2
/// (Conformance/README.md §14): each step's received actions and, at the top, the effects it leaves running, so that
/// the file passes on its own reference and a timer that runs twice fails it.
@Suite("fuzz --reference files at format v1.2")
struct FuzzReferenceFileTests {
  @Test func theFileAssertsTheTicksAndTheTimerLeftRunning() async throws {
    let manifests = FuzzGeneratorTests.loader.manifests
    let manifest = try #require(manifests["timer"])
    let fuzzCase = FuzzCase(
      initialState: manifest.initialState,
      actions: [
        ["send": ["type": "startTapped"]], ["advance": 2500], ["send": ["type": "startTapped"]], ["advance": 1000],
      ],
      level: .runtime)
    let correct = TimerMutation.correct.bound(to: manifests)
    let observation = try #require(
      await correct.run(batch: [fuzzCase.request(id: "x", feature: "timer")]).first
    )
    .observation
    guard case .trace(let trace, _) = observation else {
      Issue.record("no trace: \(observation)")
      return
    }
    let finding = FuzzFinding(
      feature: "timer", manifestInitialState: manifest.initialState, fuzzCase: fuzzCase,
      observations: [("swift", observation), ("other", observation)], seed: 0)
    let text = finding.scenarioFile(reference: ("swift", trace))
    #expect(text.contains(#"  "leavesRunning": [{"id": "timer", "type": "runTimer"}],"#), "\(text)")
    #expect(
      text.contains(#""received": [{"type": "tick"}, {"type": "tick"}]"#)
        && text.contains(#""received": [{"type": "tick"}]"#),
      "\(text)")
    let file = try CLI.temporaryFolder().appendingPathComponent(finding.id + ".json")
    try Data(text.utf8).write(to: file)
    let valid = await Fuzz.command(["validate", file.path], swift: TimerMutation.correct)
    #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    let passes = await Fuzz.command(["run", file.path], swift: TimerMutation.correct)
    #expect(passes.status == 0, "\(passes.stdout)")
    let twice = await Fuzz.command(["run", file.path], swift: TimerMutation.lacksCancelInFlight.implementation)
    #expect(twice.status == 1, "\(twice.stdout)")
  }
}
