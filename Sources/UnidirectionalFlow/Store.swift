// MARK: - Store

/// Holds a feature's state, the single source of truth, applies actions to it through a ``Reducer`` and
/// runs the effects the reducer returns through an ``EffectRunner`` (or a ``StreamingEffectRunner``, for
/// effects that send many actions over time).
///
/// The loop is TCA's, with effects as values:
///
/// 1. ``send(_:)`` applies the action with the reducer, publishes the new state to every ``states``
///    subscriber and starts one task per returned effect (cancel commands cancel instead, see
///    ``EffectIdentifying``).
/// 2. Each effect task calls ``StreamingEffectRunner/run(_:send:)``; each action it sends is applied at
///    once, as if sent, unless the effect was cancelled or has ended, in which case it is dropped. An
///    ``EffectRunner``'s actions are sent together when its ``EffectRunner/run(_:)`` returns.
/// 3. ``cancel()``, or releasing the last reference to the store, cancels every in-flight effect,
///    finishes every ``states`` stream and ignores later sends.
///
/// ```swift
/// let store = Store(
///   initialState: LoginState(),
///   reducer: LoginReducer(),
///   effectRunner: LoginEffectRunner(client: client)
/// )
/// store.send(.emailChanged("ada@example.com"))
/// await store.send(.submit).finish()
/// ```
///
/// ## Why a `final class` and not an `actor`
///
/// The store is a `final class` whose mutable parts live behind one lock, so:
/// - ``send(_:)`` is synchronous and applies the action before it returns, from any thread. The order in
///   which a caller sends is the order in which actions are applied (TCA's `Store.send` is synchronous on
///   the main actor for the same reason). An actor would make `send` `async`, and two sends from
///   different tasks would be ordered by when each hop to the actor is scheduled.
/// - ``state`` is a plain synchronous read, as `StateFlow.value` is on Kotlin.
/// - `deinit` can cancel in-flight effects synchronously, because effect tasks hold the store's machinery
///   only weakly: releasing the store is enough to stop its work.
///
/// The reducer runs with the lock held, which is what makes actions apply one at a time; it must not call
/// back into the store. Runners, stream consumers and cancellation handlers never run with the lock held.
public final class Store<State: Sendable, Action: Sendable, Effect: EffectIdentifying>: Sendable {
  let core: StoreCore<State, Action, Effect>

  // MARK: - Creating a store

  /// Creates a store that starts from `initialState`, running its effect tasks on the global concurrent executor.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action is sent.
  ///   - reducer: Applies actions to the state and returns effects.
  ///   - effectRunner: Performs the effects and sends the actions they produce (an ``EffectRunner`` or a
  ///     ``StreamingEffectRunner``).
  public init(
    initialState: State,
    reducer: some Reducer<State, Action, Effect>,
    effectRunner: some StreamingEffectRunner<Effect, Action>
  ) {
    core = StoreCore(initialState: initialState, reducer: reducer, runner: effectRunner, taskStarter: .global)
  }

  /// Creates a store that starts from `initialState`, running its effect tasks on `executor`.
  ///
  /// Runtime scenarios pass a manual executor here, so that every effect runs only when the scenario settles a step:
  ///
  /// ```swift
  /// Store(initialState: LoginState(), reducer: LoginReducer(), effectRunner: runner, executor: environment.executor)
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state before any action is sent.
  ///   - reducer: Applies actions to the state and returns effects.
  ///   - effectRunner: Performs the effects and sends the actions they produce (an ``EffectRunner`` or a
  ///     ``StreamingEffectRunner``).
  ///   - executor: The executor the effect tasks prefer (`Task(executorPreference:)`, SE-0417); the child tasks they
  ///     start (task groups, `async let`) inherit the preference. `nil` runs them on the global concurrent executor.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  public init(
    initialState: State,
    reducer: some Reducer<State, Action, Effect>,
    effectRunner: some StreamingEffectRunner<Effect, Action>,
    executor: (any TaskExecutor)?
  ) {
    core = StoreCore(
      initialState: initialState, reducer: reducer, runner: effectRunner, taskStarter: .preferring(executor))
  }

  deinit {
    core.cancelAll()
  }

  // MARK: - Reading state

  /// The current state.
  ///
  /// Reflects every action applied so far, including those sent back by effects.
  public var state: State {
    core.state
  }

  /// A new stream of states: the current state first, then the state after each applied action.
  ///
  /// The analogue of Kotlin's `StateFlow`, with two differences: every state is delivered in order
  /// (nothing is conflated; the buffer is unbounded), and a state is yielded after every applied action,
  /// even one that left it unchanged. Each access returns an independent stream, so any number of
  /// subscribers can observe at once. Streams finish when the store is cancelled or released; a stream
  /// obtained after that yields the final state and finishes. Stop iterating (or cancel the iterating
  /// task) to unsubscribe; a stream that is obtained but never iterated stays subscribed, buffering
  /// states, until the store is cancelled or released.
  public var states: AsyncStream<State> {
    core.subscribe()
  }

  // MARK: - Sending actions

  /// Applies an action now and starts the effects it returns.
  ///
  /// The action is applied before this method returns. Actions sent back by effects are applied later,
  /// one at a time, in the order each effect sends them. After ``cancel()`` the action is ignored.
  ///
  /// - Parameter action: The action to apply.
  /// - Returns: A handle on the effects this action started, including effects started by the actions
  ///   those effects send back. Await ``StoreTask/finish()`` to wait for them, or discard it.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(origin: core.send(action), tracker: core)
  }

  // MARK: - Waiting and cancelling

  /// Waits until no effect is running, for tests and for shutdown.
  ///
  /// Returns once every effect task has ended, including cancelled effects whose runner has not yet
  /// stopped (their results are dropped, but the wait covers them, so that after `finish()` a late
  /// result has provably been discarded). Returns at once when nothing is running. If the calling task is
  /// cancelled, returns early without cancelling any effect.
  public func finish() async {
    await core.waitForEffects(origin: nil, cancellingOnTaskCancellation: false)
  }

  /// Cancels every in-flight effect, finishes every ``states`` stream and ignores every later send.
  ///
  /// Results of the cancelled effects are dropped. ``state`` stays readable. Calling it again does
  /// nothing. Releasing the last reference to the store does the same.
  public func cancel() {
    core.cancelAll()
  }
}
