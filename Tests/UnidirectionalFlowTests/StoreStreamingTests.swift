import Foundation
import Testing
import UnidirectionalFlow

// MARK: - Store: long-living effects (StreamingEffectRunner)

@Suite(.timeLimit(.minutes(1)))
struct StoreStreamingTests {
  @Test func aLongLivingEffectSendsManyActionsInOrder() async {
    let runner = StreamingRunner()
    let store = RecordingStore(streaming: runner)
    let task = store.send(.start(1, id: "x"))
    for value in ["a", "b", "c"] { runner.input.yield(value) }
    runner.input.finish()
    await task.finish()
    #expect(store.state.log == ["start 1", "a", "b", "c"])
  }

  @Test func cancellingALongLivingEffectStopsItAndDropsLaterSends() async throws {
    let runner = StreamingRunner()
    let store = RecordingStore(streaming: runner)
    store.send(.start(1, id: "x"))
    runner.input.yield("a")
    await store.reaches { $0.log.last == "a" }
    let send = try #require(runner.sends.first)
    store.send(.cancel("x"))
    await store.finish()  // returns only once the effect has stopped
    send(.record("late"))
    runner.input.yield("b")
    #expect(store.state.log == ["start 1", "a", "cancel x"])
  }

  /// A runner that ignores cancellation and sends once more before it ends: the late send is dropped.
  @Test func aSendBetweenCancellationAndTheEndIsDropped() async {
    let runner = LateSender()
    let store = Store(initialState: RecordingFeature.State(), reducer: RecordingFeature(), effectRunner: runner)
    store.send(.start(1, id: "x"))
    await store.reaches { $0.log.last == "early" }
    store.send(.cancel("x"))
    while !runner.release() { await Task.yield() }
    await store.finish()
    #expect(runner.sentLate)
    #expect(store.state.log == ["start 1", "early", "cancel x"])
  }

  @Test func sendsAfterTheEffectEndedAreDropped() async throws {
    let runner = StreamingRunner()
    let store = RecordingStore(streaming: runner)
    let task = store.send(.start(1))
    runner.input.finish()
    await task.finish()
    let send = try #require(runner.sends.first)
    send(.record("after the end"))
    #expect(store.state.log == ["start 1"])
  }

  /// An ``EffectRunner``'s actions arrive through the same `send`, as one batch, in order.
  @Test func aOneShotRunnerSendsItsReturnedActionsInOrder() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    runner.resolve(1, returning: [.record("x"), .record("y")])
    await task.finish()
    #expect(store.state.log == ["start 1", "x", "y"])
  }

  @Test func aSendMadeForATestCallsItsClosure() {
    let received = Received()
    let send = Send<RecordingFeature.Action> { action in
      if case .record(let value) = action { received.append(value) }
    }
    send(.record("one"))
    send(.record("two"))
    #expect(received.values == ["one", "two"])
  }
}

// MARK: - Support

/// Strings appended from any thread.
final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  var values: [String] { lock.withLock { stored } }
  func append(_ value: String) { lock.withLock { stored.append(value) } }
}

/// A runner whose every effect forwards the values the test yields into ``input`` as `.record` actions, until the
/// stream finishes or the effect is cancelled; it keeps each `send` it was given.
final class StreamingRunner: StreamingEffectRunner, @unchecked Sendable {
  let values: AsyncStream<String>
  let input: AsyncStream<String>.Continuation
  private let lock = NSLock()
  private var given: [Send<RecordingFeature.Action>] = []

  init() {
    (values, input) = AsyncStream.makeStream(of: String.self)
  }

  /// Every `send` handed to ``run(_:send:)``, in order.
  var sends: [Send<RecordingFeature.Action>] { lock.withLock { given } }

  func run(_ effect: RecordingFeature.Effect, send: Send<RecordingFeature.Action>) async throws {
    lock.withLock { given.append(send) }
    for await value in values { send(.record(value)) }
  }
}

/// Sends `early`, waits (ignoring cancellation) until the test releases it, then sends `late` and ends.
final class LateSender: StreamingEffectRunner, @unchecked Sendable {
  private let lock = NSLock()
  private var parked: CheckedContinuation<Void, Never>?
  private var late = false

  /// Whether the runner got to its late send.
  var sentLate: Bool { lock.withLock { late } }

  func run(_ effect: RecordingFeature.Effect, send: Send<RecordingFeature.Action>) async throws {
    send(.record("early"))
    await withCheckedContinuation { continuation in lock.withLock { parked = continuation } }
    send(.record("late"))
    lock.withLock { late = true }
  }

  /// Resumes the parked runner; `false` when it has not parked yet.
  func release() -> Bool {
    let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      defer { parked = nil }
      return parked
    }
    continuation?.resume()
    return continuation != nil
  }
}

extension RecordingStore {
  convenience init(streaming runner: StreamingRunner) {
    self.init(initialState: RecordingFeature.State(), reducer: RecordingFeature(), effectRunner: runner)
  }

  /// Waits until the state satisfies `condition`.
  func reaches(_ condition: (RecordingFeature.State) -> Bool) async {
    for await state in states where condition(state) { return }
  }
}
