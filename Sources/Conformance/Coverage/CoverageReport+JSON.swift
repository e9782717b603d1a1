// MARK: - JSON

extension CoverageReport {
  /// The JSON report (`Conformance/schema/coverage.schema.json`), one compact object with sorted keys:
  ///
  /// ```json
  /// {"features": [{"feature": "login", "manifest": "…/login.json", "spec": "…/login.md", "scenarios": 97,
  ///   "ran": {"swift": 97}, "categories": [{"category": "actions", "countsInTotal": true, "total": 15,
  ///   "covered": {"swift": 15}}, …], "items": [{"category": "actions", "name": "actions.submit",
  ///   "file": "…/login.json", "coveredBy": ["swift"], "missedBy": []}, …]}],
  ///  "gate": {"min": 90, "require": ["rules"], "passed": true, "failures": []},
  ///  "format": "udf-conformance-coverage", "implementations": ["swift"],
  ///  "totals": {"swift": {"covered": 140, "total": 150, "percent": 93.3}}, "version": 1}
  /// ```
  ///
  /// `percent` is rounded down to one decimal, as the text shows it; `min` is `null` without `--min`. A shard's report
  /// (`--shard 2/3`) adds `"shard": {"index": 2, "total": 3}`: its numbers count that shard's scenarios only.
  package func json(minimum: Double?, required: [CoverageItem.Category], failures: [String]) -> String {
    let totals = implementations.map { name in (name, Self.count(total(on: name))) }
    var members: [(String, JSONValue)] = [
      ("format", "udf-conformance-coverage"),
      ("version", 1),
      ("implementations", .array(implementations.map { .string($0) })),
      ("totals", Self.object(totals)),
      ("features", .array(features.map(featureJSON))),
      (
        "gate",
        [
          "min": minimum.map { .number(.double($0)) } ?? .null,
          "require": .array(required.map { .string($0.rawValue) }),
          "passed": .bool(failures.isEmpty),
          "failures": .array(failures.map { .string($0) }),
        ]
      ),
    ]
    if let shard {
      members.append(
        ("shard", ["index": .number(.integer(Int64(shard.index))), "total": .number(.integer(Int64(shard.total)))]))
    }
    return JSONRenderer.compact(Self.object(members)) + "\n"
  }

  private func featureJSON(_ feature: Feature) -> JSONValue {
    let categories = categories(of: feature).map { category -> JSONValue in
      [
        "category": .string(category.rawValue),
        "countsInTotal": .bool(category.countsInTotal),
        "total": .number(.integer(Int64(count(feature, category, on: implementations.first ?? "").total))),
        "covered": Self.object(
          implementations.filter(feature.measures).map {
            ($0, .number(.integer(Int64(count(feature, category, on: $0).covered))))
          }),
      ]
    }
    let items = feature.items.map { item, coveredBy, missedBy -> JSONValue in
      [
        "category": .string(item.category.rawValue), "name": .string(item.name),
        "file": .string(Self.file(of: item, in: feature)), "coveredBy": .array(coveredBy.map { .string($0) }),
        "missedBy": .array(missedBy.map { .string($0) }),
      ]
    }
    return [
      "feature": .string(feature.universe.feature),
      "manifest": .string(feature.universe.manifestFile),
      "spec": feature.universe.specFile.map { .string($0) } ?? .null,
      "scenarios": .number(.integer(Int64(feature.scenarios))),
      "ran": Self.object(implementations.map { ($0, .number(.integer(Int64(feature.ran[$0] ?? 0)))) }),
      "categories": .array(categories),
      "items": .array(items),
    ]
  }

  /// `{"covered": 140, "total": 150, "percent": 93.3}`.
  private static func count(_ count: (covered: Int, total: Int)) -> JSONValue {
    let tenths = count.total == 0 ? 1000 : count.covered * 1000 / count.total
    return [
      "covered": .number(.integer(Int64(count.covered))), "total": .number(.integer(Int64(count.total))),
      "percent": .number(.double(Double(tenths) / 10)),
    ]
  }

  private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(unsortedMembers: members.map { (key: $0.0, value: $0.1) }))
  }
}
