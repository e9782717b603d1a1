import ConformanceCLI
import CounterFeature
import CounterRuntime

await ConformanceCommand.main(
  swift: [CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState())],
  runtimes: [counterRuntime], name: "ios")
