// swift-tools-version: 6.0
// UDF Conformance: one set of language-neutral JSON scenarios, run against the Swift and Kotlin
// implementations of the same screen logic, with a `conformance` command that gates CI on parity.
import PackageDescription

let package = Package(
  name: "UDFConformance",
  platforms: [.macOS(.v13)],
  // What a team uses. The bundled login and signup features are targets the `conformance` executable serves, not
  // products; the examples below are built with the package and ship in no product.
  products: [
    .library(name: "UnidirectionalFlow", targets: ["UnidirectionalFlow"]),
    .library(name: "Conformance", targets: ["Conformance"]),
    .library(name: "ConformanceCLI", targets: ["ConformanceCLI"]),
    .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
    .executable(name: "conformance", targets: ["ConformanceTool"]),
  ],
  targets: [
    .target(name: "UnidirectionalFlow"),
    .target(name: "LoginFeature", dependencies: ["UnidirectionalFlow"]),
    .target(name: "SignupFeature", dependencies: ["UnidirectionalFlow"]),
    .target(name: "TimerFeature", dependencies: ["UnidirectionalFlow"]),
    .target(name: "InboxFeature", dependencies: ["UnidirectionalFlow"]),
    // The generic core knows no feature: the bundled ones are registered by the executable, as a team's would be.
    .target(name: "Conformance", dependencies: ["UnidirectionalFlow", "CProcessControl"]),
    // prctl(PR_SET_CHILD_SUBREAPER), which Swift cannot call (it is variadic in C).
    .target(name: "CProcessControl"),
    .target(name: "ConformanceCLI", dependencies: ["Conformance"]),
    // Swift Testing integration: one test case per scenario file, failures placed in the JSON file.
    .target(name: "ConformanceTesting", dependencies: ["Conformance"]),
    .executableTarget(
      name: "ConformanceTool",
      dependencies: [
        "ConformanceCLI", "InboxRuntime", "LoginFeature", "LoginRuntime", "SignupFeature", "TimerFeature",
        "TimerRuntime",
      ]),
    // The login store under runtime scenarios, written as a team writes its runtime adapter.
    .target(name: "LoginRuntime", dependencies: ["Conformance", "LoginFeature", "UnidirectionalFlow"]),
    // The timer store (a long-living effect on the scenario's clock) under runtime scenarios.
    .target(name: "TimerRuntime", dependencies: ["Conformance", "TimerFeature", "UnidirectionalFlow"]),
    // The inbox store (work at creation, the screen's task, a stream dependency, navigation events) under runtime
    // scenarios.
    .target(name: "InboxRuntime", dependencies: ["Conformance", "InboxFeature", "UnidirectionalFlow"]),
    // Examples, as swift-argument-parser keeps its own: the FeatureCodec escape hatch written by hand for login, and
    // the `conformance` tool with login registered through it. The tests and scripts/bench compare it with the bridge.
    .target(
      name: "HandwrittenLoginCodec", dependencies: ["Conformance", "LoginFeature"],
      path: "Sources/Examples/HandwrittenLoginCodec"),
    .executableTarget(
      name: "conformance-handwritten", dependencies: ["ConformanceCLI", "HandwrittenLoginCodec", "LoginFeature"],
      path: "Sources/Examples/conformance-handwritten"),
    // Login written as an iOS team writes a view model (`@MainActor`, `@Observable`, plain `Task {}`), and the tool
    // that serves it as `swift-viewmodel` at the runtime level.
    .target(
      name: "LoginScreenViewModel", dependencies: ["Conformance", "LoginFeature", "LoginRuntime"],
      path: "Sources/Examples/LoginScreenViewModel"),
    // The inbox written the same way, with a phase enum holding the retry callback, projected onto the neutral state.
    .target(
      name: "InboxScreenModel", dependencies: ["Conformance", "InboxFeature", "InboxRuntime"],
      path: "Sources/Examples/InboxScreenModel"),
    .executableTarget(
      name: "conformance-viewmodel", dependencies: ["ConformanceCLI", "LoginScreenViewModel", "InboxScreenModel"],
      path: "Sources/Examples/conformance-viewmodel"),
    // The `conformance` tool with reducers that trap: the CLI tests' planted crashes (not a product).
    .executableTarget(
      name: "TrappingConformanceTool",
      dependencies: ["ConformanceCLI", "LoginFeature", "SignupFeature", "UnidirectionalFlow"],
      path: "Tests/TrappingConformanceTool"),
    // The seeded login mutants `conformance fuzz` must find: shared by the fuzz tests and FuzzBenchTool (not a product).
    .target(
      name: "FuzzMutants", dependencies: ["Conformance", "LoginFeature", "UnidirectionalFlow"],
      path: "Tests/FuzzMutants"),
    // The measurements of scripts/bench-fuzz that need fuzz in process, as a tool rather than a test that is skipped
    // unless an environment variable is set (not a product).
    .executableTarget(
      name: "FuzzBenchTool",
      dependencies: ["ConformanceCLI", "FuzzMutants", "LoginFeature", "SignupFeature"],
      path: "Tests/FuzzBenchTool"),
    // Throwaway folders for the tests, removed when the test process exits.
    .target(name: "TestScratch", path: "Tests/TestScratch"),
    .testTarget(name: "UnidirectionalFlowTests", dependencies: ["UnidirectionalFlow"]),
    .testTarget(name: "LoginFeatureTests", dependencies: ["LoginFeature", "Conformance"]),
    .testTarget(name: "LoginRuntimeTests", dependencies: ["LoginRuntime", "Conformance", "LoginFeature"]),
    .testTarget(name: "SignupFeatureTests", dependencies: ["SignupFeature"]),
    .testTarget(name: "InboxFeatureTests", dependencies: ["InboxFeature", "UnidirectionalFlow"]),
    .testTarget(
      name: "InboxRuntimeTests", dependencies: ["InboxRuntime", "InboxFeature", "Conformance", "UnidirectionalFlow"]),
    .testTarget(
      name: "TimerRuntimeTests", dependencies: ["TimerRuntime", "TimerFeature", "Conformance", "UnidirectionalFlow"]),
    .testTarget(
      name: "ConformanceTestingTests",
      dependencies: [
        "ConformanceTesting", "Conformance", "LoginFeature", "LoginRuntime", "SignupFeature", "TimerFeature",
        "TimerRuntime", "TestScratch",
      ]),
    .testTarget(
      name: "ConformanceTests",
      dependencies: [
        "Conformance", "LoginFeature", "LoginRuntime", "SignupFeature", "HandwrittenLoginCodec",
        "UnidirectionalFlow", "TestScratch",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ConformanceCLITests",
      dependencies: [
        "ConformanceCLI", "Conformance", "FuzzMutants", "InboxFeature", "InboxRuntime", "LoginFeature", "LoginRuntime",
        "SignupFeature", "TimerFeature", "TimerRuntime", "UnidirectionalFlow", "TestScratch",
      ]),
  ]
)
