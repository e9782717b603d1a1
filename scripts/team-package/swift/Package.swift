// swift-tools-version: 6.0
// A team's own package with one feature, put under conformance through UDF Conformance's public API only
// (README, "Put your own feature under conformance", which shows parts of this file). scripts/test-team-package copies
// it into a temporary folder beside a link to this repository named udf-conformance, and checks that its scenarios
// pass and fail as they should.
import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS(.v13)],  // this package's minimum; iOS needs nothing extra
  dependencies: [.package(name: "udf-conformance", path: "../udf-conformance")],  // any folder name: `name:` fixes `package:`
  targets: [
    .target(
      name: "CounterFeature", dependencies: [.product(name: "UnidirectionalFlow", package: "udf-conformance")]),
    // The store under runtime scenarios: a scripted storage over the scenario's RuntimeEnvironment.
    .target(
      name: "CounterRuntime",
      dependencies: [
        "CounterFeature", .product(name: "Conformance", package: "udf-conformance"),
        .product(name: "UnidirectionalFlow", package: "udf-conformance"),
      ]),
    .executableTarget(
      name: "counter-conformance",
      dependencies: [
        "CounterFeature", "CounterRuntime", .product(name: "ConformanceCLI", package: "udf-conformance"),
      ]),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature", "CounterRuntime", .product(name: "ConformanceTesting", package: "udf-conformance"),
      ]),
  ]
)
