import Foundation
import Testing

@testable import Conformance

/// Number tolerances (Conformance/README.md §17.4): where a manifest's `tolerance` reaches, and how the judge compares
/// there; everything else compares exactly.
@Suite("Tolerances: numbers within a manifest's tolerance are equal, all else exactly")
struct TolerancesTests {
  /// A manifest `m` whose state and `Point` object type hold tolerant numbers in every place a descriptor can be:
  /// a field, a nullable field, array items, a named object type, and an effect's field.
  static let manifest = #"""
    {"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},
     "types":{"Point":{"fields":{"x":{"type":"number","tolerance":0.01},"label":{"type":"string"}}}},
     "state":{"total":{"type":"number","tolerance":0.001},"maybe":{"type":"number","nullable":true,"tolerance":0.5},
              "points":{"type":"array","items":{"type":"object","ref":"Point"}},"exact":{"type":"number"}},
     "initialState":{"total":0,"maybe":null,"points":[],"exact":0},
     "actions":{"go":{"fields":{}}},
     "effects":{"paid":{"fields":{"amount":{"type":"number","tolerance":0.1}}}}}
    """#

  static func tolerances() throws -> Tolerances {
    try ManifestLoader().load(try JSONParser().parse(manifest), file: "m.json", expectedFeature: "m").get().tolerances
  }

  func stateMismatches(_ expected: JSONValue, _ actual: JSONValue) throws -> [String] {
    StructuralDiff.mismatches(
      expected: expected, actual: actual, at: JSONPath([.key("state")]), tolerance: try Self.tolerances().state
    ).map(\.description)
  }

  @Test func numbersWithinTheirToleranceAreEqualEverywhereItReaches() throws {
    let expected: JSONValue = ["total": 0.3, "maybe": 1, "points": [["x": 1, "label": "a"]], "exact": 1]
    let actual: JSONValue = ["total": 0.3005, "maybe": 1.4, "points": [["x": 1.009, "label": "a"]], "exact": 1]
    #expect(try stateMismatches(expected, actual) == [])
  }

  @Test func beyondTheToleranceTheFailureShowsIt() throws {
    let expected: JSONValue = ["total": 0.3, "maybe": 1, "points": [["x": 1, "label": "a"]], "exact": 1]
    let actual: JSONValue = [
      "total": 0.302, "maybe": .null, "points": [["x": 1.02, "label": "b"]], "exact": 1.0000001,
    ]
    #expect(
      try stateMismatches(expected, actual) == [
        "state.exact: expected 1, got 1.0000001",
        "state.maybe: expected 1, got null",
        "state.points[0].label: expected \"a\", got \"b\"",
        "state.points[0].x: expected 1, got 1.02 (tolerance 0.01)",
        "state.total: expected 0.3, got 0.302 (tolerance 0.001)",
      ])
  }

  @Test func anEffectsFieldIsComparedWithinItsOwnTolerance() throws {
    let tolerances = try Self.tolerances()
    let mismatches = StructuralDiff.effectMismatches(
      expected: [["type": "paid", "amount": 10], ["type": "paid", "amount": 10]],
      actual: [["type": "paid", "amount": 10.05], ["type": "paid", "amount": 10.5]], tolerance: tolerances.effects)
    #expect(mismatches.map(\.description) == ["effects[1].amount: expected 10, got 10.5 (tolerance 0.1)"])
  }

  @Test(arguments: [
    (
      #"{"type":"integer","tolerance":1}"#,
      "m.json: state.n.tolerance: 'tolerance' is only allowed with \"type\": \"number\", not 'integer'; other values compare exactly"
    ),
    (
      #"{"type":"number","tolerance":-1}"#,
      "m.json: state.n.tolerance: expected a non-negative number (how far apart two values may be), got -1"
    ),
    (
      #"{"type":"number","tolerance":"1"}"#,
      "m.json: state.n.tolerance: expected a non-negative number (how far apart two values may be), got \"1\""
    ),
  ])
  func aBadToleranceIsAnInvalidManifest(descriptor: String, expected: String) throws {
    let text =
      #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":\#(descriptor)},"initialState":{"n":0},"actions":{"go":{"fields":{}}},"effects":{}}"#
    guard
      case .failure(let failure) = ManifestLoader().load(
        try JSONParser().parse(text), file: "m.json", expectedFeature: "m")
    else {
      Issue.record("the manifest loads")
      return
    }
    #expect(failure.errors.map(\.description) == [expected])
  }
}

/// Tolerances at the runtime level (Conformance/README.md §17.4): the state of a runtime step compares within the
/// manifest's tolerance, against the scenario and between implementations, as at the reducer level.
@Suite("Tolerances: runtime-level states compare within them too")
struct RuntimeTolerancesTests {
  static func scenario() throws -> Scenario {
    let manifest = try ManifestLoader().load(
      try JSONParser().parse(TolerancesTests.manifest), file: "m.json", expectedFeature: "m"
    ).get()
    let document = try JSONParser().parse(
      #"{"id": "x", "feature": "m", "level": "runtime", "description": "d", "steps": [{"send": {"type": "go"}, "expect": {"changes": {"total": 0.3}}}]}"#
    )
    return try ScenarioLoader(manifests: ["m": manifest]).load(document, file: "x.json").get()
  }

  static func entry(total: Double) -> TraceEntry {
    TraceEntry(
      state: ["total": .number(.double(total)), "maybe": .null, "points": [], "exact": 0], calls: [], cancelled: [])
  }

  @Test func aRuntimeStepsStateWithinTheToleranceOfItsExpectationPasses() throws {
    let outcome = ScenarioJudge.judge(try Self.scenario(), observation: .trace([Self.entry(total: 0.3005)])).0
    #expect(VerdictText.headline(outcome) == "passed")
  }

  @Test func aRuntimeStepsStateBeyondTheToleranceFailsAndSaysSo() throws {
    let outcome = ScenarioJudge.judge(try Self.scenario(), observation: .trace([Self.entry(total: 0.302)])).0
    #expect(VerdictText.headline(outcome) == "step 1 (send go): state.total: expected 0.3, got 0.302 (tolerance 0.001)")
  }

  @Test func twoRuntimeTracesWithinTheToleranceDoNotDiverge() throws {
    let scenario = try Self.scenario()
    let near = [("a", [Self.entry(total: 0.3)]), ("b", [Self.entry(total: 0.3005)])]
    #expect(Divergence.find(in: scenario, traces: near.map { ($0.0, $0.1) }) == nil)
    let far = [("a", [Self.entry(total: 0.3)]), ("b", [Self.entry(total: 0.302)])]
    #expect(
      Divergence.find(in: scenario, traces: far.map { ($0.0, $0.1) })?.rows.map(\.path.description) == ["state.total"])
  }
}
