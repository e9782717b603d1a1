import Foundation
import Testing

@testable import Conformance

@Suite("ScenarioJudge and Divergence")
struct ScenarioJudgeTests {
  let initial: JSONValue = ["email": "", "password": "", "isLoading": false, "error": .null]

  func scenario(exhaustive: Bool = true, steps: [Step]) -> Scenario {
    Scenario(
      id: "s", feature: "login", description: "d", tags: [], file: "s.json", initialState: initial,
      exhaustive: exhaustive, steps: steps)
  }

  @Test func changesMergeOntoThePreviousExpectedState() {
    let s = scenario(steps: [
      Step(send: ["type": "emailChanged", "value": "a"], state: .changes(["email": "a"]), effects: nil),
      Step(send: ["type": "submit"], state: .changes(["error": "x"]), effects: nil),
      Step(
        send: ["type": "emailChanged", "value": "b"],
        state: .full(["email": "b", "password": "", "isLoading": false, "error": .null]), effects: nil),
      Step(send: ["type": "dismissed"], state: .unchanged, effects: nil),
    ])
    let states = ScenarioJudge.expectedStates(of: s)
    #expect(states[1] == ["email": "a", "password": "", "isLoading": false, "error": "x"])
    #expect(states[3] == states[2])
  }

  @Test func exhaustiveStepsRejectUnlistedEffectsAndStateChanges() {
    let s = scenario(steps: [Step(send: ["type": "submit"], state: .unchanged, effects: nil)])
    let actual = TraceEntry(state: initial.merging(["error": "x"]), effects: [["type": "cancel", "id": "a"]])
    let (outcome, notChecked) = ScenarioJudge.judge(s, observation: .trace([actual]))
    guard case .failed(let failure) = outcome else {
      Issue.record("expected a failure, got \(outcome.label)")
      return
    }
    #expect(
      failure.mismatches.map(\.description) == [
        "state.error: expected null, got \"x\"", "effects[0]: unexpected effect {\"id\":\"a\",\"type\":\"cancel\"}",
      ])
    #expect(notChecked.isEmpty)
  }

  /// An effect whose `type` the manifest does not declare (a case name misspelt on one platform) is named as such,
  /// wherever its difference is found; a declared one is not, and nor is any effect when the cases are unknown.
  @Test func anEffectOfAnUndeclaredTypeIsNamedAsSuch() {
    var s = scenario(steps: [
      Step(send: ["type": "submit"], state: .unchanged, effects: [["type": "cancel", "id": "a"]])
    ])
    let actual = TraceEntry(
      state: initial, effects: [["type": "cancle", "id": "a"], ["type": "cancel", "id": "b"], ["type": "beep"]])
    let descriptions = { (scenario: Scenario) -> [String] in
      let (outcome, _) = ScenarioJudge.judge(scenario, observation: .trace([actual]))
      guard case .failed(let failure) = outcome else { return [] }
      return failure.mismatches.map(\.description)
    }
    let plain = descriptions(s)
    s.effectCases = ["authenticate", "cancel"]
    let named = descriptions(s)
    let hint = { (type: String) in
      "; '\(type)' is not an effect the 'login' manifest declares (it declares 'authenticate', 'cancel')"
    }
    #expect(plain.count == 3)
    #expect(named == [plain[0] + hint("cancle"), plain[1], plain[2] + hint("beep")])
  }

  @Test func nonExhaustiveStepsCheckOnlyWhatIsGivenAndListTheRest() {
    let s = scenario(
      exhaustive: false,
      steps: [
        Step(send: ["type": "submit"], state: .changes(["error": "x"]), effects: [["type": "cancel", "id": "b"]])
      ])
    let actual = TraceEntry(
      state: initial.merging(["error": "x", "email": "zzz"]),
      effects: [["type": "cancel", "id": "a"], ["type": "cancel", "id": "b"]])
    let (outcome, notChecked) = ScenarioJudge.judge(s, observation: .trace([actual]))
    #expect(outcome.label == "passed")
    #expect(
      notChecked == [
        "step 1: state.email, state.isLoading, state.password, effects[0] {\"id\":\"a\",\"type\":\"cancel\"}"
      ])
  }

  @Test func nonExhaustiveStepsStillFailOnAMissingEffect() {
    let s = scenario(
      exhaustive: false,
      steps: [
        Step(send: ["type": "submit"], state: .unchanged, effects: [["type": "cancel", "id": "b"]])
      ])
    let (outcome, _) = ScenarioJudge.judge(s, observation: .trace([TraceEntry(state: initial, effects: [])]))
    guard case .failed(let failure) = outcome else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.mismatches.map(\.description) == ["effects[0]: missing effect {\"id\":\"b\",\"type\":\"cancel\"}"])
  }

  @Test func aTraceOfTheWrongLengthIsAProtocolError() {
    let s = scenario(steps: [Step(send: ["type": "submit"], state: .unchanged, effects: nil)])
    #expect(ScenarioJudge.judge(s, observation: .trace([])).0.label == "protocol error")
  }

  @Test(arguments: [
    (Observation.errored(step: 1, message: "m"), "errored"), (.skipped(reason: "r"), "skipped"),
    (.crashed(message: "m", stderrTail: ""), "crashed"), (.timedOut(seconds: 1, stderrTail: ""), "timed out"),
    (.protocolError(message: "m", line: "l"), "protocol error"), (.notRun(reason: "r"), "not run"),
  ])
  func faultsKeepTheirOwnOutcome(observation: Observation, label: String) {
    let s = scenario(steps: [Step(send: ["type": "submit"], state: .unchanged, effects: nil)])
    #expect(ScenarioJudge.judge(s, observation: observation).0.label == label)
  }

  @Test func divergenceShowsTheFirstDifferingStepThreeWays() {
    let s = scenario(
      exhaustive: false,
      steps: [
        Step(send: ["type": "emailChanged", "value": "a"], state: .unchanged, effects: nil),
        Step(send: ["type": "submit"], state: .changes(["isLoading": false]), effects: nil),
      ])
    let same = TraceEntry(state: initial.merging(["email": "a"]), effects: [])
    let swift = [
      same, TraceEntry(state: initial.merging(["email": "a", "error": "Enter a valid email address."]), effects: []),
    ]
    let kotlin = [
      same, TraceEntry(state: initial.merging(["email": "a", "error": "Email is required."]), effects: []),
    ]
    let divergence = Divergence.find(in: s, traces: [("swift", swift), ("kotlin", kotlin)])
    #expect(divergence?.stepIndex == 1)
    #expect(divergence?.rows.map(\.path.description) == ["state.error"])
    // The step is non-exhaustive and gives only isLoading: state.error was never checked, so no expectation is shown
    // (not the merged value carried over from earlier steps).
    #expect(divergence?.rows.first?.expected == nil)
    #expect(divergence?.rows.first?.isSpecified == false)
    #expect(
      divergence?.rows.first?.values.map(\.value) == [
        .string("Enter a valid email address."), .string("Email is required."),
      ])
    #expect(Divergence.find(in: s, traces: [("swift", swift), ("kotlin", swift)]) == nil)
  }

  @Test func exhaustiveDivergencesShowTheMergedExpectation() {
    let s = scenario(steps: [Step(send: ["type": "submit"], state: .changes(["error": "x"]), effects: nil)])
    let swift = [TraceEntry(state: initial.merging(["error": "x"]), effects: [])]
    let kotlin = [TraceEntry(state: initial.merging(["error": "y"]), effects: [["type": "cancel", "id": "a"]])]
    let divergence = Divergence.find(in: s, traces: [("swift", swift), ("kotlin", kotlin)])
    // Effect lists of different lengths differ as a whole.
    #expect(divergence?.rows.map(\.path.description) == ["effects", "state.error"])
    #expect(divergence?.rows.map(\.expected) == [.array([]), .string("x")])
    #expect(divergence?.rows.map(\.isSpecified) == [true, true])
  }

  @Test func nonExhaustiveEmptyChangesCheckNothing() {
    let s = scenario(
      exhaustive: false,
      steps: [
        Step(send: ["type": "submit"], state: .changes(JSONValue(dictionaryLiteral: ("error", .null))), effects: nil)
      ])
    let empty = scenario(
      exhaustive: false, steps: [Step(send: ["type": "submit"], state: .changes(.object(JSONObject())), effects: nil)])
    let actual = TraceEntry(state: initial.merging(["error": "x"]), effects: [])
    #expect(ScenarioJudge.judge(empty, observation: .trace([actual])).0.label == "passed")
    #expect(ScenarioJudge.judge(s, observation: .trace([actual])).0.label == "failed")
  }
}

