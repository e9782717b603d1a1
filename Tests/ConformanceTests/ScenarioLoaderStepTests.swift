import Foundation
import Testing

@testable import Conformance

/// Each small breakage of a step that the step reader checks, made to the first step of a valid bundled scenario: the
/// whole list of problems the loader reports, or none for a change that keeps the step valid.
@Suite("ScenarioLoader: a step broken in one small way")
struct ScenarioLoaderStepTests {
  static let file = "login-submit-valid-credentials.json"

  /// The bundled scenario with its first step changed by `change`.
  static func scenario(changingFirstStep change: (inout JSONObject) -> Void) throws -> JSONValue {
    let url = TestPaths.scenarios.appendingPathComponent("login/login-submit-valid-credentials.json")
    let data = try Data(contentsOf: url)
    let value = try data.withUnsafeBytes { JSONParser().parse(bytes: $0) }.get()
    guard case .object(var scenario) = value, case .array(var steps)? = scenario["steps"],
      case .object(var step) = steps[0]
    else { throw CocoaError(.fileReadCorruptFile) }
    change(&step)
    steps[0] = .object(step)
    scenario["steps"] = .array(steps)
    return .object(scenario)
  }

  static let mutations: [String: @Sendable (inout JSONObject) -> Void] = [
    "unknown key": { $0["sned"] = ["type": "submit"] },
    "$schema": { $0["$schema"] = "x" },
    "runtime key": { $0["advance"] = 5 },
    "no send": { $0["send"] = nil },
    "send null": { $0["send"] = .null },
    "send number": { $0["send"] = 1 },
    "send empty": { $0["send"] = [:] },
    "unknown action": { $0["send"] = ["type": "nope"] },
    "action type number": { $0["send"] = ["type": 3] },
    "action extra field": { $0["send"] = ["type": "submit", "value": "x"] },
    "action missing field": { $0["send"] = ["type": "emailChanged"] },
    "action wrong field type": { $0["send"] = ["type": "emailChanged", "value": 1] },
    "description empty": { $0["description"] = "" },
    "description blank": { $0["description"] = " \u{2003}" },
    "description number": { $0["description"] = 1 },
    "description": { $0["description"] = "A step." },
    "expect null": { $0["expect"] = .null },
    "expect array": { $0["expect"] = [] },
    "expect empty": { $0["expect"] = [:] },
    "expect unknown key": { $0["expect"] = ["chanegs": [:]] },
    "expect runtime key": { $0["expect"] = ["calls": []] },
    "expect $schema": { $0["expect"] = ["$schema": "x"] },
    "state and changes": { $0["expect"] = ["state": [:], "changes": [:]] },
    "changes number": { $0["expect"] = ["changes": 1] },
    "changes empty": { $0["expect"] = ["changes": [:]] },
    "changes unknown field": { $0["expect"] = ["changes": ["emial": ""]] },
    "changes wrong type": { $0["expect"] = ["changes": ["isLoading": "yes"]] },
    "changes nested object": { $0["expect"] = ["changes": ["error": ["a": 1]]] },
    "changes null": { $0["expect"] = ["changes": ["error": .null]] },
    "state partial": { $0["expect"] = ["state": ["email": ""]] },
    "state number": { $0["expect"] = ["state": 2] },
    "effects object": { $0["expect"] = ["effects": [:]] },
    "effects empty": { $0["expect"] = ["effects": []] },
    "effect number": { $0["expect"] = ["effects": [1]] },
    "unknown effect": { $0["expect"] = ["effects": [["type": "nope"]]] },
    "effect missing field": { $0["expect"] = ["effects": [["type": "authenticate"]]] },
    "effect extra field": { $0["expect"] = ["effects": [["type": "cancel", "id": "authenticate", "x": 1]]] },
  ]

