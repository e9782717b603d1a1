import Foundation
import Testing

@testable import Conformance

/// Format v1.2 (Conformance/README.md §15): named object types, string formats and integer widths, in manifests and
/// in the scenarios checked against them.
@Suite("Manifest v1.2: named types, string formats and integer widths")
struct ManifestNamedTypesTests {
  /// A manifest `m` whose `types`, `state` and `initialState` are given; one action `set` with field `to` of type
  /// `action`.
  func manifest(types: String = "{}", state: String, initial: String, action: String = #"{"type":"boolean"}"#)
    -> String
  {
    #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"types":\#(types),"state":\#(state),"initialState":\#(initial),"actions":{"set":{"fields":{"to":\#(action)}}},"effects":{}}"#
  }

  func load(_ text: String) throws -> Result<FeatureManifest, InputErrors> {
    ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m")
  }

  func errors(_ text: String) throws -> [String] {
    guard case .failure(let failure) = try load(text) else { return [] }
    return failure.errors.map(\.description)
  }

  func scenarioErrors(_ manifestText: String, _ scenario: String) throws -> [String] {
    let manifest = try load(manifestText).get()
    guard
      case .failure(let failure) = ScenarioLoader(manifests: ["m": manifest]).load(
        try JSONParser().parse(scenario), file: "x.json")
    else { return [] }
    return failure.errors.map(\.description)
  }

  static let comment =
    #"{"Comment":{"fields":{"text":{"type":"string"},"replies":{"type":"array","items":{"type":"object","ref":"Comment"}}}}}"#

  // MARK: - Named object types

  @Test func aRecursiveObjectTypeLoadsAndChecksNestedValues() throws {
    let text = manifest(
      types: Self.comment, state: #"{"thread":{"type":"object","ref":"Comment","nullable":true}}"#,
      initial: #"{"thread":null}"#, action: #"{"type":"object","ref":"Comment"}"#)
    #expect(try errors(text) == [])
    let scenario =
      #"{"id":"x","feature":"m","description":"d","steps":[{"send":{"type":"set","to":{"text":"a","replies":[{"text":"b","replies":[{"text":1,"replies":[]}]}]}},"expect":{"changes":{"thread":{"text":"a","replies":[{"text":"b"}]}}}}]}"#
    #expect(
      try scenarioErrors(text, scenario) == [
        "x.json: steps[0].send.to.replies[0].replies[0].text: expected string, got 1",
        "x.json: steps[0].expect.changes.thread.replies[0]: missing field 'replies' of Comment",
      ])
  }

  @Test func anUnknownOrWrongKindOfNameIsAnErrorAtItsRef() throws {
    let text = manifest(
      types: #"{"Location":{"fields":{"lat":{"type":"number"}}},"Result":{"cases":{"ok":{"fields":{}}}}}"#,
      state:
        #"{"a":{"type":"object","ref":"Locaton"},"b":{"type":"union","ref":"Location"},"c":{"type":"object","ref":"Result"}}"#,
      initial: "{}")
    #expect(
      try errors(text) == [
        "m.json: state.a.ref: unknown type 'Locaton'; did you mean 'Location'?; declare it under 'types'",
        "m.json: state.b.ref: 'Location' is an object type; refer to it with \"type\": \"object\"",
        "m.json: state.c.ref: 'Result' is a union; refer to it with \"type\": \"union\"",
      ])
  }

  @Test func anUnusedObjectTypeIsAnError() throws {
    let text = manifest(
      types: #"{"Location":{"fields":{"lat":{"type":"number"}}}}"#, state: #"{"n":{"type":"integer"}}"#,
      initial: #"{"n":0}"#)
    #expect(
      try errors(text) == [
        #"m.json: types.Location: object type 'Location' is not used: no state field, action, effect, event or dependency refers to it (remove it, or refer to it with {"type": "object", "ref": "Location"})"#
      ])
  }

