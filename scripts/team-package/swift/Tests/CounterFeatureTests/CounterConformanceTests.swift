import ConformanceTesting
import CounterFeature
import Testing

@Test(arguments: ConformanceScenario.all(feature: "counter"))
func counter(_ scenario: ConformanceScenario) async {
  await scenario.check(CodableFeature("counter", reducer: CounterReducer(), initialState: CounterState()))
}
