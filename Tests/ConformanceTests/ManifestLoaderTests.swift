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
        #"{"feature":"m","title":"M","description":"d","state":{"n":{"type":"integer"}},"initialState":{"n":0},"actions":{"go":{"fields":{}}},"effects":{"stop":{"fields":{},"cancellationId":"x"}}}"#
      ) == [])
  }

  @Test func reportsStructuralMistakes() throws {
    let text = #"""
      {"feature":"other","title":"M","description":"d","platforms":{"swift":{"state":1}},
       "state":{"1n":{"type":"integer"},"s":{"type":"strng"}},"initialState":{},
       "actions":{"Sub-mit":{"fields":{},"cancellationId":"x"},"go":{"fields":{"r":{"type":"union","ref":"Nope"}}}},
       "effects":{}}
      """#
    let actual = try errors(text)
    #expect(
      actual == [
        "m.json: feature: feature 'other' does not match the file name 'm.json'",
        "m.json: platforms.swift.state: expected a type name (a string), got integer",
        "m.json: state[\"1n\"]: field name '1n' is not an identifier (a letter, then letters and digits)",
        "m.json: state.s.type: unknown type 'strng' (allowed: string, boolean, integer, number, array, object, union)",
        "m.json: actions.Sub-mit: case name 'Sub-mit' is not an identifier (a letter, then letters and digits)",
        "m.json: actions.Sub-mit.cancellationId: only effects have a cancellation id",
        "m.json: actions.go.fields.r.ref: unknown type 'Nope'; declare it under 'types'",
        "m.json: effects: a union needs at least one case",
      ])
  }

  @Test func checksTheInitialStateAgainstTheStateFields() throws {
    #expect(
      try errors(
        #"{"feature":"m","title":"M","description":"d","state":{"n":{"type":"integer"}},"initialState":{"n":1.5},"actions":{"go":{"fields":{}}},"effects":{"stop":{"fields":{}}}}"#
      ) == ["m.json: initialState.n: expected integer, got 1.5"])
  }
}
