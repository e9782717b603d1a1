import Foundation

@testable import Conformance

/// A login manifest with the `authenticate` dependency (manifest `dependencies`) and helpers that build
/// runtime-level scenarios from JSON text, independent of the bundled files another part writes.
enum RuntimeFixtures {
  /// The `dependencies` member the tests add to the bundled login manifest.
  static let dependencies = """
    {"authenticate": {"rule": "LR1", "description": "Checks the credentials.",
      "arguments": {"email": {"type": "string"}, "password": {"type": "string"}},
      "result": {"type": "union", "ref": "LoginResult"}}}
    """

  /// The bundled login manifest document with ``dependencies`` set.
  static let manifestDocument: JSONValue = {
    let url = TestPaths.features.appendingPathComponent("login.json")
    let data = (try? Data(contentsOf: url)) ?? Data()
    guard case .object(var object)? = try? JSONParser().parse(data) else { return .null }
    object["dependencies"] = try? JSONParser().parse(dependencies)
    return .object(object)
  }()

  /// The login manifest with `authenticate`.
  static let manifest: FeatureManifest? = try? ManifestLoader().load(
    manifestDocument, file: "login.json", expectedFeature: "login"
  ).get()

  /// The bundled manifests, login replaced by ``manifest``.
  static let manifests: [String: FeatureManifest] = {
    var manifests = TestPaths.manifests
    manifests["login"] = manifest
    return manifests
  }()

  static let loader = ScenarioLoader(manifests: manifests)

  /// A scenario document of feature `login` with these steps (JSON text of the array's elements).
  static func document(_ steps: String, level: String? = "runtime", exhaustive: Bool? = nil) -> JSONValue {
    let levelMember = level.map { #""level": "\#($0)", "# } ?? ""
    let exhaustiveMember = exhaustive.map { #""exhaustive": \#($0), "# } ?? ""
    let text =
      #"{"id": "x", "feature": "login", \#(levelMember)\#(exhaustiveMember)"description": "d", "steps": [\#(steps)]}"#
    return (try? JSONParser().parse(text)) ?? .null
  }

  /// Every problem the loader reports, rendered (`x.json: PATH: MESSAGE`); empty when the document loads.
  static func problems(_ steps: String, level: String? = "runtime") -> [String] {
    if case .failure(let failure) = loader.load(document(steps, level: level), file: "x.json") {
      return failure.errors.map(\.description)
    }
    return []
  }

  /// The scenario, or `nil` when invalid.
  static func scenario(_ steps: String, exhaustive: Bool? = nil) -> Scenario? {
    try? loader.load(document(steps, exhaustive: exhaustive), file: "x.json").get()
  }

  // Common steps.
  static let typeEmail =
    #"{"send": {"type": "emailChanged", "value": "a@b.c"}, "expect": {"changes": {"email": "a@b.c"}}}"#
  static let typePassword =
    #"{"send": {"type": "passwordChanged", "value": "pw"}, "expect": {"changes": {"password": "pw"}}}"#
  static let submit =
    #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}}"#
  static let respondSuccess =
    #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}}}"#

  /// The state after ``typeEmail`` and ``typePassword``.
  static let typed: JSONValue = ["email": "a@b.c", "password": "pw", "isLoading": false, "error": .null]
  /// ``typed`` while loading.
  static let loading: JSONValue = ["email": "a@b.c", "password": "pw", "isLoading": true, "error": .null]
  /// The call ``submit`` expects.
  static let call = DependencyCall(dependency: "authenticate", arguments: ["email": "a@b.c", "password": "pw"])
}
