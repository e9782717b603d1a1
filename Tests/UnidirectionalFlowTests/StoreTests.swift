import Testing
import UnidirectionalFlow

// MARK: - Store: actions, effects, feedback

@Suite(.timeLimit(.minutes(1)))
struct StoreTests {
  @Test func initialStateIsReadableBeforeAnySend() {
    let store = RecordingStore(runner: ControlledRunner())
    #expect(store.state == RecordingFeature.State())
  }

  @Test func sendAppliesTheActionBeforeReturning() {
    let store = RecordingStore(runner: ControlledRunner())
    store.send(.record("a"))
    #expect(store.state.log == ["a"])
  }

  @Test func actionsFromOneCallerApplyInTheOrderSent() {
    let store = RecordingStore(runner: ControlledRunner())
    let values = (0..<100).map { "a\($0)" }
    for value in values { store.send(.record(value)) }
    #expect(store.state.log == values)
  }

  @Test func concurrentSendsApplyEachActionOnceAndKeepEachSendersOrder() async {
    let store = RecordingStore(runner: ControlledRunner())
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<8 {
        group.addTask {
          for index in 0..<50 { store.send(.record("\(sender):\(index)")) }
        }
      }
    }
    let log = store.state.log
    #expect(log.count == 8 * 50)
    for sender in 0..<8 {
      let mine = log.filter { $0.hasPrefix("\(sender):") }
      #expect(mine == (0..<50).map { "\(sender):\($0)" })
    }
  }

  @Test(arguments: [
    [RecordingFeature.Action](),
    [.record("x")],
    [.record("x"), .record("y"), .record("z")],
  ])
  func effectResultsFeedBackInOrder(results: [RecordingFeature.Action]) async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    await runner.wait(for: .started(1))
    runner.resolve(1, returning: results)
    await task.finish()
    let expected = ["start 1"] + results.map { if case .record(let value) = $0 { value } else { "?" } }
    #expect(store.state.log == expected)
    #expect(runner.events == [.started(1), .ended(1, .returned)])
  }

  @Test func eachEffectOfOneActionRunsAndReportsIndependently() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.startAll([1, 2, 3]))
    for key in [1, 2, 3] { await runner.wait(for: .started(key)) }
    runner.resolve(3, returning: [.record("three")])
    await runner.wait(for: .ended(3, .returned))
    runner.resolve(1, returning: [.record("one")])
    runner.resolve(2, returning: [])
    await store.finish()
    #expect(store.state.log.first == "start 1,2,3")
    #expect(Set(store.state.log.dropFirst()) == ["one", "three"])
    #expect(runner.receivedEffects.count == 3)
  }

  @Test func actionsSentBackByEffectsCanStartMoreEffects() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    let finished = Task {
      await task.finish()
      return store.state.log
    }
    await runner.wait(for: .started(1))
    runner.resolve(1, returning: [.record("one"), .start(2)])
    await runner.wait(for: .started(2))
    runner.resolve(2, returning: [.record("two")])
    #expect(await finished.value == ["start 1", "one", "start 2", "two"])
  }

  @Test func aThrownErrorEndsTheEffectWithoutSendingAnything() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    let task = store.send(.start(1))
    runner.resolve(1, throwing: ControlledRunner.Failure())
    await task.finish()
    #expect(store.state.log == ["start 1"])
    #expect(runner.events == [.started(1), .ended(1, .threw)])
  }

  @Test func cancelCommandsNeverReachTheRunner() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.cancel("x"))
    store.send(.cancel("nothing-runs-under-this"))
    await store.finish()
    #expect(runner.receivedEffects == [.work(key: 1, id: "x")])
  }

  @Test func finishReturnsAtOnceWhenNothingIsRunning() async {
    let store = RecordingStore(runner: ControlledRunner())
    store.send(.record("a"))
    await store.finish()
    await store.send(.record("b")).finish()
    #expect(store.state.log == ["a", "b"])
  }

  @Test func finishWaitsForEveryEffect() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1))
    store.send(.start(2))
    let finished = Task {
      await store.finish()
      return store.state.log
    }
    await runner.wait(for: .started(1))
    runner.resolve(1, returning: [.record("one")])
    await runner.wait(for: .started(2))
    runner.resolve(2, returning: [.record("two")])
    let log = await finished.value
    #expect(log.count == 4)
    #expect(Set(log) == ["start 1", "start 2", "one", "two"])
  }

  @Test func cancellingTheTaskWaitingOnFinishLeavesEffectsRunning() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1))
    await runner.wait(for: .started(1))
    let waiter = Task { await store.finish() }
    waiter.cancel()
    await waiter.value
    runner.resolve(1, returning: [.record("done")])
    await store.finish()
    #expect(store.state.log == ["start 1", "done"])
  }
}
