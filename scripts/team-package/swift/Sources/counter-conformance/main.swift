import ConformanceCLI
import CounterFeature
await ConformanceCommand.main(swift: [CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState())], name: "ios")
