import Foundation
import TestScratch
import Testing
import UnidirectionalFlow

@testable import Conformance

/// A small list feature with an array of objects in its state, and a bug: a new item goes to the front.
private enum Todos {
  struct Item: Codable, Equatable, Sendable {
    var id: String
    var title: String
    var done: Bool
  }
  struct State: Codable, Equatable, Sendable {
    var items: [Item] = [Item(id: "a", title: "Bread", done: false), Item(id: "b", title: "Eggs", done: false)]
    var count = 2
  }
  enum Action: Codable, Equatable, Sendable {
    case added(id: String, title: String)
    case toggled(id: String)
  }
  enum Effect: Codable, Equatable, Sendable { case saved }

  struct Reducer: UnidirectionalFlow.Reducer {
    func reduce(into state: inout State, action: Action) -> [Effect] {
      switch action {
      case .added(let id, let title):
        state.items.insert(Item(id: id, title: title, done: false), at: 0)
        state.count += 1
      case .toggled(let id):
        for index in state.items.indices where state.items[index].id == id { state.items[index].done.toggle() }
      }
      return []
    }
  }

  static let manifest: FeatureManifest = {
    let item: JSONValue = [
      "type": "object",
      "fields": ["id": ["type": "string"], "title": ["type": "string"], "done": ["type": "boolean"]],
    ]
    let document: JSONValue = [
      "feature": "todos", "title": "Todos", "description": "d", "spec": "todos.md",
      "platforms": ["swift": ["state": "State"]],
      "state": ["items": ["type": "array", "items": item], "count": ["type": "integer"]],
      "initialState": [
        "items": [
          ["id": "a", "title": "Bread", "done": false], ["id": "b", "title": "Eggs", "done": false],
        ],
        "count": 2,
      ],
      "actions": [
        "added": ["fields": ["id": ["type": "string"], "title": ["type": "string"]]],
        "toggled": ["fields": ["id": ["type": "string"]]],
      ],
      "effects": ["saved": ["fields": [:]]],
    ]
    switch ManifestLoader().load(document, file: "todos.json", expectedFeature: nil) {
    case .success(let manifest): return manifest
    case .failure(let errors): fatalError("the test manifest is invalid: \(errors.errors)")
    }
  }()

  static let implementation = SwiftImplementation(
    features: [CodableFeature("todos", reducer: Reducer(), initialState: State())]
  ).bound(to: ["todos": manifest])

  /// Runs one scenario, given as its `steps`, and returns the text report's lines.
  static func report(exhaustive: Bool, steps: String) async throws -> [String] {
    let folder = try ScratchFolder.make("todos")
    let file = folder.appendingPathComponent("todos-add.json")
    let text = """
      {"id": "todos-add", "feature": "todos", "description": "d", "exhaustive": \(exhaustive), "steps": \(steps)}
      """
    try Data(text.utf8).write(to: file)
    var lines: [String] = []
    let reporter = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { lines.append($0) })
    let runner = ConformanceRunner(
      implementations: [implementation], loader: ScenarioLoader(manifests: ["todos": manifest]))
    _ = await runner.run(files: [ScenarioFile(url: file, displayName: "todos-add.json")]) { reporter.handle($0) }
    return lines
  }
}

/// A failure inside an array of objects reads like every other failure: the path of the first differing element,
/// then a `-`/`+` diff, whether the scenario is exhaustive or lists only what changes (scenario format §4).
@Suite("Array diffs")
struct ArrayDiffTests {
  static let addMilk = """
    [{"send": {"type": "added", "id": "c", "title": "Milk"},
      "expect": {"changes": {"count": 3, "items": [
        {"id": "a", "title": "Bread", "done": false},
        {"id": "b", "title": "Eggs", "done": false},
        {"id": "c", "title": "Milk", "done": false}]}}}]
    """

  @Test func exhaustiveStepNamesTheFirstDifferingElementAndShowsTheStateDiff() async throws {
    let lines = try await Todos.report(exhaustive: true, steps: Self.addMilk)
    #expect(
      Array(lines.prefix(22)) == [
        "✗ todos-add (failed)",
        "    file: todos-add.json",
        "    step 1 of 1: send {\"id\":\"c\",\"title\":\"Milk\",\"type\":\"added\"}",
        "      state.items[0].id: expected \"a\", got \"c\"",
        "      state.items[0].title: expected \"Bread\", got \"Milk\"",
        "      state.items[1].id: expected \"b\", got \"a\"",
        "      state.items[1].title: expected \"Eggs\", got \"Bread\"",
        "      state.items[2].id: expected \"c\", got \"b\"",
        "      state.items[2].title: expected \"Milk\", got \"Eggs\"",
        "",
        "      State after step 1:",
        "        {",
        "          \"count\": 3,",
        "          \"items\": [",
        "      +     {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"},",
        "            {\"done\":false,\"id\":\"a\",\"title\":\"Bread\"},",
        "      -     {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"},",
        "      -     {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"}",
        "      +     {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"}",
        "          ]",
        "        }",
        "      (- expected, + actual)",
      ])
  }

  @Test func nonExhaustiveStepShowsADiffOfTheArrayItChecked() async throws {
    let lines = try await Todos.report(exhaustive: false, steps: Self.addMilk)
    #expect(
      Array(lines.prefix(20)) == [
        "✗ todos-add (failed)",
        "    file: todos-add.json",
        "    step 1 of 1: send {\"id\":\"c\",\"title\":\"Milk\",\"type\":\"added\"}",
        "      state.items[0].id: expected \"a\", got \"c\"",
        "      state.items[0].title: expected \"Bread\", got \"Milk\"",
        "      state.items[1].id: expected \"b\", got \"a\"",
        "      state.items[1].title: expected \"Eggs\", got \"Bread\"",
        "      state.items[2].id: expected \"c\", got \"b\"",
        "      state.items[2].title: expected \"Milk\", got \"Eggs\"",
        "",
        "      state.items after step 1:",
        "        [",
        "      +   {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"},",
        "          {\"done\":false,\"id\":\"a\",\"title\":\"Bread\"},",
        "      -   {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"},",
        "      -   {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"}",
        "      +   {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"}",
        "        ]",
        "      (- expected, + actual)",
        "",
      ])
  }

  @Test func aMissingElementIsNamedByItsIndex() async throws {
    let steps = """
      [{"send": {"type": "toggled", "id": "a"},
        "expect": {"changes": {"items": [
          {"id": "a", "title": "Bread", "done": true},
          {"id": "b", "title": "Eggs", "done": false},
          {"id": "c", "title": "Milk", "done": false}]}}}]
      """
    let lines = try await Todos.report(exhaustive: false, steps: steps)
    #expect(
      Array(lines.prefix(13)) == [
        "✗ todos-add (failed)",
        "    file: todos-add.json",
        "    step 1 of 1: send {\"id\":\"a\",\"type\":\"toggled\"}",
        "      state.items[2]: missing, expected {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"}",
        "",
        "      state.items after step 1:",
        "        [",
        "          {\"done\":true,\"id\":\"a\",\"title\":\"Bread\"},",
        "      -   {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"},",
        "      -   {\"done\":false,\"id\":\"c\",\"title\":\"Milk\"}",
        "      +   {\"done\":false,\"id\":\"b\",\"title\":\"Eggs\"}",
        "        ]",
        "      (- expected, + actual)",
      ])
  }
}
