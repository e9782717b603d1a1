import Foundation
import Testing

@testable import Conformance

/// ``TraceSize`` bounds the reply a correct harness sends, so the reply limit derived from it (harness protocol §3.4)
/// never blames a correct harness.
@Suite struct TraceSizeTests {
  /// For every bundled exhaustive scenario, the bound is at least the compact JSON of the trace it expects.
  @Test func theBoundCoversEveryBundledScenariosExpectedTrace() throws {
    let files = ["login", "signup"].flatMap {
      TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent($0))
    }
    #expect(files.count > 100)
    for file in files {
      let scenario = try #require(TestPaths.scenario(file), "\(file.lastPathComponent) does not load")
      guard scenario.exhaustive else { continue }
      let entries = zip(ScenarioJudge.expectedStates(of: scenario), scenario.steps).map { state, step -> JSONValue in
        ["state": state, "effects": .array(step.effects ?? [])]
      }
      let reply: JSONValue = ["seq": 123_456, "trace": .array(entries)]
      let actual = JSONRenderer.compact(reply).utf8.count
      #expect(TraceSize.upperBound(of: scenario) >= actual, "\(scenario.id): bound below \(actual) bytes")
    }
  }

  /// A step that only changes one field still repeats the whole state: the bound grows with it.
  @Test func aLargeStateRepeatedOverManyStepsIsCounted() {
    let big = String(repeating: "x", count: 10_000)
    let steps = (0..<100).map { _ in Step(send: ["type": "noop"], state: .unchanged, effects: nil, description: nil) }
    let scenario = Scenario(
      id: "big", feature: "login", description: "", tags: [], file: "big.json", initialState: ["email": .string(big)],
      exhaustive: true, steps: steps)
    #expect(TraceSize.upperBound(of: scenario) >= 100 * 10_000)
  }

  /// For values without escapes, the size is at least the compact rendering's.
  @Test(arguments: [
    JSONValue.null, true, false, 0, -9_223_372_036_854_775_807, 1.5e-300, "", "é😀",
    ["a": [1, 2, ["b": .null]]] as JSONValue,
    [] as JSONValue,
  ])
  func aValuesSizeIsAtLeastItsCompactRendering(value: JSONValue) {
    #expect(TraceSize.bytes(value) >= JSONRenderer.compact(value).utf8.count)
  }
}
