import Conformance
import Foundation
import Testing

/// Manifest field `examples` (Conformance/README.md §2.7): checked against the field's type, and drawn on by
/// `conformance fuzz` beside the values of the bundled scenarios.
@Suite("manifest field examples")
struct FuzzExamplesTests {
  /// The bundled login manifest with `examples` set on the fields given (`action.field` → examples).
  static func manifest(_ examples: [String: JSONValue]) throws -> Result<FeatureManifest, InputErrors> {
    let url = CLI.repository.appendingPathComponent("Conformance/features/login.json")
    guard case .object(var document) = try JSONParser().parse(Data(contentsOf: url)) else {
      Issue.record("login.json is not an object")
      throw CancellationError()
    }
    for (place, value) in examples {
      let parts = place.split(separator: ".").map(String.init)
      guard case .object(var actions)? = document["actions"], case .object(var action)? = actions[parts[0]],
        case .object(var fields)? = action["fields"], case .object(var field)? = fields[parts[1]]
      else { throw CancellationError() }
      field["examples"] = value
      fields[parts[1]] = .object(field)
      action["fields"] = .object(fields)
      actions[parts[0]] = .object(action)
      document["actions"] = .object(actions)
    }
    return ManifestLoader().load(.object(document), file: "login.json", expectedFeature: "login")
  }

  @Test func examplesOfTheFieldsTypeAreAccepted() throws {
    let loaded = try Self.manifest([
      "emailChanged.value": ["fuzz.example@example.org"],
      "loginResponse.result": [["type": "failure", "message": "Locked."]],
    ])
    let manifest = try loaded.get()
    let field = try #require(manifest.actions.case(named: "emailChanged")?.fields.first)
    #expect(field.examples == ["fuzz.example@example.org"])
  }

  @Test func anExampleOfAnotherTypeIsAnInvalidManifestWithItsPath() throws {
    guard
      case .failure(let failure) = try Self.manifest([
        "emailChanged.value": ["ok@example.org", 7], "loginResponse.result": [["type": "succes", "userId": "u"]],
      ])
    else {
      Issue.record("expected the manifest to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description).sorted() == [
        "login.json: actions.emailChanged.fields.value.examples[1]: expected string, got 7",
        "login.json: actions.loginResponse.fields.result.examples[0].type: unknown LoginResult case 'succes'; did you mean 'success'? (the login manifest defines: failure, success)",
      ])
  }

  @Test func anEmptyListOfExamplesIsAnInvalidManifest() throws {
    guard case .failure(let failure) = try Self.manifest(["passwordChanged.value": []]) else {
      Issue.record("expected the manifest to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "login.json: actions.passwordChanged.fields.value.examples: expected a non-empty array of example values of the field, got []"
      ])
  }

  @Test func fuzzDrawsOnTheExamplesOfActionFields() throws {
    let manifest = try Self.manifest(["emailChanged.value": ["fuzz.example@example.org"]]).get()
    var dictionary = FuzzDictionary(scenarios: [], manifestInitialState: manifest.initialState, unicodeAll: false)
    #expect(dictionary.strings(for: "emailChanged.value").isEmpty)
    dictionary.addExamples(of: manifest, unicodeAll: false)
    #expect(dictionary.strings(for: "emailChanged.value") == ["fuzz.example@example.org"])
    #expect(dictionary.strings.contains("fuzz.example@example.org"))
  }
}
