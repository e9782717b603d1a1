import Testing

@testable import Conformance

// MARK: - RuntimeDriver, with a small runtime of its own

@Suite(.timeLimit(.minutes(1)))
struct RuntimeDriverTests {
  struct Gauge: Codable, Sendable {
    var reading: Double = 0
    var status: String = "idle"
  }

  enum GaugeAction: Codable, Sendable {
    /// Calls `measure`, then waits `settleMilliseconds` before showing the reading.
    case measure(settleMilliseconds: Int64)
    /// Shows a NaN reading, which JSON cannot write.
    case breakReading
    /// Starts work that never waits.
    case spin
  }

  /// A view-model-like runtime: a class holding the state, starting a task per action on the environment's executor.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  final class GaugeModel: @unchecked Sendable {
    var state: Gauge
    let environment: RuntimeEnvironment
    let log: EventLog
    var tasks: [Task<Void, Never>] = []
    var isCleared = false

    init(state: Gauge, environment: RuntimeEnvironment, log: EventLog) {
      self.state = state
      self.environment = environment
      self.log = log
    }

    func send(_ action: GaugeAction) {
      guard !isCleared else { return }
      switch action {
      case .measure(let milliseconds):
        state.status = "measuring"
        tasks.append(Task(executorPreference: environment.executor) { await self.measure(settling: milliseconds) })
      case .breakReading:
        state.reading = .nan
      case .spin:
        tasks.append(
          Task(executorPreference: environment.executor) {
            while !Task.isCancelled { await Task.yield() }
          })
      }
    }

    func measure(settling milliseconds: Int64) async {
      do {
        let reading = try await environment.call("measure", arguments: ["unit": "kPa"], returning: Double.self)
        try await environment.clock.sleep(for: .milliseconds(milliseconds))
        state = Gauge(reading: reading, status: "done")
      } catch {
        log.append("measure ended with \(type(of: error))")
      }
    }

    func clear() {
      isCleared = true
      for task in tasks { task.cancel() }
    }
  }

  let log = EventLog()

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  var adapter: CodableRuntime<Gauge, GaugeAction> {
    CodableRuntime("gauge", initialState: Gauge()) { [log] state, environment in
      let model = GaugeModel(state: state, environment: environment, log: log)
      return RuntimeHandle(send: model.send, state: { model.state }, clear: model.clear)
    }
  }

  static let initial: JSONValue = ["reading": 0, "status": "idle"]
  static func measure(_ milliseconds: Int64) -> RuntimeStep {
    .send(["type": "measure", "settleMilliseconds": .number(.integer(milliseconds))])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aStepIsPerformedSettledAndRecorded() {
    let observation = RuntimeDriver.observe(
      adapter, initialState: Self.initial,
      steps: [
        Self.measure(500), .respond(CallReference(step: 1, index: 1), .result(101.5)), .advance(milliseconds: 499),
        .advance(milliseconds: 1),
      ])
    let measuring: JSONValue = ["reading": 0, "status": "measuring"]
    #expect(
      observation
        == .trace(
          [
            TraceEntry(
              state: measuring, calls: [DependencyCall(dependency: "measure", arguments: ["unit": "kPa"])],
              cancelled: []),
            TraceEntry(state: measuring, calls: [], cancelled: []),
            TraceEntry(state: measuring, calls: [], cancelled: []),
            TraceEntry(state: ["reading": 101.5, "status": "done"], calls: [], cancelled: []),
          ], start: TraceEntry(state: Self.initial, calls: [], cancelled: [])))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func clearCancelsTheCallInFlightDuringTheClearStep() {
    let observation = RuntimeDriver.observe(adapter, initialState: Self.initial, steps: [Self.measure(5), .clear])
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace, got \(observation)")
      return
    }
    #expect(trace.map(\.cancelled) == [[], [CallReference(step: 1, index: 1)]])
    #expect(log.events == ["measure ended with CancellationError"])
  }

  /// The end of the scenario ends pending calls and sleeps, so no task is left suspended.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theEndOfTheScenarioEndsPendingCallsAndSleeps() {
    let observation = RuntimeDriver.observe(
      adapter, initialState: Self.initial,
      steps: [Self.measure(5), Self.measure(1_000), .respond(CallReference(step: 2, index: 1), .result(1))])
    guard case .trace = observation else {
      Issue.record("expected a trace, got \(observation)")
      return
    }
    #expect(log.events == ["measure ended with CancellationError", "measure ended with CancellationError"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aStateThatCannotBeEncodedIsErroredAtItsStep() {
    let observation = RuntimeDriver.observe(
      adapter, initialState: Self.initial, steps: [.advance(milliseconds: 1), .send(["type": "breakReading"])])
    #expect(
      observation
        == .errored(step: 2, message: "state.reading: nan is not a JSON number (RFC 8259 §6 has no NaN or infinity)"))
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aRuntimeThatNeverStopsWorkingIsErroredInsteadOfHanging() {
    let observation = RuntimeDriver.observe(adapter, initialState: Self.initial, steps: [.send(["type": "spin"])])
    #expect(
      observation
        == .errored(
          step: 1,
          message:
            "the runtime did not settle after step 1: 100000 jobs ran and more were queued (a loop that never waits for a call or the clock?)"
        ))
  }

  /// Without a manifest (an adapter that was never bound) values convert by their Swift names.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anUnboundAdapterReportsAnUnknownActionWithItsPath() {
    let observation = RuntimeDriver.observe(
      adapter, initialState: ["reading": 2, "status": "idle"], steps: [.send(["type": "nope"])])
    #expect(
      observation
        == .errored(
          step: 1,
          message:
            "steps[0].send.type: GaugeAction has no case 'nope' for the case 'nope'; rename the Swift case, or give its name in the manifest (\"swift\": \"…\")"
        ))
  }
}
