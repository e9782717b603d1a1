import ConformanceTesting
import CounterFeature
import CounterRuntime
import Testing

// Each scenario runs on the adapter of its level: the reducer, or the store with scripted dependencies.
@Test(arguments: ConformanceScenario.all(feature: "counter"))
func counter(_ scenario: ConformanceScenario) async {
  await scenario.check(
    CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState()), runtime: counterRuntime)
}
