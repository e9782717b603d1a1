import Foundation
import Testing

@testable import Conformance

/// What a feature declares for coverage (``CoverageUniverse``) and what a value of it uses (``CoverageWalk``): union
/// cases and enum values through arrays, nullables and nested unions, each named by its path.
@Suite("CoverageWalk: the union cases and enum values of a case, declared and used")
struct CoverageWalkTests {
  static let manifest: FeatureManifest = {
    let document: JSONValue = [
      "feature": "picker", "title": "Picker", "description": "d", "spec": "picker.md",
      "platforms": ["swift": ["state": "State"]],
      "state": ["picked": ["type": "string", "nullable": true]],
      "initialState": ["picked": .null],
      "types": [
        "Choice": [
          "cases": [
            "one": ["fields": ["size": ["type": "string", "enum": ["small", "extra large"]]]],
            "many": ["fields": ["inner": ["type": "union", "ref": "Choice", "nullable": true]]],
          ]
        ]
      ],
      "actions": [
        "picked": ["fields": ["choices": ["type": "array", "items": ["type": "union", "ref": "Choice"]]]],
        "cleared": ["fields": [:]],
      ],
      "effects": [:],
    ]
    switch ManifestLoader().load(document, file: "picker.json", expectedFeature: nil) {
    case .success(let manifest): return manifest
    case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
    }
  }()

  @Test func aCaseDeclaresItsUnionCasesAndEnumValuesOnceEvenWhenATypeHoldsItself() throws {
    let picked = try #require(Self.manifest.actions.case(named: "picked"))
    #expect(
      CoverageWalk(manifest: Self.manifest).declared(picked, at: "actions.picked") == [
        "actions.picked", "actions.picked.choices.many", "actions.picked.choices.one",
        "actions.picked.choices.one.size.small", "actions.picked.choices.one.size[\"extra large\"]",
      ])
  }

  @Test func aValueUsesTheCasesAndValuesItHoldsAtAnyDepth() throws {
    let picked = try #require(Self.manifest.actions.case(named: "picked"))
    let value: JSONValue = [
      "type": "picked",
      "choices": [
        ["type": "many", "inner": ["type": "one", "size": "extra large"]],
        ["type": "many", "inner": .null],
      ],
    ]
    var used = Set<String>()
    CoverageWalk(manifest: Self.manifest).used(value, of: picked, at: "actions.picked", into: &used)
    // The nested case is named below the `many` that holds it; the universe names the type's cases once, at the top.
    #expect(
      used == [
        "actions.picked", "actions.picked.choices.many", "actions.picked.choices.many.inner.one",
        "actions.picked.choices.many.inner.one.size[\"extra large\"]",
      ])
  }

  @Test func theUniverseListsEveryCategoryInReportOrder() {
    let universe = CoverageUniverse(Self.manifest)
    #expect(universe.items.filter { $0.category == .state }.map(\.name) == ["state.picked"])
    #expect(
      universe.items.filter { $0.category == .transitions }.map(\.name) == [
        "cleared → cleared", "cleared → picked", "picked → cleared", "picked → picked",
      ])
    #expect(universe.items.filter { $0.category == .rules }.isEmpty)
  }
}