/// The judge on real traces: every bundled exhaustive scenario passes the Swift implementation's trace, and fails it
/// once any one step's state or effects are altered.
@Suite("ScenarioJudge on altered traces")
struct ScenarioJudgeAlteredTraceTests {
  static let files =
    TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("login"))
    + TestPaths.jsonFiles(in: TestPaths.scenarios.appendingPathComponent("signup"))

  @Test(arguments: files)
  func passesTheTraceAndFailsEveryAlteredStep(file: URL) async throws {
    let scenario = try #require(TestPaths.scenario(file))
    guard scenario.exhaustive else { return }
    guard case .trace(let trace, _) = await TestFeatures.swift.run(RunRequest(scenario)) else {
      Issue.record("expected a trace")
      return
    }
    #expect(ScenarioJudge.judge(scenario, observation: .trace(trace)).0.label == "passed")
    for index in trace.indices {
      var changedState = trace
      changedState[index].state = changedState[index].state.merging(["zzz": 1])
      var addedEffect = trace
      addedEffect[index].effects.append(["type": "cancel", "id": "x"])
      for altered in [changedState, addedEffect] {
        #expect(ScenarioJudge.judge(scenario, observation: .trace(altered)).0.label == "failed", "step \(index + 1)")
      }
    }
  }
}
