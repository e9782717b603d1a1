import Foundation

// MARK: - StoreCore

/// The lock-protected machinery behind a ``Store``: state, ``Store/states`` subscribers, in-flight effect
/// tasks, cancellation ids and ``Store/finish()`` waiters.
///
/// Every `private var` below is read and written only inside ``withLock(_:)``. While the lock is held the
/// only foreign code that runs is the reducer (pure, by contract) and `AsyncStream.Continuation.yield`,
/// which never calls back. Cancelling tasks, finishing streams and resuming waiters can run arbitrary
/// handlers synchronously, so they are collected in an ``Aftermath`` and performed after unlocking.
/// That is what makes the `@unchecked Sendable` sound.
final class StoreCore<State: Sendable, Action: Sendable, Effect: EffectIdentifying>: @unchecked Sendable {
  private let reducer: any Reducer<State, Action, Effect>
  private let runner: any StreamingEffectRunner<Effect, Action>
  private let taskStarter: TaskStarter
  private let lock = NSLock()

  private var currentState: State
  private var isCancelled = false
  private var lastID = 0
  private var subscribers: [Int: AsyncStream<State>.Continuation] = [:]
  /// Effect tasks whose body has not ended, by token; cancelled ones stay until their runner returns.
  private var running: [Int: RunningEffect<Effect>] = [:]
  /// The live (not cancelled) effect tokens registered under each cancellation id, oldest first.
  private var liveTokens: [String: [Int]] = [:]
  private var waiters: [Int: Waiter] = [:]
  /// The actions effects sent back since the last ``takeReceived()``, when recording (runtime scenarios); `nil` when
  /// not recording, so a store in an app keeps no log.
  private var received: [Action]?

  init(
    initialState: State,
    reducer: some Reducer<State, Action, Effect>,
    runner: some StreamingEffectRunner<Effect, Action>,
    taskStarter: TaskStarter
  ) {
    self.currentState = initialState
    self.reducer = reducer
    self.runner = runner
    self.taskStarter = taskStarter
  }

  // MARK: - State

  var state: State {
    withLock { _ in currentState }
  }

  /// Returns a stream that yields the current state at once, then each new state, until cancellation.
  func subscribe() -> AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .unbounded)
    let id = withLock { _ in nextID() }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    let isOpen = withLock { _ in
      continuation.yield(currentState)
      if !isCancelled { subscribers[id] = continuation }
      return !isCancelled
    }
    if !isOpen { continuation.finish() }
    return stream
  }

  private func unsubscribe(_ id: Int) {
    withLock { _ in subscribers[id] = nil }
  }

  // MARK: - Actions and effects

  /// Applies `action` and starts its effects; returns the origin id that tags them (and their follow-ups).
  func send(_ action: Action) -> Int {
    withLock { aftermath in
      let origin = nextID()
      if !isCancelled { apply([action], origin: origin, into: &aftermath) }
      return origin
    }
  }

  /// Called by an effect's ``Send``: applies `actions` unless the effect was cancelled or has ended.
  private func deliver(token: Int, actions: [Action]) {
    withLock { aftermath in
      guard let effect = running[token], effect.isLive, !isCancelled else { return }
      received?.append(contentsOf: actions)
      apply(actions, origin: effect.origin, into: &aftermath)
    }
  }

  /// Called by an effect task when its runner has returned or thrown.
  private func complete(token: Int) {
    withLock { _ in
      guard let effect = running.removeValue(forKey: token), effect.isLive else { return }
      if let id = effect.cancellationID { unregister(token: token, id: id) }
    }
  }

  // MARK: - Inspection (runtime scenarios)

  /// Starts keeping the actions effects send back, for ``takeReceived()``.
  func recordReceived() {
    withLock { _ in if received == nil { received = [] } }
  }

  /// The actions effects sent back (and the store applied) since the last call, in the order applied; empty when
  /// not recording.
  func takeReceived() -> [Action] {
    withLock { _ in
      defer { if received != nil { received = [] } }
      return received ?? []
    }
  }

  /// The effects still running and not cancelled, in start order.
  var effectsInFlight: [Effect] {
    withLock { _ in running.sorted { $0.key < $1.key }.compactMap { $0.value.isLive ? $0.value.effect : nil } }
  }

  // MARK: - Cancellation

  /// Cancels every effect, finishes every stream and makes later sends no-ops. Idempotent.
  func cancelAll() {
    withLock { aftermath in
      isCancelled = true
      for token in running.keys { cancel(token: token, into: &aftermath) }
      aftermath.streamsToFinish += subscribers.values
      subscribers = [:]
    }
  }

  // MARK: - Lock-held helpers (call only inside `withLock`)

  private func nextID() -> Int {
    lastID += 1
    return lastID
  }

  private func apply(_ actions: [Action], origin: Int, into aftermath: inout Aftermath<State>) {
    for action in actions {
      let effects = reducer.reduce(into: &currentState, action: action)
      for subscriber in subscribers.values { subscriber.yield(currentState) }
      for effect in effects { start(effect, origin: origin, into: &aftermath) }
    }
  }

  private func start(_ effect: Effect, origin: Int, into aftermath: inout Aftermath<State>) {
    if let id = effect.cancelledID {
      cancelLive(id: id, into: &aftermath)
      return
    }
    let token = nextID()
    if let id = effect.cancellationID {
      if effect.cancelsInFlight { cancelLive(id: id, into: &aftermath) }
      liveTokens[id, default: []].append(token)
    }
    // The task cannot reach `deliver` or `complete` before it is registered below: that needs the lock we hold.
    let send = Send<Action>(batch: { [weak self] actions in self?.deliver(token: token, actions: actions) })
    let task = taskStarter.start { [weak self, runner] in
      try? await runner.run(effect, send: send)
      self?.complete(token: token)
    }
    running[token] = RunningEffect(
      task: task, effect: effect, origin: origin, cancellationID: effect.cancellationID, isLive: true)
  }

  /// Cancels every live effect under `id` (TCA's `Effect.cancel(id:)` and `cancelInFlight`).
  private func cancelLive(id: String, into aftermath: inout Aftermath<State>) {
    for token in liveTokens[id] ?? [] { cancel(token: token, into: &aftermath) }
  }

  private func unregister(token: Int, id: String) {
    liveTokens[id]?.removeAll { $0 == token }
    if liveTokens[id]?.isEmpty == true { liveTokens[id] = nil }
  }

  /// Marks an effect cancelled (its results will be dropped) and schedules its task's cancellation.
  private func cancel(token: Int, into aftermath: inout Aftermath<State>) {
    guard var effect = running[token], effect.isLive else { return }
    effect.isLive = false
    running[token] = effect
    if let id = effect.cancellationID { unregister(token: token, id: id) }
    aftermath.tasksToCancel.append(effect.task)
  }

  private func isQuiescent(origin: Int?) -> Bool {
    guard let origin else { return running.isEmpty }
    return !running.values.contains { $0.origin == origin }
  }

  private func releaseSatisfiedWaiters(into aftermath: inout Aftermath<State>) {
    for (id, waiter) in waiters where isQuiescent(origin: waiter.origin) {
      waiters[id] = nil
      if case .waiting(_, let continuation) = waiter { aftermath.waitersToResume.append(continuation) }
    }
  }

  // MARK: - Locking

  /// Runs `body` with the lock held, then releases satisfied waiters, unlocks, and performs the
  /// aftermath (task cancellation, stream finishing, waiter resumption) outside the lock.
  private func withLock<Result>(_ body: (inout Aftermath<State>) -> Result) -> Result {
    var aftermath = Aftermath<State>()
    lock.lock()
    let result = body(&aftermath)
    releaseSatisfiedWaiters(into: &aftermath)
    lock.unlock()
    aftermath.perform()
    return result
  }
}

