import Conformance
import CounterFeature
import UnidirectionalFlow

/// The counter's storage under runtime scenarios: each save is the scripted call `save(count) → SaveResult`, which the
/// scenario's `respond` steps answer.
struct ScriptedCounterStorage: CounterStorage {
  let environment: RuntimeEnvironment

  func save(count: Int) async throws -> SaveResult {
    try await environment.call("save", arguments: ["count": count], returning: SaveResult.self)
  }
}

/// The counter's real store (``CounterReducer`` and ``CounterEffectRunner``) under runtime scenarios: its effects run
/// on the scenario's executor, its timeout sleeps on the scenario's clock and its saves are the scenario's scripted
/// calls.
public let counterRuntime = CodableRuntime("counter", initialState: CounterState()) { state, environment in
  let runner = CounterEffectRunner(storage: ScriptedCounterStorage(environment: environment), clock: environment.clock)
  return Store(initialState: state, reducer: CounterReducer(), effectRunner: runner, environment: environment)
}
