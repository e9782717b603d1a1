// swift-tools-version: 6.0
// A team's own package with one feature, put under conformance through UDF Conformance's public API only
// (README, "Put your own feature under conformance"). scripts/test-team-package copies it into a temporary folder,
// points the dependency at this repository and checks that its scenarios pass and fail as they should.
import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "UDF_CONFORMANCE_ID", path: "UDF_CONFORMANCE_PATH")],
  targets: [
    .target(
      name: "CounterFeature", dependencies: [.product(name: "UnidirectionalFlow", package: "UDF_CONFORMANCE_ID")]),
    // The store under runtime scenarios: a scripted storage over the scenario's RuntimeEnvironment.
    .target(
      name: "CounterRuntime",
      dependencies: [
        "CounterFeature", .product(name: "Conformance", package: "UDF_CONFORMANCE_ID"),
        .product(name: "UnidirectionalFlow", package: "UDF_CONFORMANCE_ID"),
      ]),
    .executableTarget(
      name: "counter-conformance",
      dependencies: [
        "CounterFeature", "CounterRuntime", .product(name: "ConformanceCLI", package: "UDF_CONFORMANCE_ID"),
      ]),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature", "CounterRuntime", .product(name: "ConformanceTesting", package: "UDF_CONFORMANCE_ID"),
      ]),
  ]
)
