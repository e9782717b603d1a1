import Conformance
import Testing
import TimerFeature
import TimerRuntime

// MARK: - The timer store under runtime steps (timer.md TR1–TR4)

@Suite(.timeLimit(.minutes(1)))
struct TimerRuntimeTests {
  static let initialState: JSONValue = ["seconds": 0, "isRunning": false]
  static let start = RuntimeStep.send(["type": "startTapped"])
  static let stop = RuntimeStep.send(["type": "stopTapped"])

  static func state(_ seconds: Int64, running: Bool = true) -> (seconds: Int64, running: Bool) { (seconds, running) }

  /// The trace of the states in order: each step received one tick per second counted since the step before, and the
  /// timer is in flight, under its id, while it runs (Conformance/README.md §14).
  static func trace(_ states: (seconds: Int64, running: Bool)...) -> Observation {
    var previous: Int64 = 0
    return .trace(
      states.map { seconds, running in
        defer { previous = seconds }
        return TraceEntry(
          state: ["seconds": .number(.integer(seconds)), "isRunning": .bool(running)], calls: [], cancelled: [],
          received: Array(repeating: ["type": "tick"], count: Int(max(0, seconds - previous))),
          inFlight: running ? [["type": "runTimer", "id": "timer"]] : [])
      },
      // The creation (format v1.3): the store starts nothing.
      start: TraceEntry(state: initialState, calls: [], cancelled: [], received: [], inFlight: []))
  }

  static func observe(_ steps: [RuntimeStep]) -> Observation {
    RuntimeDriver.observe(timerRuntime, initialState: initialState, steps: steps)
  }

  /// TR1: a long-living effect's sends all land within one advance, and the next tick keeps its phase.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func oneAdvanceDeliversEveryTickDueInIt() {
    let observation = Self.observe([
      Self.start, .advance(milliseconds: 3500), .advance(milliseconds: 499), .advance(milliseconds: 1),
    ])
    #expect(observation == Self.trace(Self.state(0), Self.state(3), Self.state(3), Self.state(4)))
  }

  /// TR2: the second start replaces the first timer, so its 1,000 ms tick never comes.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func startingTwiceRestartsTheTimerInsteadOfAddingOne() {
    let observation = Self.observe([
      Self.start, .advance(milliseconds: 600), Self.start, .advance(milliseconds: 600), .advance(milliseconds: 400),
      .advance(milliseconds: 3000),
    ])
    #expect(
      observation
        == Self.trace(Self.state(0), Self.state(0), Self.state(0), Self.state(0), Self.state(1), Self.state(4)))
  }

  /// A runtime without screen hooks (format v1.3): appear and disappear steps change nothing and only settle.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func screenStepsOnlySettleForARuntimeWithoutHooks() {
    let observation = Self.observe([Self.start, .screen(.appear), .advance(milliseconds: 1000), .screen(.disappear)])
    #expect(observation == Self.trace(Self.state(0), Self.state(0), Self.state(1), Self.state(1)))
  }

  /// TR3: stop cancels the long-living effect; no tick lands afterwards.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func stopEndsTheTimer() {
    let observation = Self.observe([
      Self.start, .advance(milliseconds: 2000), Self.stop, .advance(milliseconds: 10_000),
    ])
    #expect(
      observation
        == Self.trace(Self.state(0), Self.state(2), Self.state(2, running: false), Self.state(2, running: false)))
  }
}
