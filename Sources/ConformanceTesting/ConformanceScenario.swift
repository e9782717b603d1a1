@_exported import Conformance
import Foundation
import Testing

/// One scenario file of a feature, as a Swift Testing argument: each becomes a test case named by the scenario's id.
///
/// ```swift
/// import ConformanceTesting
/// import Testing
///
/// @Test(arguments: ConformanceScenario.all(feature: "counter"))
/// func counter(_ scenario: ConformanceScenario) async {
///   await scenario.check(CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState()))
/// }
/// ```
///
/// A failure is recorded as a Swift Testing issue with the text `conformance run` prints, at the scenario file and
/// the line of the failing step, so Xcode shows it in the JSON file. The verdict is `conformance run`'s: the
/// known-divergence baseline `<root>/known-divergences.json` applies when it exists, with the same strictness (a
/// listed failure is `known` and passes; an entry whose pair passes or fails differently, and an expired entry, fail;
/// an invalid baseline fails with its file and JSON path), and a skipped scenario fails.
public struct ConformanceScenario: Sendable, CustomTestStringConvertible {
  /// The scenario's id (its file name without `.json`), or a description of why no scenario was found.
  public let id: String
  /// The feature, as in its manifest.
  public let feature: String
  /// The scenario file; `nil` for the stand-in that reports an empty or missing folder.
  public let file: URL?
  /// The `Conformance` folder whose `features/` and `scenarios/` it comes from.
  public let root: URL

  /// The id: how Swift Testing names the test case.
  public var testDescription: String { id }

  /// Every scenario file of `feature`: `<root>/scenarios/<feature>/**/*.json`, found as `conformance run` finds
  /// them (``ScenarioCorpus``): sorted, in subfolders too, symbolic links followed, hidden files excluded.
  ///
  /// `root` defaults to the nearest folder named `Conformance` that holds `scenarios/`, found by walking up from the
  /// calling test file. When no scenario is found, the result is one stand-in whose ``check(_:implementation:)``
  /// records that as an issue, so an empty or misplaced folder never passes silently.
  ///
  /// - Parameters:
  ///   - feature: The feature's name, as in its manifest (`<root>/features/<feature>.json`).
  ///   - root: The `Conformance` folder, or `nil` to search from `filePath`.
  ///   - filePath: Where the search starts (default: the calling file).
  /// - Returns: The scenarios, one test case each.
  public static func all(feature: String, root: URL? = nil, filePath: String = #filePath) -> [ConformanceScenario] {
    guard let root = root ?? ScenarioRoot.find(from: URL(fileURLWithPath: filePath)) else {
      return [
        ConformanceScenario(
          id: "no Conformance/scenarios folder above \(filePath)", feature: feature, file: nil,
          root: URL(fileURLWithPath: filePath).deletingLastPathComponent())
      ]
    }
    let folder = root.appendingPathComponent("scenarios").appendingPathComponent(feature)
    // The walk `conformance run` uses: sorted, recursive, links followed, hidden entries passed over, and a folder it
    // cannot read is a failing case rather than a missing one.
    var scenarios: [ConformanceScenario] = []
    guard ScenarioRoot.isFolder(folder) else {
      return [ConformanceScenario(id: "no scenarios in \(folder.path)", feature: feature, file: nil, root: root)]
    }
    let walk = ScenarioCorpus(
      roots: [.init(path: folder.path, displayName: folder.path)], loader: .init(manifests: [:]))
    for file in walk.files() {
      switch file {
      case .file(let path):
        let name = path.split(separator: "/").last.map(String.init) ?? path
        scenarios.append(
          ConformanceScenario(
            id: String(name.dropLast(".json".count)), feature: feature, file: URL(fileURLWithPath: path), root: root))
      case .problem(let error):
        scenarios.append(ConformanceScenario(id: ReportText.error("\(error)"), feature: feature, file: nil, root: root))
      }
    }
    guard !scenarios.isEmpty else {
      return [ConformanceScenario(id: "no scenarios in \(folder.path)", feature: feature, file: nil, root: root)]
    }
    return scenarios
  }

  /// Runs the scenario on `adapter` and returns its failures as values (empty when it passed): the failure text is
  /// what `conformance run` prints; the location is the scenario file and the line of the failing step (or of the
  /// problem, for an invalid file).
  ///
  /// - Parameters:
  ///   - adapter: The feature under test, e.g. a ``CodableFeature``; it is bound to the feature's manifest.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  /// - Returns: One failure per problem; empty when the scenario passed.
  public func run(_ adapter: any FeatureAdapter, implementation: String? = nil) async -> [ScenarioFailure] {
    await runOnAdapters(adapter, runtime: nil, implementation: implementation)
  }

