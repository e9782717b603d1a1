import Dispatch
import Testing

@testable import Conformance

// MARK: - A @MainActor view model under the driver

typealias Gauge = RuntimeDriverTests.Gauge
typealias GaugeAction = RuntimeDriverTests.GaugeAction

/// A view model written the usual iOS way, with nothing that names the scenario's executor: `@MainActor`, effects in
/// plain `Task {}`, a task-group child and a hop off the main actor for the call.
@MainActor
final class MeterModel {
  var state: Gauge
  private let environment: RuntimeEnvironment
  private var work: Task<Void, Never>?
  private var isCleared = false

  init(state: Gauge, environment: RuntimeEnvironment) {
    self.state = state
    self.environment = environment
  }

  func send(_ action: GaugeAction) {
    guard !isCleared, case .measure(let milliseconds) = action else { return }
    state.status = "measuring"
    MainActor.assertIsolated()
    work = Task {
      let reading = await withTaskGroup(of: Double?.self) { [environment] group in
        group.addTask { try? await environment.call("measure", arguments: ["unit": "kPa"], returning: Double.self) }
        return await group.next() ?? nil
      }
      guard let reading, (try? await environment.clock.sleep(for: .milliseconds(milliseconds))) != nil else { return }
      state = Gauge(reading: reading, status: "done")
    }
  }

  func clear() {
    isCleared = true
    work?.cancel()
  }
}

@Suite(.timeLimit(.minutes(1)))
struct MainActorRuntimeTests {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static let adapter = CodableRuntime<Gauge, GaugeAction>(
    "gauge", initialState: Gauge(),
    mainActor: { state, environment in
      let model = MeterModel(state: state, environment: environment)
      return RuntimeHandle(mainActor: model.send, state: { model.state }, clear: model.clear)
    })

  static let steps: [RuntimeStep] = [
    .send(["type": "measure", "settleMilliseconds": 500]), .respond(CallReference(step: 1, index: 1), .result(101.5)),
    .advance(milliseconds: 499), .advance(milliseconds: 1),
  ]

  static let expected: Observation = {
    let measuring: JSONValue = ["reading": 0, "status": "measuring"]
    return .trace(
      [
        TraceEntry(
          state: measuring, calls: [DependencyCall(dependency: "measure", arguments: ["unit": "kPa"])], cancelled: []),
        TraceEntry(state: measuring, calls: [], cancelled: []),
        TraceEntry(state: measuring, calls: [], cancelled: []),
        TraceEntry(state: ["reading": 101.5, "status": "done"], calls: [], cancelled: []),
      ], start: TraceEntry(state: RuntimeDriverTests.initial, calls: [], cancelled: []))
  }()

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func mainActorTasksRunWhenTheStepSettlesEveryTime() {
    for _ in 0..<50 {
      let observation = RuntimeDriver.observe(Self.adapter, initialState: RuntimeDriverTests.initial, steps: Self.steps)
      #expect(observation == Self.expected)
    }
  }

  /// The routing is per thread: scenarios driven on other threads at once keep their own work.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func scenariosDrivenInParallelKeepTheirOwnWork() {
    let observations = EventLog()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let observation = RuntimeDriver.observe(Self.adapter, initialState: RuntimeDriverTests.initial, steps: Self.steps)
      observations.append(observation == Self.expected ? "expected" : "\(observation)")
    }
    #expect(observations.events == Array(repeating: "expected", count: 8))
  }
}

// MARK: - Work that outlives its scenario

/// A `@MainActor` view model whose task waits on a `DispatchQueue` that resumes it after the scenario has ended.
@MainActor
final class LateModel {
  let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  func send(_: Bool) {
    Task {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
      }
      MainActor.assertIsolated()
      log.append("resumed on the main actor")
    }
  }
}

extension MainActorRuntimeTests {
  /// The task resumes after its scenario's executor is gone: it runs on the real main actor instead.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aTaskResumedAfterTheScenarioRunsOnTheRealMainActor() async throws {
    let log = EventLog()
    let adapter = CodableRuntime<Int, Bool>(
      "late", initialState: 0,
      mainActor: { _, _ in
        let model = LateModel(log: log)
        return RuntimeHandle(mainActor: model.send, state: { 0 }, clear: {})
      })
    #expect(
      RuntimeDriver.observe(adapter, initialState: 0, steps: [.send(true)])
        == .trace(
          [TraceEntry(state: 0, calls: [], cancelled: [])], start: TraceEntry(state: 0, calls: [], cancelled: [])))
    for _ in 0..<200 where log.events.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    #expect(log.events == ["resumed on the main actor"])
  }
}