// MARK: - EffectTracking

extension StoreCore: EffectTracking {
  func waitForEffects(origin: Int?, cancellingOnTaskCancellation: Bool) async {
    let waiterID = withLock { _ in
      let id = nextID()
      waiters[id] = .pending(origin: origin)
      return id
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        register(continuation, waiterID: waiterID)
      }
    } onCancel: {
      if cancellingOnTaskCancellation, let origin { cancelEffects(origin: origin) }
      abandonWaiter(waiterID)
    }
  }

  func cancelEffects(origin: Int) {
    withLock { aftermath in
      for (token, effect) in running where effect.origin == origin {
        cancel(token: token, into: &aftermath)
      }
    }
  }

  /// Parks a pending waiter, or resumes it at once if it was released or abandoned in the meantime.
  private func register(_ continuation: CheckedContinuation<Void, Never>, waiterID: Int) {
    let resumeNow = withLock { _ in
      guard case .pending(let origin) = waiters[waiterID] else { return true }
      if isQuiescent(origin: origin) {
        waiters[waiterID] = nil
        return true
      }
      waiters[waiterID] = .waiting(origin: origin, continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  private func abandonWaiter(_ waiterID: Int) {
    withLock { aftermath in
      if case .waiting(_, let continuation) = waiters.removeValue(forKey: waiterID) {
        aftermath.waitersToResume.append(continuation)
      }
    }
  }
}

// MARK: - Bookkeeping types

/// One effect task: live until cancelled or ended; kept after cancellation until its body ends.
private struct RunningEffect<Effect> {
  let task: Task<Void, Never>
  let effect: Effect
  let origin: Int
  let cancellationID: String?
  var isLive: Bool
}

/// A ``StoreCore/waitForEffects(origin:cancellingOnTaskCancellation:)`` call, before and after it parks.
private enum Waiter {
  case pending(origin: Int?)
  case waiting(origin: Int?, CheckedContinuation<Void, Never>)

  var origin: Int? {
    switch self {
    case .pending(let origin), .waiting(let origin, _): origin
    }
  }
}

/// Work collected under the lock and performed after it is released, because each step may run
/// handlers that call back into the store.
private struct Aftermath<Element: Sendable> {
  var tasksToCancel: [Task<Void, Never>] = []
  var streamsToFinish: [AsyncStream<Element>.Continuation] = []
  var waitersToResume: [CheckedContinuation<Void, Never>] = []

  func perform() {
    for task in tasksToCancel { task.cancel() }
    for stream in streamsToFinish { stream.finish() }
    for waiter in waitersToResume { waiter.resume() }
  }
}
