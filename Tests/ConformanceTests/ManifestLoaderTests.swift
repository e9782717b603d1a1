import Foundation
import Testing

@testable import Conformance

@Suite("ManifestLoader: every problem in a manifest names its JSON path")
struct ManifestLoaderTests {
  func errors(_ text: String) throws -> [String] {
    switch ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m") {
    case .success: return []
    case .failure(let failure): return failure.errors.map(\.description)
    }
  }

  @Test func aGoodManifestLoads() throws {
    #expect(
      try errors(
        #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},"initialState":{"n":0},"actions":{"go":{"fields":{}}},"effects":{"stop":{"fields":{},"cancellationId":"x"}}}"#
      ) == [])
  }

  @Test func reportsStructuralMistakes() throws {
    let text = #"""
      {"feature":"other","title":"M","description":"d","spec":"m.md","platforms":{"swift":{"state":1}},
       "state":{"1n":{"type":"integer"},"s":{"type":"strng"}},"initialState":{},
       "actions":{"Sub-mit":{"fields":{},"cancellationId":"x"},"go":{"fields":{"r":{"type":"union","ref":"Nope"}}}},
       "effects":{}}
      """#
    let actual = try errors(text)
    #expect(
      actual == [
        "m.json: feature: feature 'other' does not match the file name 'm.json'",
        "m.json: platforms.swift.state: expected a type name (a string), got integer",
        "m.json: state[\"1n\"]: field name '1n' is not an identifier (letters, digits and '_')",
        "m.json: state.s.type: unknown type 'strng' (allowed: string, boolean, integer, number, array, object, union)",
        "m.json: actions[\"Sub-mit\"]: case name 'Sub-mit' is not lower camel case (e.g. 'emailChanged')",
        "m.json: actions[\"Sub-mit\"].cancellationId: only effects have a cancellation id",
        "m.json: actions.go.fields.r.ref: unknown type 'Nope'; declare it under 'types'",
      ])
  }

  @Test func checksTheInitialStateAgainstTheStateFields() throws {
    #expect(
      try errors(
        #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},"initialState":{"n":1.5},"actions":{"go":{"fields":{}}},"effects":{"stop":{"fields":{}}}}"#
      ) == ["m.json: initialState.n: expected integer, got 1.5"])
  }

  @Test func nestedChangesMayOmitFieldsButTheMergedStateMustBeComplete() throws {
    let manifestText =
      #"{"feature":"form","title":"F","description":"d","spec":"f.md","platforms":{},"state":{"form":{"type":"object","nullable":true,"fields":{"a":{"type":"string"},"b":{"type":"string"}}}},"initialState":{"form":{"a":"","b":""}},"actions":{"go":{"fields":{}}},"effects":{}}"#
    guard
      case .success(let manifest) = ManifestLoader().load(
        try JSONParser().parse(manifestText), file: "form.json", expectedFeature: "form")
    else {
      Issue.record("the manifest should load")
      return
    }
    let loader = ScenarioLoader(manifests: ["form": manifest])
    let partial = try JSONParser().parse(
      #"{"id":"x","feature":"form","description":"d","steps":[{"send":{"type":"go"},"expect":{"changes":{"form":{"a":"z"}}}}]}"#
    )
    guard case .success = loader.load(partial, file: "x.json") else {
      Issue.record("nested changes may omit fields (scenario format §3.3)")
      return
    }
    let fromNull = try JSONParser().parse(
      #"{"id":"x","feature":"form","description":"d","initialState":{"form":null},"steps":[{"send":{"type":"go"},"expect":{"changes":{"form":{"a":"z"}}}}]}"#
    )
    guard case .failure(let failure) = loader.load(fromNull, file: "x.json") else {
      Issue.record("merging onto null leaves 'b' missing")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "x.json: steps[0].expect.changes: merged onto the previous expected state, the state is invalid at form: missing field 'b' of this object"
      ])
  }

  // MARK: - String enums (manifest format §2.3)

  /// A one-field manifest whose state field `a` has the descriptor `descriptor` and the initial value `initial`.
  func enumManifest(_ descriptor: String, initial: String = #""unknown""#) -> String {
    #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"a":"#
      + descriptor + #"},"initialState":{"a":"# + initial
      + #"},"actions":{"set":{"fields":{"to":{"type":"string","enum":["unknown","checking"],"nullable":true}}}},"effects":{}}"#
  }

  @Test func aStringEnumLoadsWithItsValuesInOrder() throws {
    let text = enumManifest(#"{"type":"string","enum":["unknown","checking","available","taken"]}"#)
    let manifest = try ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m").get()
    let field = try #require(manifest.stateFields.first)
    #expect(field.type == .stringEnum(["unknown", "checking", "available", "taken"]))
    #expect(field.type.description == #"one of "unknown", "checking", "available", "taken""#)
    let action = try #require(manifest.actions.case(named: "set")?.fields.first)
    #expect(action.type.description == #"one of "unknown", "checking" or null"#)
  }

  @Test func anEmptyEnumIsAnError() throws {
    #expect(
      try errors(enumManifest(#"{"type":"string","enum":[]}"#)) == [
        "m.json: state.a.enum: an enum needs at least one value"
      ])
  }

  @Test func aDuplicateEnumValueIsAnErrorAtItsIndex() throws {
    #expect(
      try errors(enumManifest(#"{"type":"string","enum":["unknown","taken","unknown",1]}"#)) == [
        #"m.json: state.a.enum[2]: duplicate value "unknown" (already at state.a.enum[0])"#,
        "m.json: state.a.enum[3]: expected a string, got integer",
      ])
  }

  @Test func anEnumThatIsNotAnArrayIsAnError() throws {
    #expect(
      try errors(enumManifest(#"{"type":"string","enum":"unknown"}"#)) == [
        "m.json: state.a.enum: expected an array of the allowed strings, got string"
      ])
  }

  @Test func anEnumOnANonStringTypeIsAnError() throws {
    #expect(
      try errors(enumManifest(#"{"type":"integer","enum":["1"]}"#, initial: "1")) == [
        #"m.json: state.a.enum: 'enum' is only allowed with "type": "string", not 'integer'"#
      ])
  }

  @Test func anInitialStateOutsideTheEnumIsAnError() throws {
    #expect(
      try errors(enumManifest(#"{"type":"string","enum":["unknown","checking"]}"#, initial: #""Unknown""#)) == [
        #"m.json: initialState.a: expected one of "unknown", "checking", got "Unknown"; did you mean 'unknown'?"#
      ])
  }

  @Test func scenarioValuesOutsideTheEnumAreErrorsNamingPathValueAndAllowedValues() throws {
    let text = enumManifest(#"{"type":"string","enum":["unknown","checking","available","taken"]}"#)
    let manifest = try ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m").get()
    let loader = ScenarioLoader(manifests: ["m": manifest])
    let scenario = try JSONParser().parse(
      #"""
      {"id":"x","feature":"m","description":"d","initialState":{"a":"checkng"},
       "steps":[{"send":{"type":"set","to":"availabel"},"expect":{"changes":{"a":"pending"}}},
                {"send":{"type":"set","to":null},"expect":{"state":{"a":"k̇"}}}]}
      """#)
    guard case .failure(let failure) = loader.load(scenario, file: "x.json") else {
      Issue.record("values outside the enum must be refused")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        #"x.json: initialState.a: expected one of "unknown", "checking", "available", "taken", got "checkng"; did you mean 'checking'?"#,
        #"x.json: steps[0].send.to: expected one of "unknown", "checking", got "availabel""#,
        #"x.json: steps[0].expect.changes.a: expected one of "unknown", "checking", "available", "taken", got "pending""#,
        #"x.json: steps[1].expect.state.a: expected one of "unknown", "checking", "available", "taken", got "k\u0307""#,
      ])
  }

  @Test func anActionsCallsAreReadInOrder() throws {
    let text =
      #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},"initialState":{"n":0},"actions":{"go":{"calls":["load","save"],"fields":{}},"stop":{"fields":{}}},"effects":{},"dependencies":{"load":{"arguments":{},"result":{"type":"integer"}},"save":{"arguments":{},"result":{"type":"boolean"}}}}"#
    let manifest = try ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m").get()
    #expect(manifest.actions.case(named: "go")?.calls == ["load", "save"])
    #expect(manifest.actions.case(named: "stop")?.calls == [])
  }

  @Test func callsOfUnknownDependenciesOrOutsideActionsAreErrorsAtTheirPaths() throws {
    let text = #"""
      {"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},
       "initialState":{"n":0},
       "actions":{"go":{"calls":["lod", 3],"fields":{}},"stop":{"calls":[],"fields":{}}},
       "effects":{"e":{"calls":["load"],"fields":{}}},
       "dependencies":{"load":{"arguments":{},"result":{"type":"integer"}}}}
      """#
    #expect(
      try errors(text) == [
        "m.json: actions.go.calls[1]: expected a dependency name (a string), got integer",
        "m.json: actions.stop.calls: expected a non-empty array of dependency names, got []",
        "m.json: effects.e.calls: only actions start dependency calls",
        "m.json: actions.go.calls[0]: unknown dependency 'lod'; did you mean 'load'? (the m manifest declares: load)",
      ])
  }

  @Test func rangesAreReadOnIntegersAndNumbers() throws {
    let text =
      #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer","minimum":0,"maximum":255.0},"x":{"type":"number","minimum":-0.5},"y":{"type":"integer","maximum":9,"nullable":true}},"initialState":{"n":0,"x":0,"y":null},"actions":{"go":{"fields":{}}},"effects":{}}"#
    let manifest = try ManifestLoader().load(try JSONParser().parse(text), file: "m.json", expectedFeature: "m").get()
    #expect(
      manifest.stateFields.map(\.type.description) == [
        "integer from 0 to 255", "number of at least -0.5", "integer of at most 9 or null",
      ])
  }

  @Test func badRangesAreErrorsAtTheirPaths() throws {
    let text = #"""
      {"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},
       "state":{"a":{"type":"integer","minimum":0.5},"b":{"type":"integer","minimum":5,"maximum":1},
                "c":{"type":"number","maximum":"9"},"d":{"type":"string","minimum":1},
                "e":{"type":"number","minimum":2.5,"maximum":2.25}},
       "initialState":{},"actions":{"go":{"fields":{}}},"effects":{}}
      """#
    #expect(
      try errors(text) == [
        "m.json: state.a.minimum: expected a whole number from -2^63 to 2^63-1 (the bound of an integer), got 0.5",
        "m.json: state.b.maximum: maximum 1 is below the minimum 5",
        "m.json: state.c.maximum: expected a number, got \"9\"",
        "m.json: state.d.minimum: 'minimum' is only allowed with \"type\": \"integer\" or \"number\", not 'string'",
        "m.json: state.e.maximum: maximum 2.25 is below the minimum 2.5",
      ])
  }

  @Test func valuesOutOfRangeAreErrorsAtTheirPaths() throws {
    let manifestText =
      #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"count":{"type":"integer","minimum":0,"maximum":255}},"initialState":{"count":0},"actions":{"set":{"fields":{"count":{"type":"integer","minimum":0,"maximum":255},"scale":{"type":"number","minimum":0.5}}}},"effects":{}}"#
    let manifest = try ManifestLoader().load(
      try JSONParser().parse(manifestText), file: "m.json", expectedFeature: "m"
    ).get()
    let scenario = try JSONParser().parse(
      #"{"id":"m-range","feature":"m","description":"d","initialState":{"count":300},"steps":[{"send":{"type":"set","count":-1,"scale":0.25},"expect":{"changes":{"count":255.0}}}]}"#
    )
    guard case .failure(let failure) = ScenarioLoader(manifests: ["m": manifest]).load(scenario, file: "m-range.json")
    else {
      Issue.record("out-of-range values should make the scenario invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "m-range.json: initialState.count: expected integer from 0 to 255, got 300 (above the maximum 255)",
        "m-range.json: steps[0].send.count: expected integer from 0 to 255, got -1 (below the minimum 0)",
        "m-range.json: steps[0].send.scale: expected number of at least 0.5, got 0.25 (below the minimum 0.5)",
      ])
  }

  @Test func durationsAreWholeMillisecondsUpToADayAtTheirPaths() throws {
    let good =
      #"{"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},"initialState":{"n":0},"actions":{"go":{"fields":{}}},"effects":{},"durations":{"debounce":300,"timeout":15000.0}}"#
    let manifest = try ManifestLoader().load(try JSONParser().parse(good), file: "m.json", expectedFeature: "m").get()
    #expect(manifest.durations == ["debounce": 300, "timeout": 15_000])
    let bad = #"""
      {"feature":"m","title":"M","description":"d","spec":"m.md","platforms":{},"state":{"n":{"type":"integer"}},
       "initialState":{"n":0},"actions":{"go":{"fields":{}}},"effects":{},
       "durations":{"zero":0,"half":0.5,"Retry":100,"week":604800000,"text":"300"}}
      """#
    let actual = try errors(bad)
    #expect(
      actual == [
        "m.json: durations.Retry: duration name 'Retry' is not lower camel case (e.g. 'timeout')",
        "m.json: durations.half: expected a whole number of milliseconds from 1 to 86400000 (one day), got 0.5",
        "m.json: durations.text: expected a whole number of milliseconds from 1 to 86400000 (one day), got \"300\"",
        "m.json: durations.week: expected a whole number of milliseconds from 1 to 86400000 (one day), got 604800000",
        "m.json: durations.zero: expected a whole number of milliseconds from 1 to 86400000 (one day), got 0",
      ], "\(actual)")
  }

  @Test func junitTimesAreFixedPoint() {
    #expect(JUnitReporter.seconds(0.0000177) == "0.000018")
    #expect(JUnitReporter.seconds(12.5) == "12.500000")
  }
}
