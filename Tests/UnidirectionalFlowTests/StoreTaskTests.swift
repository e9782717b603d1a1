import Testing
import UnidirectionalFlow

// MARK: - StoreTask

@Suite(.timeLimit(.minutes(1)))
struct StoreTaskTests {
  @Test func finishWaitsOnlyForTheEffectsOfItsOwnSend() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1))
    let second = store.send(.start(2))
    runner.resolve(2, returning: [.record("two")])
    await second.finish()
    #expect(store.state.log == ["start 1", "start 2", "two"])
    #expect(runner.liveCount == 1)
    runner.resolve(1, returning: [])
    await store.finish()
  }

  @Test func cancelStopsOnlyTheEffectsOfItsOwnSendIncludingFollowUps() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let first = store.send(.start(1))
    let second = store.send(.start(2))
    runner.resolve(1, returning: [.start(3)])
    await runner.wait(for: .started(3))
    first.cancel()
    await runner.wait(for: .ended(3, .cancelled))
    runner.resolve(2, returning: [.record("two")])
    await second.finish()
    await first.finish()
    #expect(store.state.log == ["start 1", "start 2", "start 3", "two"])
    #expect(runner.liveCount == 0)
  }

  @Test func cancellingTheTaskWaitingOnFinishCancelsTheEffects() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    await runner.wait(for: .started(1))
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    await runner.wait(for: .ended(1, .cancelled))
    await store.finish()
    #expect(store.state.log == ["start 1"])
  }

  @Test func finishAfterTheEffectsEndedReturnsAtOnce() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    runner.resolve(1, returning: [.record("one")])
    await store.finish()
    await task.finish()
    task.cancel()
    #expect(store.state.log == ["start 1", "one"])
  }
}
