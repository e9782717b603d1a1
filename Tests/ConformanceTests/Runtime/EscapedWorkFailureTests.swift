import Dispatch
import Foundation
import Testing

@testable import Conformance

// MARK: - Work that escapes the scenario's executor

/// A runtime whose `bump` escapes the scenario's executor on a `DispatchQueue`, timed so that the escaped work always
/// lands late: after the step's own state read, before the next one. `queueing` also starts a task the driver drains.
final class EscapingCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var pending = false
  private let release = DispatchSemaphore(value: 0)
  private let landed = DispatchGroup()

  func send(_ queueing: Bool) {
    if queueing { Task { _ = 1 } }
    lock.withLock { pending = true }
    landed.enter()
    DispatchQueue.global().async { [self] in
      release.wait()
      lock.withLock { count += 1 }
      landed.leave()
    }
  }

  /// Reads the count, then lets escaped work go and waits for it to land, so that only the next read sees it.
  func read() -> Int {
    let (value, wasPending) = lock.withLock { () -> (Int, Bool) in
      defer { pending = false }
      return (count, pending)
    }
    if wasPending {
      release.signal()
      landed.wait()
    }
    return value
  }
}

@Suite(.timeLimit(.minutes(1)))
struct EscapedWorkFailureTests {
  static let adapter = CodableRuntime<Int, Bool>("counter", initialState: 0) { _, _ in
    let counter = EscapingCounter()
    return RuntimeHandle(send: counter.send, state: counter.read, clear: {})
  }

  static let hint =
    ": work escaped the scenario (a DispatchQueue, a Thread, a real sleep, or an actor with an executor of its own?)."
    + " Hint: start the work with Task {} from the store or view model, sleep on environment.clock, and call"
    + " dependencies through environment.call (docs/runtime-scenarios.md, \"What runs where\")"

  @Test func aStepThatQueuedNothingButChangesTheStateLaterIsErroredWithTheHint() {
    let observation = RuntimeDriver.observe(
      Self.adapter, initialState: 0, steps: [.send(false), .advance(milliseconds: 1)])
    #expect(
      observation
        == .errored(
          step: 1,
          message: "the state changed after this step had settled, though the step queued no work on the"
            + " scenario's executor" + Self.hint))
  }

  @Test func escapedWorkAfterTheLastStepIsErroredToo() {
    let observation = RuntimeDriver.observe(
      Self.adapter, initialState: 0, steps: [.advance(milliseconds: 1), .send(true)])
    #expect(
      observation
        == .errored(
          step: 2,
          message: "the state changed after this step had settled, while nothing ran on the scenario's executor"
            + Self.hint))
  }
}

// MARK: - In the report

extension EscapedWorkFailureTests {
  /// What a person reads: the scenario errored at the step whose work escaped, with the hint, in the text report.
  @Test func theReportShowsTheEscapedWorkAtItsStep() async throws {
    let escaping = RecordingImplementation(name: "escaping", levels: ["login": [.runtime]], intendedLevels: [.runtime])
    {
      _ in RuntimeDriver.observe(Self.adapter, initialState: 0, steps: [.send(false), .advance(milliseconds: 1)])
    }
    let (lines, summary, _, _) = try await RuntimeRunnerTests().run([escaping])
    #expect(summary.exitCode == 1)
    let index = try #require(lines.firstIndex(of: "✗ login-runtime (errored)"))
    #expect(
      Array(lines[index...].prefix(3)) == [
        "✗ login-runtime (errored)",
        "    file: login-runtime.json",
        "    errored at step 1: the state changed after this step had settled, though the step queued no work on the"
          + " scenario's executor" + Self.hint,
      ])
  }
}
