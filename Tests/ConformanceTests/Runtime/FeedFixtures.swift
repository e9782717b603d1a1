import Foundation

@testable import Conformance

/// The format v1.3 test fixture `feed` (Fixtures/v13/Conformance, a workspace `conformance` can run from): a manifest with one-off `events`, a dependency called at
/// creation (`loadHeader`) and a stream dependency (`observeItems`), and scenarios of it.
enum FeedFixtures {
  static let folder = TestPaths.fixtures.appendingPathComponent("v13")
  static let features = folder.appendingPathComponent("Conformance/features")
  static let scenarios = folder.appendingPathComponent("Conformance/scenarios/feed")

  /// The bundled manifests and `feed`.
  static let manifests: [String: FeatureManifest] = {
    let feed = ManifestLoader().loadAll(in: features, displayPath: { $0.lastPathComponent }).manifests
    return TestPaths.manifests.merging(feed) { first, _ in first }
  }()

  static let loader = ScenarioLoader(manifests: manifests)

  /// A scenario document of `feature` (default `feed`) with these steps (JSON text of the array's elements) and, when
  /// given, this `start` (JSON text).
  static func document(
    _ steps: String, start: String? = nil, feature: String = "feed", level: String = "runtime",
    exhaustive: Bool? = nil
  ) -> JSONValue {
    let startMember = start.map { #""start": \#($0), "# } ?? ""
    let exhaustiveMember = exhaustive.map { #""exhaustive": \#($0), "# } ?? ""
    let text =
      #"{"id": "x", "feature": "\#(feature)", "level": "\#(level)", \#(startMember)\#(exhaustiveMember)"description": "d", "steps": [\#(steps)]}"#
    return (try? JSONParser().parse(text)) ?? .null
  }

  /// Every problem the loader reports, rendered (`x.json: PATH: MESSAGE`); empty when the document loads.
  static func problems(_ steps: String, start: String? = nil, feature: String = "feed", level: String = "runtime")
    -> [String]
  {
    let value = document(steps, start: start, feature: feature, level: level)
    if case .failure(let failure) = loader.load(value, file: "x.json") { return failure.errors.map(\.description) }
    return []
  }

  /// The scenario, or `nil` when invalid.
  static func scenario(_ steps: String, start: String? = nil, exhaustive: Bool? = nil) -> Scenario? {
    try? loader.load(document(steps, start: start, exhaustive: exhaustive), file: "x.json").get()
  }

  /// The scenario in `Fixtures/v13/scenarios/feed/NAME.json`.
  static func file(_ name: String) -> URL { scenarios.appendingPathComponent(name + ".json") }

  // Common pieces.
  static let startCallsHeader = #"{"expect": {"calls": [{"call": "h1", "dependency": "loadHeader", "arguments": {}}]}}"#
  static let appear =
    #"{"screen": "appear", "expect": {"calls": [{"call": "o1", "dependency": "observeItems", "arguments": {}}]}}"#
  static let disappear = #"{"screen": "disappear", "expect": {"cancelled": ["o1"]}}"#
  static let header = DependencyCall(dependency: "loadHeader", arguments: [:])
  static let items = DependencyCall(dependency: "observeItems", arguments: [:])
}
