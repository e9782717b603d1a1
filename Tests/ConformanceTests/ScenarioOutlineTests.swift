import Foundation
import Testing

@testable import Conformance

/// Scenario outlines (Conformance/README.md §17): one file's `examples` rows become cases `ID[n]` or `ID[name]`, each
/// validated as a plain file; every problem of the table names its JSON path.
@Suite("Scenario outlines: rows become cases, placeholders are checked")
struct ScenarioOutlineTests {
  let loader = ScenarioLoader(manifests: TestPaths.manifests)

  /// A login outline `o.json` whose steps send `emailChanged` with `value` and expect `changes`; `examples` as given.
  static func outline(examples: String, value: String = "\"<email>\"", changes: String = "{\"email\": \"<email>\"}")
    throws -> JSONValue
  {
    try JSONParser().parse(
      """
      {"id": "o", "feature": "login", "description": "L1.", "examples": \(examples),
       "steps": [{"send": {"type": "emailChanged", "value": \(value)}, "expect": {"changes": \(changes)}}]}
      """)
  }

  func cases(_ value: JSONValue) -> [Scenario] {
    guard case .success(let cases) = loader.loadCases(value, file: "o.json") else { return [] }
    return cases
  }

  func problems(_ value: JSONValue) -> [String] {
    guard case .failure(let failure) = loader.loadCases(value, file: "o.json") else { return [] }
    return failure.errors.map(\.description)
  }

  @Test func rowsBecomeCasesNamedByPositionOrName() throws {
    let loaded = cases(
      try Self.outline(examples: #"[{"values": {"email": "a@b.c"}}, {"name": "empty", "values": {"email": ""}}]"#))
    #expect(loaded.map(\.id) == ["o[1]", "o[empty]"])
    #expect(loaded.map(\.fileID) == ["o", "o"])
    #expect(
      loaded.map { $0.steps[0].send } == [
        ["type": "emailChanged", "value": "a@b.c"], ["type": "emailChanged", "value": ""],
      ])
    #expect(loaded.map(\.outline?.index) == [1, 2])
  }

  @Test func aWholeStringPlaceholderTakesTheValueAndAnInnerOneItsText() throws {
    let loaded = cases(
      try Self.outline(
        examples: #"[{"values": {"user": "ann", "n": 7}}]"#, value: "\"<user><n>@example.com\"",
        changes: #"{"email": "<user><n>@example.com"}"#))
    #expect(loaded.first?.steps[0].send == ["type": "emailChanged", "value": "ann7@example.com"])
  }

  @Test func aPlainFileIsOneCase() throws {
    let plain = try JSONParser().parse(
      #"{"id": "p", "feature": "login", "description": "L1.", "steps": [{"send": {"type": "submit"}}]}"#)
    guard case .success(let loaded) = loader.loadCases(plain, file: "p.json") else {
      Issue.record("the plain file does not load")
      return
    }
    #expect(loaded.map(\.id) == ["p"])
    #expect(loaded.first?.outline == nil)
  }

  @Test(arguments: [
    (
      #"[{"values": {"email": "a"}}, {"values": {"mail": "b"}}]"#, "\"<email>\"",
      "o.json: examples[1].values: this row gives the parameters 'mail'; every row gives the same as the first: 'email'"
    ),
    (
      #"[{"values": {"email": "a"}}]"#, "\"<emial>\"",
      "o.json: steps[0].send.value: placeholder '<emial>' names no parameter; did you mean '<email>'? (parameters: 'email')"
    ),
    (
      #"[{"values": {"email": "a", "unused": 1}}]"#, "\"<email>\"",
      "o.json: examples[0].values.unused: parameter 'unused' is used by no placeholder in initialState or steps; write \"<unused>\" where its value goes, or remove it"
    ),
    (
      #"[]"#, "\"<email>\"",
      "o.json: examples: expected a non-empty array of rows ({\"name\"?: ..., \"values\": {...}}), got []"
    ),
    (
      #"[{"name": "A b", "values": {"email": "a"}}]"#, "\"<email>\"",
      "o.json: examples[0].name: row name 'A b' is not kebab-case (it becomes part of the id)"
    ),
  ])
  func aBadTableIsInvalidAtItsPath(examples: String, value: String, expected: String) throws {
    let found = problems(try Self.outline(examples: examples, value: value, changes: #"{"email": "a"}"#))
    #expect(found.first == expected)
  }

  @Test func aValueThatCannotGoInsideALongerStringIsReportedAtTheRow() throws {
    let found = problems(
      try Self.outline(
        examples: #"[{"values": {"email": "a"}}, {"values": {"email": true}}]"#, value: "\"x<email>\"",
        changes: #"{"email": "x<email>"}"#))
    #expect(
      found == [
        "o.json: examples[1].values.email: the value of 'email' (true, boolean) cannot go inside the longer string at steps[0].expect.changes.email; only a string or a number can (or make the whole string \"<email>\")",
        "o.json: examples[1].values.email: the value of 'email' (true, boolean) cannot go inside the longer string at steps[0].send.value; only a string or a number can (or make the whole string \"<email>\")",
      ])
  }

  @Test func anInvalidRowNamesItselfAndThePathInsideIt() throws {
    let found = problems(try Self.outline(examples: #"[{"values": {"email": "a"}}, {"values": {"email": 5}}]"#))
    #expect(
      found == [
        "o.json: examples[1]: steps[0].send.value: expected string, got 5",
        "o.json: examples[1]: steps[0].expect.changes.email: expected string, got 5",
      ])
  }

  @Test func aProblemOfTheWholeFileIsReportedOnce() throws {
    var value = try Self.outline(examples: #"[{"values": {"email": "a"}}, {"values": {"email": "b"}}]"#)
    if case .object(var object) = value {
      object["id"] = "other"
      value = .object(object)
    }
    #expect(
      problems(value) == [
        "o.json: id: id 'other' does not match the file name 'o.json'; name the file 'other.json' (scenario format §3.1)"
      ])
  }

  @Test func lessThanWithoutANameIsPlainText() {
    #expect(ScenarioOutline.placeholders(in: "a < b <> <1x> <x y>").isEmpty)
    #expect(ScenarioOutline.placeholders(in: "<a_1>-<B>").map(\.name) == ["a_1", "B"])
  }
}
