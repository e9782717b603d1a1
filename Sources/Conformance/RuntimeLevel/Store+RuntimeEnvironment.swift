import UnidirectionalFlow

// MARK: - A store under a runtime scenario

extension Store {
  /// Creates a store whose effect tasks run on the scenario's executor (``RuntimeEnvironment/executor``), so that a
  /// runtime-level scenario (scenario format v1.1) sees all of their work, deterministically.
  ///
  /// ```swift
  /// public let counterRuntime = CodableRuntime("counter", initialState: CounterState()) { state, environment in
  ///   Store(initialState: state, reducer: CounterReducer(),
  ///         effectRunner: CounterEffectRunner(storage: ScriptedCounterStorage(environment: environment),
  ///                                           clock: environment.clock),
  ///         environment: environment)
  /// }
  /// ```
  ///
  /// Task executors need macOS 15, iOS 18, watchOS 11, tvOS 18 or visionOS 2 (SE-0417). On an older system the store
  /// runs its effects on the global executor; the driver reports every runtime scenario there as errored at step 0
  /// without starting the runtime, so nothing runs nondeterministically.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action is sent (the scenario's `initialState`).
  ///   - reducer: Applies actions to the state and returns effects.
  ///   - effectRunner: Performs the effects, with the environment's scripted dependencies and clock.
  ///   - environment: The scenario's environment, whose executor runs the effect tasks.
  public convenience init(
    initialState: State,
    reducer: some Reducer<State, Action, Effect>,
    effectRunner: some StreamingEffectRunner<Effect, Action>,
    environment: RuntimeEnvironment
  ) {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
      self.init(
        initialState: initialState, reducer: reducer, effectRunner: effectRunner, executor: environment.executor)
    } else {
      self.init(initialState: initialState, reducer: reducer, effectRunner: effectRunner)
    }
  }
}
