import Testing
import UnidirectionalFlow

// MARK: - Store.states

@Suite(.timeLimit(.minutes(1)))
struct StoreStatesTests {
  /// Collects every log a stream yields until it finishes.
  private func logs(_ stream: AsyncStream<RecordingFeature.State>) async -> [[String]] {
    var logs: [[String]] = []
    for await state in stream { logs.append(state.log) }
    return logs
  }

  @Test func yieldsTheCurrentStateThenEveryUpdateThenFinishesOnCancel() async {
    let store = RecordingStore(runner: ControlledRunner())
    store.send(.record("before"))
    let stream = store.states
    store.send(.record("a"))
    store.send(.record("b"))
    store.cancel()
    #expect(await logs(stream) == [["before"], ["before", "a"], ["before", "a", "b"]])
  }

  @Test func yieldsAfterEveryActionEvenWhenStateIsUnchanged() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let stream = store.states
    store.send(.startAll([]))
    store.cancel()
    #expect(await logs(stream) == [[], ["start "]])
  }

  @Test func includesStatesProducedByEffects() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let stream = store.states
    let task = store.send(.start(1))
    runner.resolve(1, returning: [.record("x"), .record("y")])
    await task.finish()
    store.cancel()
    #expect(await logs(stream) == [[], ["start 1"], ["start 1", "x"], ["start 1", "x", "y"]])
  }

  @Test func everySubscriberGetsItsOwnStreamFromWhenItSubscribed() async {
    let store = RecordingStore(runner: ControlledRunner())
    let first = store.states
    store.send(.record("a"))
    let second = store.states
    store.send(.record("b"))
    store.cancel()
    #expect(await logs(first) == [[], ["a"], ["a", "b"]])
    #expect(await logs(second) == [["a"], ["a", "b"]])
  }

  @Test func aStreamObtainedAfterCancelYieldsTheFinalStateAndFinishes() async {
    let store = RecordingStore(runner: ControlledRunner())
    store.send(.record("a"))
    store.cancel()
    #expect(await logs(store.states) == [["a"]])
  }

  @Test func streamsFinishWhenTheStoreIsReleased() async throws {
    var store: RecordingStore? = RecordingStore(runner: ControlledRunner())
    let stream = try #require(store?.states)
    store?.send(.record("a"))
    store = nil
    #expect(await logs(stream) == [[], ["a"]])
  }

  @Test func anAbandonedSubscriberDoesNotStopTheOthers() async {
    let store = RecordingStore(runner: ControlledRunner())
    let kept = store.states
    let abandoned = Task {
      for await state in store.states where state.log.count == 1 { break }
    }
    store.send(.record("a"))
    await abandoned.value
    store.send(.record("b"))
    store.cancel()
    #expect(await logs(kept) == [[], ["a"], ["a", "b"]])
  }
}
