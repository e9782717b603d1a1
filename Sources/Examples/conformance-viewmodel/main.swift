// `conformance-viewmodel`, an example and not a product: the `conformance` tool with login's runtime served by
// LoginScreenViewModel, a `@MainActor` view model whose effects are plain `Task {}`, as implementation
// `swift-viewmodel` (Conformance/implementations.json runs it over the harness protocol, runtime level only).
import ConformanceCLI
import LoginScreenViewModel

await ConformanceCommand.main(swift: [], runtimes: [loginScreenViewModelRuntime], name: "swift-viewmodel")
