import Testing
import UnidirectionalFlow

// MARK: - Store: effect tasks on a given executor

@Suite(.timeLimit(.minutes(1)))
struct StoreExecutorTests {
  let executor = QueueExecutor()
  let runner = ControlledRunner()

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func makeStore() -> RecordingStore {
    Store(
      initialState: RecordingFeature.State(), reducer: RecordingFeature(), effectRunner: runner, executor: executor)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func effectsStartOnlyWhenTheExecutorRunsThem() {
    let store = makeStore()
    store.send(.start(1))
    #expect(store.state.log == ["start 1"])
    #expect(runner.events == [])
    #expect(executor.enqueuedCount == 1)
    executor.drain()
    #expect(runner.events == [.started(1)])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anEffectsActionsAreAppliedWhenTheExecutorRunsTheTask() {
    let store = makeStore()
    store.send(.start(1))
    executor.drain()
    runner.resolve(1, returning: [.record("done")])
    #expect(store.state.log == ["start 1"])
    executor.drain()
    #expect(store.state.log == ["start 1", "done"])
    #expect(runner.events == [.started(1), .ended(1, .returned)])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func cancellingByIdEndsTheEffectOnTheExecutorAndDropsItsResult() {
    let store = makeStore()
    store.send(.start(1, id: "work"))
    executor.drain()
    store.send(.cancel("work"))
    #expect(runner.events == [.started(1)])
    executor.drain()
    #expect(runner.events == [.started(1), .ended(1, .cancelled)])
    runner.resolve(1, returning: [.record("late")])
    executor.drain()
    #expect(store.state.log == ["start 1", "cancel work"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anEffectCancelledBeforeItRanNeverReachesTheStore() {
    let store = makeStore()
    store.send(.start(1))
    store.cancel()
    executor.drain()
    #expect(runner.events == [.started(1), .ended(1, .cancelled)])
    #expect(store.state.log == ["start 1"])
  }

  /// `finish()` waits on the effects, which now advance only when drained.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func finishReturnsOnceTheDrainedEffectsEnd() async {
    let store = makeStore()
    let task = store.send(.start(1))
    executor.drain()
    runner.resolve(1, returning: [])
    executor.drain()
    await task.finish()
    #expect(runner.liveCount == 0)
  }
}
