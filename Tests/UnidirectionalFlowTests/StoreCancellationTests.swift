import Testing
import UnidirectionalFlow

// MARK: - Store: cancellation by id, cancel(), release

/// Each test runs twice: once with a runner that honours cancellation (its effect ends with
/// `CancellationError` as soon as it is cancelled) and once with one that ignores it (its effect keeps
/// waiting and returns a late result), so that "the late result never lands" is checked on a result that
/// really arrives.
@Suite(.timeLimit(.minutes(1)))
struct StoreCancellationTests {
  static let modes: [Mode] = [.honoursCancellation, .ignoresCancellation]

  enum Mode: CustomTestStringConvertible, Sendable {
    case honoursCancellation, ignoresCancellation

    var testDescription: String {
      switch self {
      case .honoursCancellation: "runner honours cancellation"
      case .ignoresCancellation: "runner ignores cancellation"
      }
    }

    /// A runner for which `keys` behave according to this mode.
    func runner(keys: Set<Int>) -> ControlledRunner {
      ControlledRunner(ignoringCancellation: self == .ignoresCancellation ? keys : [])
    }

    /// How a cancelled effect ends once the test has delivered its late result.
    var cancelledOutcome: ControlledRunner.Outcome {
      self == .honoursCancellation ? .cancelled : .returned
    }
  }

  // MARK: - By id

  @Test(arguments: modes)
  func cancellingAnIdDropsTheSuspendedEffectsLateResult(mode: Mode) async {
    let runner = mode.runner(keys: [1])
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    await runner.wait(for: .started(1))
    store.send(.cancel("x"))
    runner.resolve(1, returning: [.record("late")])
    await store.finish()
    #expect(store.state.log == ["start 1", "cancel x"])
    #expect(runner.events == [.started(1), .ended(1, mode.cancelledOutcome)])
    #expect(runner.liveCount == 0)
  }

  @Test func cancellingAnIdLeavesOtherEffectsRunning() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.start(2, id: "y"))
    store.send(.start(3))
    store.send(.cancel("x"))
    await runner.wait(for: .ended(1, .cancelled))
    runner.resolve(2, returning: [.record("two")])
    runner.resolve(3, returning: [.record("three")])
    await store.finish()
    #expect(store.state.log.prefix(4) == ["start 1", "start 2", "start 3", "cancel x"])
    #expect(Set(store.state.log.dropFirst(4)) == ["two", "three"])
  }

  @Test func cancellingAnIdWithNothingInFlightIsANoOp() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    runner.resolve(1, returning: [.record("one")])
    await store.finish()
    store.send(.cancel("x"))
    store.send(.cancel("never-used"))
    let task = store.send(.start(2, id: "x"))
    runner.resolve(2, returning: [.record("two")])
    await task.finish()
    #expect(store.state.log == ["start 1", "one", "cancel x", "cancel never-used", "start 2", "two"])
  }

  // MARK: - cancelInFlight

  @Test(arguments: modes)
  func restartingAnIdWithCancelInFlightCancelsTheOlderEffect(mode: Mode) async {
    let runner = mode.runner(keys: [1])
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    await runner.wait(for: .started(1))
    store.send(.replace(2, id: "x"))
    await runner.wait(for: .started(2))
    runner.resolve(1, returning: [.record("first")])
    runner.resolve(2, returning: [.record("second")])
    await store.finish()
    #expect(store.state.log == ["start 1", "replace 2", "second"])
    #expect(runner.events.contains(.ended(1, mode.cancelledOutcome)))
    #expect(runner.events.contains(.ended(2, .returned)))
  }

  /// TCA's default: a second effect under an id runs beside the first, and both results land.
  @Test func restartingAnIdWithoutCancelInFlightKeepsBothEffects() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.start(2, id: "x"))
    await runner.wait(for: .started(2))
    runner.resolve(1, returning: [.record("first")])
    runner.resolve(2, returning: [.record("second")])
    await store.finish()
    #expect(store.state.log.prefix(2) == ["start 1", "start 2"])
    #expect(Set(store.state.log.dropFirst(2)) == ["first", "second"])
    #expect(!runner.events.contains { if case .ended(_, .cancelled) = $0 { true } else { false } })
  }

  @Test func aCancelCommandReachesEveryEffectUnderTheId() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.start(2, id: "x"))
    store.send(.start(3, id: "y"))
    store.send(.cancel("x"))
    await runner.wait(for: .ended(1, .cancelled))
    await runner.wait(for: .ended(2, .cancelled))
    runner.resolve(3, returning: [.record("three")])
    await store.finish()
    #expect(store.state.log == ["start 1", "start 2", "start 3", "cancel x", "three"])
  }

  @Test func theRestartedEffectIsTheOneACancelCommandReaches() async {
    let runner = ControlledRunner(ignoringCancellation: [1])
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.replace(2, id: "x"))
    store.send(.cancel("x"))
    await runner.wait(for: .ended(2, .cancelled))
    runner.resolve(1, returning: [.record("first")])
    await store.finish()
    #expect(store.state.log == ["start 1", "replace 2", "cancel x"])
  }

  // MARK: - cancel()

  @Test(arguments: modes)
  func cancelStopsEveryEffectAndDropsLateResults(mode: Mode) async {
    let runner = mode.runner(keys: [1, 2, 3])
    let store = RecordingStore(runner: runner)
    store.send(.start(1, id: "x"))
    store.send(.startAll([2, 3]))
    for key in [1, 2, 3] { await runner.wait(for: .started(key)) }
    store.cancel()
    for key in [1, 2, 3] { runner.resolve(key, returning: [.record("late \(key)")]) }
    await store.finish()
    #expect(store.state.log == ["start 1", "start 2,3"])
    for key in [1, 2, 3] { #expect(runner.events.contains(.ended(key, mode.cancelledOutcome))) }
    #expect(runner.liveCount == 0)
  }

  @Test func sendsAfterCancelAreIgnored() async {
    let runner = ControlledRunner()
    let store = RecordingStore(runner: runner)
    store.send(.record("a"))
    store.cancel()
    store.send(.record("b"))
    await store.send(.start(1)).finish()
    store.cancel()
    #expect(store.state.log == ["a"])
    #expect(runner.receivedEffects.isEmpty)
  }

  // MARK: - Release

  @Test(arguments: modes)
  func releasingTheStoreCancelsEveryEffectWithoutLeaking(mode: Mode) async throws {
    let runner = mode.runner(keys: [1, 2])
    var store: RecordingStore? = RecordingStore(runner: runner)
    weak let released = store
    let stream = try #require(store?.states)
    let first = try #require(store?.send(.start(1, id: "x")))
    let second = try #require(store?.send(.start(2)))
    for key in [1, 2] { await runner.wait(for: .started(key)) }
    #expect(runner.liveCount == 2)

    store = nil
    #expect(released == nil, "In-flight effects must not keep the store alive")

    for key in [1, 2] { runner.resolve(key, returning: [.record("late \(key)")]) }
    await first.finish()
    await second.finish()
    #expect(runner.liveCount == 0)
    for key in [1, 2] { #expect(runner.events.contains(.ended(key, mode.cancelledOutcome))) }
    var logs: [[String]] = []
    for await state in stream { logs.append(state.log) }
    #expect(logs == [[], ["start 1"], ["start 1", "start 2"]])
  }
}