  /// Each mutation's problems; none for a step that stays valid.
  static let expected: [(String, [String])] = [
    (
      "unknown key",
      [
        "login-submit-valid-credentials.json: steps[0].sned: unknown key 'sned'; did you mean 'send'? (allowed: send, expect, description, respond, advance, clear, screen, emit)"
      ]
    ),
    ("$schema", []),
    (
      "runtime key",
      [
        "login-submit-valid-credentials.json: steps[0].advance: 'advance' is only valid in a runtime-level scenario (\"level\": \"runtime\")"
      ]
    ),
    ("no send", ["login-submit-valid-credentials.json: steps[0]: missing required key 'send'"]),
    (
      "send null",
      ["login-submit-valid-credentials.json: steps[0].send: expected an action (an object with a 'type' key), got null"]
    ),
    (
      "send number",
      [
        "login-submit-valid-credentials.json: steps[0].send: expected an action (an object with a 'type' key), got integer"
      ]
    ),
    (
      "send empty",
      [
        "login-submit-valid-credentials.json: steps[0].send: missing required key 'type' (the login actions are: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ]
    ),
    (
      "unknown action",
      [
        "login-submit-valid-credentials.json: steps[0].send.type: unknown action 'nope' (the login manifest defines: dismissed, emailChanged, loginResponse, passwordChanged, submit)"
      ]
    ),
    ("action type number", ["login-submit-valid-credentials.json: steps[0].send.type: expected a string, got integer"]),
    (
      "action extra field",
      [
        "login-submit-valid-credentials.json: steps[0].send.value: unknown field 'value' of action 'submit' (it has no fields)"
      ]
    ),
    (
      "action missing field",
      ["login-submit-valid-credentials.json: steps[0].send: missing field 'value' of action 'emailChanged'"]
    ),
    ("action wrong field type", ["login-submit-valid-credentials.json: steps[0].send.value: expected string, got 1"]),
    (
      "description empty",
      ["login-submit-valid-credentials.json: steps[0].description: a step description, when given, must not be empty"]
    ),
    (
      "description blank",
      ["login-submit-valid-credentials.json: steps[0].description: a step description, when given, must not be empty"]
    ),
    (
      "description number",
      ["login-submit-valid-credentials.json: steps[0].description: expected a string, got integer"]
    ),
    ("description", []),
    ("expect null", ["login-submit-valid-credentials.json: steps[0].expect: expected an object, got null"]),
    ("expect array", ["login-submit-valid-credentials.json: steps[0].expect: expected an object, got array"]),
    ("expect empty", []),
    (
      "expect unknown key",
      [
        "login-submit-valid-credentials.json: steps[0].expect.chanegs: unknown key 'chanegs'; did you mean 'changes'? (allowed: state, changes, effects, calls, cancelled, received, events)"
      ]
    ),
    (
      "expect runtime key",
      [
        "login-submit-valid-credentials.json: steps[0].expect.calls: 'calls' is only valid in a runtime-level scenario (\"level\": \"runtime\")"
      ]
    ),
    ("expect $schema", []),
    (
      "state and changes",
      [
        "login-submit-valid-credentials.json: steps[0].expect: 'state' and 'changes' cannot both be given; use 'state' for the full state or 'changes' for the fields that change"
      ]
    ),
    (
      "changes number",
      [
        "login-submit-valid-credentials.json: steps[0].expect.changes: expected the login state (an object), got integer"
      ]
    ),
    ("changes empty", []),
    (
      "changes unknown field",
      [
        "login-submit-valid-credentials.json: steps[0].expect.changes.emial: unknown field 'emial' of the login state; did you mean 'email'? (its fields are: email, error, isLoading, password)"
      ]
    ),
    (
      "changes wrong type",
      ["login-submit-valid-credentials.json: steps[0].expect.changes.isLoading: expected boolean, got \"yes\""]
    ),
    (
      "changes nested object",
      ["login-submit-valid-credentials.json: steps[0].expect.changes.error: expected string, got {\"a\":1}"]
    ),
    ("changes null", []),
    (
      "state partial",
      [
        "login-submit-valid-credentials.json: steps[0].expect.state: missing field 'error' of the login state",
        "login-submit-valid-credentials.json: steps[0].expect.state: missing field 'isLoading' of the login state",
        "login-submit-valid-credentials.json: steps[0].expect.state: missing field 'password' of the login state",
      ]
    ),
    (
      "state number",
      ["login-submit-valid-credentials.json: steps[0].expect.state: expected the login state (an object), got integer"]
    ),
    (
      "effects object",
      ["login-submit-valid-credentials.json: steps[0].expect.effects: expected an array of effects, got object"]
    ),
    ("effects empty", []),
    (
      "effect number",
      [
        "login-submit-valid-credentials.json: steps[0].expect.effects[0]: expected an effect (an object with a 'type' key), got integer"
      ]
    ),
    (
      "unknown effect",
      [
        "login-submit-valid-credentials.json: steps[0].expect.effects[0].type: unknown effect 'nope' (the login manifest defines: authenticate, cancel)"
      ]
    ),
    (
      "effect missing field",
      [
        "login-submit-valid-credentials.json: steps[0].expect.effects[0]: missing field 'email' of effect 'authenticate'",
        "login-submit-valid-credentials.json: steps[0].expect.effects[0]: missing field 'password' of effect 'authenticate'",
      ]
    ),
    (
      "effect extra field",
      [
        "login-submit-valid-credentials.json: steps[0].expect.effects[0].x: unknown field 'x' of effect 'cancel' (its fields are: id)"
      ]
    ),
  ]

  @Test(arguments: expected)
  func aBrokenStepIsReportedAtItsPath(mutation: String, problems: [String]) throws {
    let change = try #require(Self.mutations[mutation])
    let value = try Self.scenario(changingFirstStep: change)
    var found: [String] = []
    if case .failure(let failure) = ScenarioLoader(manifests: TestPaths.manifests).load(value, file: Self.file) {
      found = failure.errors.map(\.description)
    }
    #expect(found == problems)
  }

  @Test func everyMutationHasAnExpectation() {
    #expect(Set(Self.mutations.keys) == Set(Self.expected.map(\.0)))
  }
}
