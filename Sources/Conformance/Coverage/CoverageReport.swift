/// The coverage of a selection of scenarios, per feature and implementation (docs/coverage.md): for each item a
/// feature declares (``CoverageUniverse``), which implementations' runs covered it; what no run covered (the gaps);
/// what an implementation missed in a scenario where another covered it (the differences); and the percentages the
/// gate reads. An implementation that ran no scenario of a feature (it does not serve the feature, or its level) is
/// not measured on it: it has no column there and the feature is not in its total.
///
/// Built from a ``CoverageCollector`` after the run; rendered as text, Markdown (``text()``, ``markdown()``) or JSON
/// (``json()``, `Conformance/schema/coverage.schema.json`).
package struct CoverageReport: Sendable {
  /// One feature's coverage.
  package struct Feature: Sendable {
    /// What the feature declares.
    package var universe: CoverageUniverse
    /// How many selected scenarios the feature has.
    package var scenarios: Int
    /// How many of them each implementation produced a trace for, by name.
    package var ran: [String: Int]
    /// Each item, in the universe's order, with the implementations that covered it and those that missed it in a
    /// scenario where another covered it (each in report order).
    package var items: [(item: CoverageItem, coveredBy: [String], missedBy: [String])]

    /// Whether `implementation` ran a scenario of the feature, so that it is measured on it.
    package func measures(_ implementation: String) -> Bool { (ran[implementation] ?? 0) > 0 }
  }

  /// A gap or a difference in a feature, as the reports list it (``gaps(_:)``).
  package struct Gap: Sendable, Equatable {
    /// Where the item is declared: the manifest, or the spec for a rule.
    package var file: String
    /// The item as reports name it (``label(_:)``): `actions.submit`, `state.error (no step asserts it)`, or the
    /// transitions not covered after one action, `transitions: never after submit: dismissed, submit`.
    package var item: String
    /// The implementations that covered it: empty for a gap.
    package var coveredBy: [String]
    /// The implementations that did not: for a gap, every one measured on the feature; for a difference, those that
    /// ran a scenario in which another covered it.
    package var missedBy: [String]
  }

  /// The implementations, in report order.
  package var implementations: [String]
  /// The features with at least one selected scenario, by name.
  package var features: [Feature]
  /// The implementations that did not start (their error is reported with the run): the gate fails on them.
  package var notStarted: [String]
  /// The shard the run covered (`--shard`), or `nil` for the whole selection: the reports say that the other shards'
  /// scenarios are not counted.
  package var shard: Shard?

  /// The report of a finished run.
  ///
  /// - Parameters:
  ///   - collector: What the run's scenarios covered.
  ///   - manifests: The manifests of the run, by feature name.
  package init(_ collector: CoverageCollector, manifests: [String: FeatureManifest]) {
    implementations = collector.implementations
    notStarted = collector.notStarted
    shard = collector.summary?.shard?.shard
    features = collector.scenarios.keys.sorted().compactMap { name in
      guard let manifest = manifests[name], let counts = collector.scenarios[name] else { return nil }
      let universe = CoverageUniverse(manifest)
      let covered = collector.covered[name] ?? [:]
      let missed = collector.missed[name] ?? [:]
      let items = universe.items.map { item in
        let coveredBy = collector.implementations.filter { covered[$0]?.contains(item) == true }
        let missedBy = collector.implementations.filter {
          missed[item]?.contains($0) == true && !coveredBy.contains($0)
        }
        return (item, coveredBy, missedBy)
      }
      return Feature(universe: universe, scenarios: counts.all, ran: counts.ran, items: items)
    }
  }

  // MARK: - Counts

  /// How many items of `category` a feature declares, and how many `implementation` covered.
  package func count(_ feature: Feature, _ category: CoverageItem.Category, on implementation: String) -> (
    covered: Int, total: Int
  ) {
    let items = feature.items.filter { $0.item.category == category }
    return (items.filter { $0.coveredBy.contains(implementation) }.count, items.count)
  }

  /// The items that count in the total (every category but transitions), covered on `implementation`, over the
  /// features given (all by default) that it ran a scenario of.
  package func total(on implementation: String, in features: [Feature]? = nil) -> (covered: Int, total: Int) {
    let measured = (features ?? self.features).filter { $0.measures(implementation) }
    let items = measured.flatMap(\.items).filter { $0.item.category.countsInTotal }
    return (items.filter { $0.coveredBy.contains(implementation) }.count, items.count)
  }

  /// The categories a feature declares items in, in report order.
  package func categories(of feature: Feature) -> [CoverageItem.Category] {
    CoverageItem.Category.allCases.filter { category in feature.items.contains { $0.item.category == category } }
  }

  /// Where an item is declared, as reports name it: the spec for a rule, else the manifest.
  package static func file(of item: CoverageItem, in feature: Feature) -> String {
    item.category == .rules ? feature.universe.specFile ?? feature.universe.manifestFile : feature.universe.manifestFile
  }

  /// A percentage as reports show it: one decimal, rounded down, so that 99.96 % never reads as a passing 100.0 %.
  package static func percent(_ count: (covered: Int, total: Int)) -> String {
    guard count.total > 0 else { return "100.0%" }
    let tenths = count.covered * 1000 / count.total
    return "\(tenths / 10).\(tenths % 10)%"
  }

  // MARK: - The gate

  /// What fails the gate, one line each (empty: it passes): an implementation that did not start, one whose total is
  /// below `minimum` percent (one that ran no scenario has no total), or an item of a `required` category that no
  /// implementation covered or that one missed where another covered it.
  ///
  /// - Parameters:
  ///   - minimum: `--min`, 0 to 100, or `nil`.
  ///   - required: `--require`, the categories that must be covered whole on every implementation.
  package func gateFailures(minimum: Double?, required: [CoverageItem.Category]) -> [String] {
    var failures = notStarted.map { "'\($0)' did not start, so what its runs cover is not known" }
    if let minimum {
      for implementation in implementations {
        let count = total(on: implementation)
        if count.total > 0, Double(count.covered) * 100 < minimum * Double(count.total) {
          failures.append(
            "'\(implementation)' covers \(Self.percent(count)) (\(count.covered) of \(count.total) items), below --min \(Self.number(minimum))%"
          )
        }
      }
    }
    for category in required {
      for feature in features {
        for (item, coveredBy, missedBy) in feature.items where item.category == category {
          let missing = coveredBy.isEmpty ? implementations.filter(feature.measures) : missedBy
          guard !missing.isEmpty else { continue }
          failures.append(
            "--require \(category.rawValue): \(Self.file(of: item, in: feature)): \(item.name) is not covered on \(missing.joined(separator: ", "))"
          )
        }
      }
    }
    return failures
  }

  /// `90`, `99.5`: a number as the user wrote it, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
