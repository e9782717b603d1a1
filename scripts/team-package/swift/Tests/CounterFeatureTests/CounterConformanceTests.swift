import ConformanceTesting
import CounterFeature
import CounterRuntime
import Testing

// Each scenario runs on the reducer and on the store; the one not of the scenario's level is not applicable.
@Test(arguments: ConformanceScenario.all(feature: "counter"))
func counter(_ scenario: ConformanceScenario) async {
  await scenario.check(CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState()))
  await scenario.check(counterRuntime)
}
