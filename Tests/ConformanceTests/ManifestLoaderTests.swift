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

  @Test func junitTimesAreFixedPoint() {
    #expect(JUnitReporter.seconds(0.0000177) == "0.000018")
    #expect(JUnitReporter.seconds(12.5) == "12.500000")
  }
}
