import Conformance
import TimerFeature
import UnidirectionalFlow

// MARK: - The timer runtime under runtime scenarios

/// The timer feature's real runtime for runtime-level scenarios: a `Store` with ``TimerReducer`` and
/// ``TimerEffectRunner``, whose long-living timer effect runs on the scenario's executor and ticks on the scenario's
/// clock (timer.md TR1–TR4). The timer calls no dependency: only `advance` steps make it tick.
///
/// Registered with the `conformance` command beside the reducer-level adapter:
///
/// ```swift
/// await ConformanceCommand.main(
///   swift: [CodableFeature("timer", reducer: TimerReducer(), initialState: TimerState())],
///   runtimes: [timerRuntime])
/// ```
public let timerRuntime = CodableRuntime("timer", initialState: TimerState()) { state, environment in
  Store(
    initialState: state, reducer: TimerReducer(), effectRunner: TimerEffectRunner(clock: environment.clock),
    environment: environment)
}
