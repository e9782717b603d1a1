import Foundation
import Testing

@testable import Conformance

/// The validation fast pass (`ScenarioLoader.quickReducerSteps`) may only ever give up: every document loads to the
/// same scenario, or the same errors, with and without it. Checked on every bundled scenario and fixture, and on
/// each of them broken in many small ways, step by step.
@Suite("Validation fast pass: the same result as the full validator, on every fixture and its mutations")
struct QuickValidationTests {
  let loader = ScenarioLoader(manifests: TestPaths.manifests)

  /// Every scenario document in the repository (bundled scenarios at both levels, test fixtures), with its name.
  static let documents: [(name: String, value: JSONValue)] = {
    var files: [URL] = []
    for root in [TestPaths.scenarios, TestPaths.fixtures] {
      let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "json" { files.append(url) }
      }
    }
    return files.sorted { $0.path < $1.path }.compactMap { url -> (name: String, value: JSONValue)? in
      guard let data = FileManager.default.contents(atPath: url.path),
        let value = try? data.withUnsafeBytes({ JSONParser().parse(bytes: $0) }).get()
      else { return nil }
      let folder = url.deletingLastPathComponent().lastPathComponent
      return ("scenarios/\(folder)/\(url.lastPathComponent)", value)
    }
  }()

  /// A load's outcome as text: the scenario with every step, or the errors.
  func outcome(_ value: JSONValue, file: String, fastPass: Bool) -> String {
    switch loader.load(value, file: file, fastPass: fastPass) {
    case .failure(let failure): return failure.errors.map(\.description).joined(separator: "\n")
    case .success(let scenario):
      var text = "\(scenario.id) \(scenario.feature) \(scenario.tags) \(scenario.exhaustive) \(scenario.level)\n"
      text += JSONRenderer.compact(scenario.initialState) + "\n"
      for step in scenario.steps {
        let state: String
        switch step.state {
        case .unchanged: state = "unchanged"
        case .full(let value): state = "state " + JSONRenderer.compact(value)
        case .changes(let value): state = "changes " + JSONRenderer.compact(value)
        }
        let effects = step.effects.map { JSONRenderer.compact(.array($0)) } ?? "-"
        text += "\(JSONRenderer.compact(step.send)) \(state) \(effects) \(step.description ?? "-")\n"
      }
      return text
    }
  }

  /// Small breakages of one step: every kind of key, value and type mistake the step reader checks.
  static var stepMutations: [(String, (inout JSONObject) -> Void)] {
    [
      ("unknown key", { $0["sned"] = ["type": "submit"] }),
      ("$schema", { $0["$schema"] = "x" }),
      ("runtime key", { $0["advance"] = 5 }),
      ("no send", { $0["send"] = nil }),
      ("send null", { $0["send"] = .null }),
      ("send number", { $0["send"] = 1 }),
      ("send empty", { $0["send"] = [:] }),
      ("unknown action", { $0["send"] = ["type": "nope"] }),
      ("action type number", { $0["send"] = ["type": 3] }),
      ("action extra field", { $0["send"] = ["type": "submit", "value": "x"] }),
      ("action missing field", { $0["send"] = ["type": "emailChanged"] }),
      ("action wrong field type", { $0["send"] = ["type": "emailChanged", "value": 1] }),
      ("description empty", { $0["description"] = "" }),
      ("description blank", { $0["description"] = " \u{2003}" }),
      ("description number", { $0["description"] = 1 }),
      ("description", { $0["description"] = "A step." }),
      ("expect null", { $0["expect"] = .null }),
      ("expect array", { $0["expect"] = [] }),
      ("expect empty", { $0["expect"] = [:] }),
      ("expect unknown key", { $0["expect"] = ["chanegs": [:]] }),
      ("expect runtime key", { $0["expect"] = ["calls": []] }),
      ("expect $schema", { $0["expect"] = ["$schema": "x"] }),
      ("state and changes", { $0["expect"] = ["state": [:], "changes": [:]] }),
      ("changes number", { $0["expect"] = ["changes": 1] }),
      ("changes empty", { $0["expect"] = ["changes": [:]] }),
      ("changes unknown field", { $0["expect"] = ["changes": ["emial": ""]] }),
      ("changes wrong type", { $0["expect"] = ["changes": ["isLoading": "yes"]] }),
      ("changes nested object", { $0["expect"] = ["changes": ["error": ["a": 1]]] }),
      ("changes null", { $0["expect"] = ["changes": ["error": .null]] }),
      ("state partial", { $0["expect"] = ["state": ["email": ""]] }),
      ("state number", { $0["expect"] = ["state": 2] }),
      ("effects object", { $0["expect"] = ["effects": [:]] }),
      ("effects empty", { $0["expect"] = ["effects": []] }),
      ("effect number", { $0["expect"] = ["effects": [1]] }),
      ("unknown effect", { $0["expect"] = ["effects": [["type": "nope"]]] }),
      ("effect missing field", { $0["expect"] = ["effects": [["type": "authenticate"]]] }),
      ("effect extra field", { $0["expect"] = ["effects": [["type": "cancel", "id": "authenticate", "x": 1]]] }),
    ]
  }

  @Test func everyDocumentLoadsTheSameWithAndWithoutTheFastPass() {
    #expect(Self.documents.count > 100)
    for (name, value) in Self.documents {
      #expect(outcome(value, file: name, fastPass: true) == outcome(value, file: name, fastPass: false), "\(name)")
    }
  }

  @Test func everyMutationOfEveryStepLoadsTheSameWithAndWithoutTheFastPass() {
    var compared = 0
    for (name, document) in Self.documents {
      guard case .object(var scenario) = document, case .array(let steps)? = scenario["steps"], !steps.isEmpty else {
        continue
      }
      for position in Set([0, steps.count - 1]).sorted() {
        guard case .object(let original) = steps[position] else { continue }
        for (mutation, apply) in Self.stepMutations {
          var step = original
          apply(&step)
          var mutated = steps
          mutated[position] = .object(step)
          scenario["steps"] = .array(mutated)
          let value = JSONValue.object(scenario)
          #expect(
            outcome(value, file: name, fastPass: true) == outcome(value, file: name, fastPass: false),
            "\(name), step \(position): \(mutation)")
          compared += 1
        }
      }
    }
    #expect(compared > 5_000)
  }

  @Test func theWholeStepListBrokenLoadsTheSame() {
    let broken: [JSONValue] = [.null, 1, "steps", [:], [], [.null], [1, 2], [[:]]]
    for (name, document) in Self.documents.prefix(5) {
      guard case .object(var scenario) = document else { continue }
      for steps in broken {
        scenario["steps"] = steps
        let value = JSONValue.object(scenario)
        #expect(outcome(value, file: name, fastPass: true) == outcome(value, file: name, fastPass: false), "\(name)")
      }
    }
  }

  /// The fast pass is taken for every valid bundled reducer scenario without nested `changes`, so a change that made
  /// it give up everywhere (and the runner quietly slower) fails here.
  @Test func theFastPassReadsEveryValidBundledReducerScenario() throws {
    var read = 0
    for (name, value) in Self.documents where name.hasPrefix("scenarios/login/") || name.hasPrefix("scenarios/signup/")
    {
      guard case .success(let scenario) = loader.load(value, file: name), scenario.level == .reducer else { continue }
      let nested = scenario.steps.contains { step in
        guard case .changes(let changes) = step.state else { return false }
        return changes.objectValue?.members.contains { $0.value.objectValue != nil } == true
      }
      let manifest = try #require(TestPaths.manifests[scenario.feature])
      let steps = try #require(value["steps"])
      #expect((ScenarioLoader.quickReducerSteps(steps, manifest: manifest) != nil) == !nested, "\(name)")
      read += 1
    }
    #expect(read >= 100)
  }
}
