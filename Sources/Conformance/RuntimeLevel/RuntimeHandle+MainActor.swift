// MARK: - A main-actor view model

extension RuntimeHandle where State: Sendable {
  /// A handle on a runtime isolated to the main actor: a `@MainActor` view model (`@Observable` or
  /// `ObservableObject`) that starts its effects with plain `Task {}`, driven without restructuring it.
  ///
  /// Build it in the `mainActor:` closure of ``CodableRuntime/init(_:initialState:mainActor:)``. The driver runs
  /// each operation as a main-actor job on its own thread, and every task the view model starts (main-actor ones
  /// included) waits on ``RuntimeEnvironment/executor`` until the step settles (docs/runtime-scenarios.md, "What runs
  /// where"):
  ///
  /// ```swift
  /// CodableRuntime("login", initialState: LoginState(), mainActor: { state, environment in
  ///   let model = LoginScreenViewModel(
  ///     state: state, client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
  ///   return RuntimeHandle(mainActor: model.send, state: { model.state }, clear: model.clear)
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - send: Sends an action (intent) to the view model, as a user's tap would.
  ///   - state: Reads the current state.
  ///   - clear: Tears the owner down, as ``init(send:state:clear:)``'s `clear`; a second call must do nothing.
  @MainActor
  public init(
    mainActor send: @escaping @MainActor (Action) -> Void, state: @escaping @MainActor () -> State,
    clear: @escaping @MainActor () -> Void
  ) {
    // The driver calls these only from a job it runs as the main actor, so the assumption holds; anywhere else it
    // traps at once rather than racing the main thread.
    self.init(
      send: { action in MainActor.assumeIsolated { send(action) } },
      state: { MainActor.assumeIsolated { state() } },
      clear: { MainActor.assumeIsolated { clear() } },
      received: nil, inFlight: nil, isMainActor: true)
  }
}
