import UnidirectionalFlow

// MARK: - RuntimeHandle

/// How a ``CodableRuntime`` drives one running instance of a team's runtime: send an action, read the state, clear
/// the owner. Built by the closure given to ``CodableRuntime``, once per scenario.
///
/// For this package's ``Store``, use ``init(store:)`` (or ``CodableRuntime``'s `store:` initializer). For any other
/// runtime, give the three operations:
///
/// ```swift
/// // A TCA store whose effects run on environment.executor and sleep on environment.clock:
/// RuntimeHandle(
///   send: { store.send($0) },
///   state: { store.withState { $0 } },
///   clear: { cancellable.cancel() })
/// ```
///
/// The operations run on the scenario driver's thread, one at a time, never concurrently with the runtime's tasks.
public struct RuntimeHandle<State, Action> {
  let send: (Action) -> Void
  let state: () -> State
  let clear: () -> Void
  /// Whether the operations are isolated to the main actor, so that the driver must run them as main-actor jobs.
  let isMainActor: Bool
  /// The actions effects sent back since the last call; `nil` when the runtime does not report them.
  let received: (() -> [Action])?
  /// The effects in flight, with their cancellation ids; `nil` when the runtime does not report them.
  let inFlight: (() -> [(effect: any Sendable, id: String?)])?
  /// The screen's work while it shows (``task(_:)``): run as a task at `appear`, cancelled at `disappear`.
  var task: (() async -> Void)?
  /// Listens to the runtime's one-off events while the screen shows (``events(_:)``), handing each to `deliver`.
  var listen: ((_ deliver: @escaping (any Encodable) -> Void) async -> Void)?

  /// Creates a handle from the three operations.
  ///
  /// - Parameters:
  ///   - send: Sends an action (intent) to the store or view model, as a user's tap would.
  ///   - state: Reads the current state.
  ///   - clear: Tears the owner down (`clear` step, login.md LR5): cancels everything in flight; later sends change
  ///     nothing and start nothing. The state stays readable. The driver also calls it when the scenario ends, so a
  ///     second call must do nothing.
  ///   - received: The actions the runtime's effects sent back since the last call, in the order applied (TCA's
  ///     `TestStore.receive`), reported when the adapter is created with ``CodableRuntime``'s `reportsReceived: true`;
  ///     `nil` (the default) when the runtime has no actions for results, and then a scenario's `expect.received` is
  ///     reported as not applicable (Conformance/README.md §14).
  public init(
    send: @escaping (Action) -> Void, state: @escaping () -> State, clear: @escaping () -> Void,
    received: (() -> [Action])? = nil
  ) {
    self.init(send: send, state: state, clear: clear, received: received, inFlight: nil, isMainActor: false)
  }

  init(
    send: @escaping (Action) -> Void, state: @escaping () -> State, clear: @escaping () -> Void,
    received: (() -> [Action])?, inFlight: (() -> [(effect: any Sendable, id: String?)])?, isMainActor: Bool
  ) {
    self.send = send
    self.state = state
    self.clear = clear
    self.received = received
    self.inFlight = inFlight
    self.isMainActor = isMainActor
  }
}

// MARK: - Store

extension RuntimeHandle where State: Sendable, Action: Sendable {
  /// A handle on a ``Store``: `send` is ``Store/send(_:)``, `state` is ``Store/state``, and `clear` is
  /// ``Store/cancel()`` (what releasing the store does), after which the store ignores every send. It reports the
  /// actions effects send back and the effects in flight (Conformance/README.md §14).
  ///
  /// The store should run its effects on ``RuntimeEnvironment/executor`` (its `executor:` parameter), or the
  /// scenario cannot see their work.
  ///
  /// - Parameter store: The store to drive; the handle keeps it alive until the scenario ends.
  public init<Effect: EffectIdentifying>(store: Store<State, Action, Effect>) {
    store.recordReceivedActions()
    self.init(
      send: { store.send($0) }, state: { store.state }, clear: { store.cancel() },
      received: { store.takeReceivedActions() },
      inFlight: { store.effectsInFlight.map { (effect: $0 as any Sendable, id: $0.cancellationID) } },
      isMainActor: false)
  }
}
