import Testing

@testable import Conformance

// MARK: - ManualClock

@Suite(.timeLimit(.minutes(1)))
struct ManualClockTests {
  let clock = ManualClock()
  let executor = ManualTaskExecutor()
  let log = EventLog()

  /// Starts a task on the executor that sleeps `milliseconds` and logs `name` with the virtual time it woke at.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @discardableResult
  func sleeper(_ name: String, _ milliseconds: Int64) -> Task<Void, Never> {
    Task(executorPreference: executor) { [clock, log] in
      do {
        try await clock.sleep(for: .milliseconds(milliseconds))
        log.append("\(name) woke at \(clock.nowMilliseconds)")
      } catch {
        log.append("\(name) \(type(of: error)) at \(clock.nowMilliseconds)")
      }
    }
  }

  func advance(_ milliseconds: Int64) {
    clock.advance(by: .milliseconds(milliseconds)) { executor.drain() }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aSleeperWakesOnlyWhenTimeReachesItsDeadline() {
    sleeper("a", 1_000)
    executor.drain()
    advance(999)
    #expect(log.events == [])
    #expect(clock.nowMilliseconds == 999)
    advance(1)
    #expect(log.events == ["a woke at 1000"])
    #expect(clock.sleeperCount == 0)
  }

  /// Each sleeper wakes at its own deadline, earliest first; equal deadlines in the order they started sleeping.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func sleepersWakeInDeadlineOrderThenRegistrationOrder() {
    sleeper("c", 300)
    sleeper("a", 100)
    sleeper("b", 100)
    sleeper("d", 2_000)
    executor.drain()
    advance(1_000)
    #expect(log.events == ["a woke at 100", "b woke at 100", "c woke at 300"])
    #expect(clock.nowMilliseconds == 1_000)
    advance(1_000)
    #expect(log.events.last == "d woke at 2000")
  }

  /// A timer started by a woken task runs in the same advance when it falls due within it.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aSleepStartedWhileAdvancingWakesInTheSameAdvanceWhenDue() {
    Task(executorPreference: executor) { [clock, log] in
      try? await clock.sleep(for: .milliseconds(100))
      log.append("first at \(clock.nowMilliseconds)")
      try? await clock.sleep(for: .milliseconds(100))
      log.append("second at \(clock.nowMilliseconds)")
      try? await clock.sleep(for: .milliseconds(100))
      log.append("third at \(clock.nowMilliseconds)")
    }
    executor.drain()
    advance(250)
    #expect(log.events == ["first at 100", "second at 200"])
    advance(50)
    #expect(log.events == ["first at 100", "second at 200", "third at 300"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func cancellingASleeperEndsItAtOnceWithCancellationError() {
    let task = sleeper("a", 10_000)
    executor.drain()
    task.cancel()
    executor.drain()
    #expect(log.events == ["a CancellationError at 0"])
    #expect(clock.sleeperCount == 0)
    advance(10_000)
    #expect(log.events == ["a CancellationError at 0"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aCancelledTaskDoesNotSleep() {
    let task = sleeper("a", 5)
    task.cancel()
    executor.drain()
    #expect(log.events == ["a CancellationError at 0"])
    #expect(clock.sleeperCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aDeadlineNotAfterNowReturnsAtOnce() {
    sleeper("zero", 0)
    sleeper("negative", -5)
    executor.drain()
    #expect(log.events == ["zero woke at 0", "negative woke at 0"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func closingEndsEverySleepAndLaterOnesAtOnce() {
    sleeper("a", 100)
    executor.drain()
    clock.close()
    executor.drain()
    sleeper("b", 100)
    executor.drain()
    #expect(log.events == ["a CancellationError at 0", "b CancellationError at 0"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func instantsMeasureVirtualTime() {
    let start = clock.now
    advance(1_500)
    #expect(start.duration(to: clock.now) == .milliseconds(1_500))
    #expect(start.advanced(by: .milliseconds(1_500)) == clock.now)
    #expect(start < clock.now)
    #expect(clock.minimumResolution == .zero)
  }
}

extension ManualClockTests {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aNegativeAdvanceDoesNotMoveTimeBack() {
    advance(10)
    advance(-5)
    #expect(clock.nowMilliseconds == 10)
  }
}
