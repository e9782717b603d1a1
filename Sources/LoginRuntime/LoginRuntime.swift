import Conformance
import LoginFeature
import UnidirectionalFlow

// MARK: - The login runtime under runtime scenarios

/// The login feature's real runtime for runtime-level scenarios: a `Store` with ``LoginReducer`` and
/// ``LoginEffectRunner``, whose effects run on the scenario's executor, whose LR3 timeout sleeps on the scenario's
/// clock, and whose authentication requests are the scenario's scripted `authenticate` calls.
///
/// Registered with the `conformance` command beside the reducer-level adapter:
///
/// ```swift
/// await ConformanceCommand.main(
///   swift: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())],
///   runtimes: [loginRuntime])
/// ```
public let loginRuntime = CodableRuntime("login", initialState: LoginState()) { state, environment in
  let runner = LoginEffectRunner(
    client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
  guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
    // Not reached: the driver runs no runtime scenario on a system without task executors.
    return Store(initialState: state, reducer: LoginReducer(), effectRunner: runner)
  }
  return Store(initialState: state, reducer: LoginReducer(), effectRunner: runner, executor: environment.executor)
}