  @Test func aCycleWithNoArrayOrNullToEndItIsAnError() throws {
    let text = manifest(
      types: #"{"Node":{"fields":{"next":{"type":"object","ref":"Node"},"label":{"type":"string"}}}}"#,
      state: #"{"n":{"type":"object","ref":"Node","nullable":true}}"#, initial: #"{"n":null}"#)
    #expect(
      try errors(text) == [
        "m.json: types.Node.fields.next: object type 'Node' contains itself through 'next' with no array or null to end it, so no value of it is finite; make a field on the way nullable or an array"
      ])
  }

  @Test func fieldsAndRefTogetherAreAnError() throws {
    let text = manifest(
      types: Self.comment, state: #"{"c":{"type":"object","ref":"Comment","fields":{}}}"#, initial: "{}")
    #expect(
      try errors(text) == ["m.json: state.c: an object has either 'fields' or a 'ref' to a named object type, not both"]
    )
  }

  // MARK: - String formats

  @Test func malformedDatesAndUUIDsInAScenarioAreErrorsAtTheirPaths() throws {
    let text = manifest(
      state: #"{"at":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid","nullable":true}}"#,
      initial: #"{"at":"2026-12-02T13:05:00.000Z","id":null}"#, action: #"{"type":"string","format":"uuid"}"#)
    #expect(try errors(text) == [])
    let scenario =
      #"{"id":"x","feature":"m","description":"d","initialState":{"at":"2026-02-29T00:00:00.000Z","id":"0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F"},"steps":[{"send":{"type":"set","to":"0b6c3f4e8d1a4c2b9f3e5a7d2c1b0e9f"},"expect":{"changes":{"at":"2026-12-02T13:05:00Z"}}}]}"#
    let date = #"date-time (RFC 3339 UTC with milliseconds, e.g. "2026-12-02T13:05:00.000Z")"#
    let uuid = #"uuid (lower-case 8-4-4-4-12 hexadecimal, e.g. "0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f")"#
    let actual = try scenarioErrors(text, scenario)
    #expect(
      actual == [
        #"x.json: initialState.at: expected \#(date), got "2026-02-29T00:00:00.000Z""#,
        #"x.json: initialState.id: expected \#(uuid), got "0B6C3F4E-8D1A-4C2B-9F3E-5A7D2C1B0E9F""#,
        #"x.json: steps[0].send.to: expected \#(uuid), got "0b6c3f4e8d1a4c2b9f3e5a7d2c1b0e9f""#,
        #"x.json: steps[0].expect.changes.at: expected \#(date), got "2026-12-02T13:05:00Z""#,
      ])
  }

  @Test(arguments: [
    ("2026-12-02T13:05:00.000Z", true), ("2024-02-29T23:59:59.999Z", true), ("0001-01-01T00:00:00.000Z", true),
    ("2026-12-02T13:05:00.000+00:00", false), ("2026-12-02t13:05:00.000z", false), ("2026-13-02T13:05:00.000Z", false),
    ("2023-02-29T00:00:00.000Z", false), ("2026-12-02T24:00:00.000Z", false), ("2026-12-02T23:59:60.000Z", false),
  ])
  func dateTimeHasOneSpelling(text: String, valid: Bool) {
    #expect(StringFormat.dateTime.admits(text) == valid)
  }

