import Foundation

@testable import Conformance

/// Locations of the repository and fixtures, found from this file.
enum TestPaths {
  static let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let fixtures = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let features = repository.appendingPathComponent("Conformance/features")
  static let scenarios = repository.appendingPathComponent("Conformance/scenarios")

  /// The bundled manifests, loaded once.
  static let manifests: [String: FeatureManifest] = {
    ManifestLoader().loadAll(in: features, displayPath: { $0.lastPathComponent }).manifests
  }()

  /// The scenario in `file` (the first row of a scenario outline), validated against the bundled manifests, or `nil`
  /// when it is invalid.
  static func scenario(_ file: URL) -> Scenario? {
    cases(file)?.first
  }

  /// The cases of `file`: its scenario, or every row of a scenario outline; `nil` when it is invalid.
  static func cases(_ file: URL) -> [Scenario]? {
    guard let value = try? JSONFile.read(file, displayName: file.lastPathComponent).get() else { return nil }
    return try? ScenarioLoader(manifests: manifests).loadCases(value, file: file.lastPathComponent).get()
  }

  static func jsonFiles(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }
}

/// Runs files through the runner and returns the text report's lines, the error lines and the summary.
func runAndReport(_ files: [URL], implementations: [any Implementation] = [TestFeatures.swift]) async
  -> (lines: [String], errors: [String], summary: RunSummary)
{
  var lines: [String] = []
  var errors: [String] = []
  let reporter = TextReporter(colored: false, output: { lines.append($0) }, errorOutput: { errors.append($0) })
  let runner = ConformanceRunner(
    implementations: implementations, loader: ScenarioLoader(manifests: TestPaths.manifests))
  let summary = await runner.run(
    files: files.map {
      ScenarioFile(
        url: $0,
        displayName: "Fixtures/" + $0.deletingLastPathComponent().lastPathComponent + "/" + $0.lastPathComponent)
    }
  ) { reporter.handle($0) }
  return (lines, errors, summary)
}

extension RunRequest {
  /// The request that runs `scenario`'s actions from its initial state.
  init(_ scenario: Scenario) {
    self.init(
      id: scenario.id, feature: scenario.feature, initialState: scenario.initialState,
      actions: scenario.steps.map(\.send))
  }
}