  /// Runs the scenario on a feature's real runtime (a store driven with scripted dependencies and a manual clock) and
  /// returns its failures as values, as ``run(_:implementation:)-(FeatureAdapter,_)`` does for a reducer.
  ///
  /// A runtime-level scenario (`"level": "runtime"`, scenario format v1.1) drives the runtime step by step. A
  /// reducer-level scenario is `not applicable` to a runtime adapter, which is a failure here (a test case must not
  /// pass without running anything): for a folder with both levels, use ``run(_:runtime:implementation:)``.
  ///
  /// - Parameters:
  ///   - runtime: The feature's runtime adapter, e.g. a ``CodableRuntime``; bound to the feature's manifest when it
  ///     needs it.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  /// - Returns: One failure per problem; empty when the scenario passed.
  public func run(_ runtime: any RuntimeAdapter, implementation: String? = nil) async -> [ScenarioFailure] {
    await runOnAdapters(nil, runtime: runtime, implementation: implementation)
  }

  /// Runs the scenario on the adapter of its level, `adapter` (the reducer) for a reducer-level scenario and
  /// `runtime` (the store or view model) for a runtime-level one, and returns its failures as values.
  ///
  /// - Parameters:
  ///   - adapter: The feature's reducer adapter, e.g. a ``CodableFeature``.
  ///   - runtime: The feature's runtime adapter, e.g. a ``CodableRuntime``.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  /// - Returns: One failure per problem; empty when the scenario passed.
  public func run(_ adapter: any FeatureAdapter, runtime: any RuntimeAdapter, implementation: String? = nil) async
    -> [ScenarioFailure]
  {
    await runOnAdapters(adapter, runtime: runtime, implementation: implementation)
  }

  /// Runs the scenario on the adapter of its level (see ``run(_:runtime:implementation:)``) and records each failure
  /// as a Swift Testing issue at the scenario file's line: one test function for a folder of both levels.
  ///
  /// ```swift
  /// @Test(arguments: ConformanceScenario.all(feature: "counter"))
  /// func counter(_ scenario: ConformanceScenario) async {
  ///   await scenario.check(CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState()),
  ///                        runtime: counterRuntime)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - adapter: The feature's reducer adapter.
  ///   - runtime: The feature's runtime adapter.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  public func check(_ adapter: any FeatureAdapter, runtime: any RuntimeAdapter, implementation: String? = nil) async {
    record(await run(adapter, runtime: runtime, implementation: implementation))
  }

  /// Runs the scenario on a feature's real runtime and records each failure as a Swift Testing issue at the
  /// scenario file's line (see ``run(_:implementation:)-(RuntimeAdapter,_)``).
  ///
  /// ```swift
  /// @Test(arguments: ConformanceScenario.all(feature: "login"))
  /// func loginRuntime(_ scenario: ConformanceScenario) async {
  ///   await scenario.check(loginRuntime)  // a RuntimeAdapter
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - runtime: The feature's runtime adapter.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  public func check(_ runtime: any RuntimeAdapter, implementation: String? = nil) async {
    record(await run(runtime, implementation: implementation))
  }

  /// Runs the scenario on `adapter` and records each failure as a Swift Testing issue at the scenario file's line.
  ///
  /// - Parameters:
  ///   - adapter: The feature under test, e.g. a ``CodableFeature``.
  ///   - implementation: The implementation's name in the text; `nil` (the default) means `swift`.
  public func check(_ adapter: any FeatureAdapter, implementation: String? = nil) async {
    record(await run(adapter, implementation: implementation))
  }

  /// An adapter registered under another feature than the scenario's: named as such, instead of the run's
  /// "not applicable" or "skipped", which would blame the scenario's level or the feature.
  private func featureMismatch(adapter: (any FeatureAdapter)?, runtime: (any RuntimeAdapter)?, file: URL)
    -> ScenarioFailure?
  {
    let given = [("reducer adapter", adapter?.feature), ("runtime adapter", runtime?.feature)].compactMap {
      kind, name in name.flatMap { $0 == feature ? nil : "the \(kind) is for feature '\($0)'" }
    }
    guard !given.isEmpty else { return nil }
    return ScenarioFailure(
      message: "✗ \(id): \(given.joined(separator: " and ")), but the scenario is of feature '\(feature)'",
      filePath: file.path, line: 1, column: 1)
  }

  /// The one path of every `run`: the stand-in's message, an adapter of another feature, or the scenario run on the
  /// adapters given (the one of its level runs it; a missing one makes it a failure, see ``ScenarioCheck``).
  private func runOnAdapters(
    _ adapter: (any FeatureAdapter)?, runtime: (any RuntimeAdapter)?, implementation: String?
  ) async -> [ScenarioFailure] {
    guard let file else {
      return [ScenarioFailure(message: id, filePath: root.path, line: 1, column: 1)]
    }
    if let mismatch = featureMismatch(adapter: adapter, runtime: runtime, file: file) { return [mismatch] }
    return await ScenarioCheck(
      root: root, file: file, implementation: implementation ?? SwiftImplementation.defaultName
    ).run(adapter, runtime: runtime)
  }

  /// Records each failure as a Swift Testing issue at the scenario file's line (the one path of every `check`).
  private func record(_ failures: [ScenarioFailure]) {
    for failure in failures {
      Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.sourceLocation(feature: feature))
    }
  }
}
