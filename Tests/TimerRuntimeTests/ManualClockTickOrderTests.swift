import Conformance
import Foundation
import Testing
import UnidirectionalFlow

// MARK: - ManualClock: repeating timers across one big advance

/// Two long-living effects tick on the scenario's clock, every 300 ms and every 500 ms; one advance of 1,500 ms must
/// deliver every tick due in it, each at its own deadline, in time order (ties in the order the sleeps began).
@Suite(.timeLimit(.minutes(1)))
struct ManualClockTickOrderTests {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func oneAdvanceDeliversEveryTickOfEveryTimerInTimeOrder() {
    let environment = RuntimeEnvironment()
    defer { environment.close() }
    let store = Store(
      initialState: [String](), reducer: TickLog(), effectRunner: Ticker(clock: environment.clock),
      environment: environment)
    store.send("start")
    #expect(environment.settle())
    #expect(environment.advance(milliseconds: 1500))
    #expect(environment.settle())
    #expect(
      store.state == ["a@300", "b@500", "a@600", "a@900", "b@1000", "a@1200", "b@1500", "a@1500"],
      "b's sleep for 1,500 ms began at 1,000 ms, a's at 1,200 ms")
    store.cancel()
  }
}

/// Records each action; `"start"` starts both timers.
private struct TickLog: Reducer {
  func reduce(into state: inout [String], action: String) -> [TickTimer] {
    if action == "start" { return [TickTimer(name: "a", period: 300), TickTimer(name: "b", period: 500)] }
    state.append(action)
    return []
  }
}

private struct TickTimer: EffectIdentifying {
  let name: String
  let period: Int
}

/// Sends `"<name>@<virtual ms>"` every `period` ms, forever.
private struct Ticker: StreamingEffectRunner {
  let clock: ManualClock

  func run(_ effect: TickTimer, send: Send<String>) async throws {
    while true {
      try await clock.sleep(for: .milliseconds(effect.period))
      let milliseconds =
        clock.now.offset.components.seconds * 1000
        + clock.now.offset.components.attoseconds / 1_000_000_000_000_000
      send("\(effect.name)@\(milliseconds)")
    }
  }
}
