// `conformance-viewmodel`, an example and not a product: the `conformance` tool with login's and the inbox's runtimes
// served by LoginScreenViewModel and InboxScreenModel, `@MainActor` view models whose effects are plain `Task {}`, as
// implementation `swift-viewmodel` (Conformance/implementations.json runs it over the harness protocol, runtime level
// only).
import ConformanceCLI
import InboxScreenModel
import LoginScreenViewModel

await ConformanceCommand.main(
  swift: [], runtimes: [loginScreenViewModelRuntime, inboxScreenModelRuntime], name: "swift-viewmodel")