  @Test func badFormatsAreErrorsAtTheirPaths() throws {
    let text = manifest(
      state:
        #"{"a":{"type":"string","format":"date"},"b":{"type":"boolean","format":"uuid"},"c":{"type":"string","format":"uuid","enum":["x"]},"d":{"type":"integer","format":"int16"}}"#,
      initial: "{}")
    #expect(
      try errors(text) == [
        "m.json: state.a.format: unknown string format 'date' (allowed: date-time, uuid)",
        "m.json: state.b.format: 'format' is only allowed with \"type\": \"string\" or \"integer\", not 'boolean'",
        "m.json: state.c.format: 'format' and 'enum' cannot be combined; a value has one of them",
        "m.json: state.d.format: unknown integer format 'int16' (allowed: int32, int64)",
      ])
  }

  // MARK: - Integer widths

  @Test func anInt32OutOfRangeInAScenarioIsAnErrorAtItsPath() throws {
    let text = manifest(
      state: #"{"n":{"type":"integer","format":"int32"}}"#, initial: #"{"n":0}"#,
      action: #"{"type":"integer","format":"int32","minimum":0}"#)
    let scenario =
      #"{"id":"x","feature":"m","description":"d","steps":[{"send":{"type":"set","to":2147483648},"expect":{"changes":{"n":-2147483649}}}]}"#
    #expect(
      try scenarioErrors(text, scenario) == [
        "x.json: steps[0].send.to: expected integer from 0 to 2147483647, got 2147483648 (above the maximum 2147483647)",
        "x.json: steps[0].expect.changes.n: expected integer from -2147483648 to 2147483647, got -2147483649 (below the minimum -2147483648)",
      ])
  }

  @Test func anInt32BoundOutsideThirtyTwoBitsIsAnError() throws {
    let text = manifest(state: #"{"n":{"type":"integer","format":"int32","maximum":3000000000}}"#, initial: #"{"n":0}"#)
    #expect(
      try errors(text) == [
        "m.json: state.n.maximum: maximum 3000000000 is outside an int32 (-2147483648 to 2147483647)"
      ])
  }

  // MARK: - Fuzzing

  @Test func generatedValuesOfTheNewShapesAreValidAndReachTheEdges() throws {
    let text = manifest(
      types: Self.comment,
      state:
        #"{"at":{"type":"string","format":"date-time"},"id":{"type":"string","format":"uuid"},"n":{"type":"integer","format":"int32"},"c":{"type":"object","ref":"Comment"}}"#,
      initial:
        #"{"at":"2026-12-02T13:05:00.000Z","id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f","n":0,"c":{"text":"","replies":[]}}"#
    )
    let loaded = try load(text).get()
    let dictionary = FuzzDictionary(scenarios: [], manifestInitialState: loaded.initialState, unicodeAll: false)
    let generator = FuzzGenerator(
      manifest: loaded, strings: FuzzStrings(dictionary: dictionary, unicodeAll: false), maxSteps: 1)
    var random = FuzzRandom(seed: 7)
    var seen: [JSONValue] = []
    for _ in 0..<400 {
      var earlier: [String] = []
      let state = generator.value(
        of: .object(loaded.stateFields), key: "state", earlier: &earlier, random: &random)
      var issues = IssueList()
      loaded.checkState(state, at: .root, partial: false, issues: &issues)
      #expect(issues.isEmpty, "\(state)")
      seen.append(state["n"] ?? .null)
    }
    #expect(seen.contains(.number(.integer(Int64(Int32.max)))))
    #expect(seen.contains(.number(.integer(Int64(Int32.min)))))
  }

  @Test func theShrinkerLeavesFormattedStringsWhole() throws {
    let fuzzCase = FuzzCase(
      initialState: try JSONParser().parse(#"{"id":"0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f","name":"ab"}"#),
      actions: [try JSONParser().parse(#"{"type":"set","at":"2026-12-02T13:05:00.000Z"}"#)])
    let paths = FuzzShrinker.stringPaths(in: fuzzCase).map { "\($0.action) \(JSONPath($0.components))" }
    #expect(paths == ["-1 name"])
  }
}

extension ManifestNamedTypesTests {
  @Test func aNamedTypeWithBothCasesAndFieldsIsAnError() throws {
    let text = manifest(
      types: #"{"Both":{"cases":{"a":{"fields":{}}},"fields":{}}}"#,
      state: #"{"b":{"type":"union","ref":"Both"}}"#, initial: #"{"b":{"type":"a"}}"#)
    #expect(
      try errors(text) == [
        "m.json: types.Both: a named type has either 'cases' (a union) or 'fields' (an object type), not both"
      ])
  }
}
