import Conformance
import LoginFeature
import LoginRuntime

// MARK: - The login view model under runtime scenarios

/// ``LoginScreenViewModel`` under login's runtime scenarios, plugged in as a team plugs in an existing `@MainActor`
/// view model: built on the main actor, its sign-in requests the scenario's scripted `authenticate` calls, its LR3
/// timeout on the scenario's clock. Nothing in the view model names the scenario's executor: the driver keeps its
/// plain `Task {}` work there (docs/runtime-scenarios.md, "What runs where").
///
/// ```swift
/// await ConformanceCommand.main(swift: [], runtimes: [loginScreenViewModelRuntime], name: "swift-viewmodel")
/// ```
public let loginScreenViewModelRuntime = CodableRuntime(
  "login", initialState: LoginState(),
  mainActor: { state, environment in
    let model = LoginScreenViewModel(
      state: state, client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
    return RuntimeHandle(mainActor: model.send, state: { model.state }, clear: model.clear)
  })
