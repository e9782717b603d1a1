import Foundation
import Testing

@testable import Conformance

/// The generated fast path of ``Zoo``, a feature built to take every path of the generator, compiled with the tests.
@Suite("Generated fast path of a feature with every shape")
struct FastPathFixtureTests {
  static let file = "Tests/ConformanceTests/FastPathFixture/ZooFastPath.swift"

  /// The committed fixture is what the generator writes today (less the import of this test module itself); with
  /// UPDATE_FAST_PATH_FIXTURE=1 in the environment the test writes it instead.
  @Test func theFixtureIsUpToDate() throws {
    let generating = try #require(Zoo.bridge as? any FastPathGenerating)
    let (generated, notes, problems) = generating.fastPathSource(
      manifest: Zoo.manifest, manifestFile: "zoo.json", typeName: "ZooFastPath", tool: "conformance",
      outputFile: Self.file, isPublic: false)
    let source = generated.replacingOccurrences(of: "import ConformanceTests\n", with: "")
    #expect(notes.isEmpty)
    #expect(problems.isEmpty)
    let url = TestPaths.repository.appendingPathComponent(Self.file)
    if ProcessInfo.processInfo.environment["UPDATE_FAST_PATH_FIXTURE"] == "1" {
      try Data(source.utf8).write(to: url)
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == source, "run the tests with UPDATE_FAST_PATH_FIXTURE=1")
  }

  static let actions: [JSONValue] = [
    ["type": "rename", "value": "z\u{0301}"], ["type": "setMode", "mode": "is-busy"],
    ["type": "measure", "weight": 0.1, "ratio": 1], ["type": "measure", "weight": .number(.double(1e39)), "ratio": 2],
    ["type": "finish", "outcome": ["type": "failed", "reason": "r", "code": .null]],
    ["type": "finish", "outcome": .null], ["type": "finish", "outcome": ["type": "done"]],
    ["type": "maybeFinish", "outcome": ["type": "failed", "reason": "", "code": 3]],
    ["type": "maybeFinish", "outcome": .null],
    ["type": "grow", "node": ["type": "pair", "left": ["type": "leaf", "name": "l"], "right": .null]],
    ["type": "grow", "node": ["type": "leaf", "name": "n"]],
    ["type": "count", "small": -128, "big": .number(.integer(.max))], ["type": "count", "small": 128, "big": 0],
    ["type": "count", "small": 1, "big": -1], ["type": "tag", "tags": ["a", "b"], "default": true],
    ["type": "tag", "tags": [], "default": false, "extra": 1], ["type": "rename"], ["type": "set\u{212A}"],
  ]

  /// Each action, after a few that fill the state, gives the same trace or error with the fast path as through the
  /// bridge alone, compared as written (`String(reflecting:)` tells `1` from `1.0`, which `==` does not).
  @Test(arguments: actions)
  func agreesWithTheBridgeToTheByte(action: JSONValue) {
    let prefix: [JSONValue] = [
      ["type": "finish", "outcome": ["type": "done"]], ["type": "rename", "value": "x"],
    ]
    let bridged = Zoo.bridge.trace(initialState: Zoo.manifest.initialState, actions: prefix + [action])
    let fast = Zoo.fast.trace(initialState: Zoo.manifest.initialState, actions: prefix + [action])
    #expect(String(reflecting: fast) == String(reflecting: bridged))
  }

  /// A `type` only canonically equivalent to a case name is an unknown action, for the bridge as for the fast path
  /// and the scenario loader (the bridge matched it with Swift's `==` before).
  @Test func aTypeOnlyCanonicallyEquivalentToACaseIsUnknown() {
    guard
      case .noTrace(.errored(step: 1, message: let message)) = Zoo.bridge.trace(
        initialState: Zoo.manifest.initialState, actions: [["type": "set\u{212A}"]])
    else {
      Issue.record("the bridge decoded 'set\\u{212A}' as setK")
      return
    }
    #expect(message.hasPrefix("actions[0].type: unknown action"))
  }

  /// The fast path handles the common actions itself (it does not hand everything to the bridge).
  @Test func decodesWhatItShould() {
    let path = ZooFastPath()
    #expect(path.decodeAction(["type": "rename", "value": "a"]) == .rename("a"))
    #expect(path.decodeAction(["type": "measure", "weight": 0.5, "ratio": 2]) == .measure(weight: 0.5, ratio: 2))
    #expect(
      path.decodeAction([
        "type": "grow", "node": ["type": "pair", "left": ["type": "leaf", "name": "l"], "right": .null],
      ])
        == .grow(node: .pair(right: nil, left: .leaf("l"))))
    #expect(path.decodeAction(["type": "finish", "outcome": .null]) == nil)  // Not optional in Swift: the bridge says.
    #expect(path.decodeAction(["type": "maybeFinish", "outcome": .null]) == .maybeFinish(outcome: nil))
    #expect(path.decodeAction(["type": "set\u{212A}"]) == nil)
    #expect(path.decodeAction(["type": "setK"]) == .setK)
    #expect(path.encodeState(Zoo.State()) != nil)
    #expect(path.encodeEffect(.report(outcome: nil, name: "n")) == ["type": "report", "outcome": .null, "name": "n"])
  }
}
