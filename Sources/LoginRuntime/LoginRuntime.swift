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
  return Store(initialState: state, reducer: LoginReducer(), effectRunner: runner, environment: environment)
}
