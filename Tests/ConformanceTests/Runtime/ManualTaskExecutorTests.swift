import Foundation
import Testing

@testable import Conformance

// MARK: - ManualTaskExecutor

@Suite(.timeLimit(.minutes(1)))
struct ManualTaskExecutorTests {
  let executor = ManualTaskExecutor()
  let log = EventLog()

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aTaskRunsOnlyWhenDrained() {
    Task(executorPreference: executor) { [log] in log.append("ran") }
    #expect(log.events == [])
    #expect(!executor.isIdle)
    #expect(executor.drain())
    #expect(log.events == ["ran"])
    #expect(executor.isIdle)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func jobsRunInTheOrderTheyWereEnqueued() {
    for number in 1...5 {
      Task(executorPreference: executor) { [log] in log.append("task \(number)") }
    }
    executor.drain()
    #expect(log.events == (1...5).map { "task \($0)" })
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func jobsRunOnTheDrainingThread() {
    let driver = currentThread()
    Task(executorPreference: executor) { [log] in
      log.append(pthread_equal(currentThread(), driver) != 0 ? "driver thread" : "other thread")
      await withTaskGroup(of: Void.self) { group in
        group.addTask { log.append(pthread_equal(currentThread(), driver) != 0 ? "driver thread" : "other thread") }
      }
    }
    executor.drain()
    #expect(log.events == ["driver thread", "driver thread"])
  }

  /// SE-0417: task-group children inherit the preference, so they wait for the drain too.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func taskGroupChildrenInheritThePreference() {
    let parent = Task(executorPreference: executor) { [log] in
      await withTaskGroup(of: String.self) { group in
        group.addTask { "child 1" }
        group.addTask { "child 2" }
        for await name in group { log.append(name) }
      }
      log.append("parent done")
    }
    executor.drain()
    #expect(log.events.sorted() == ["child 1", "child 2", "parent done"])
    #expect(log.events.last == "parent done")
    _ = parent
  }

  /// A job's continuation resumed by the driver runs at the next drain, not before.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aResumedContinuationWaitsForTheNextDrain() {
    let box = ContinuationBox()
    Task(executorPreference: executor) { [log] in
      let value = await withCheckedContinuation { box.continuation = $0 }
      log.append("resumed with \(value)")
    }
    executor.drain()
    box.continuation?.resume(returning: 7)
    #expect(log.events == [])
    executor.drain()
    #expect(log.events == ["resumed with 7"])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func drainStopsAtItsLimitWhenWorkNeverEnds() {
    let task = Task(executorPreference: executor) {
      while !Task.isCancelled { await Task.yield() }
    }
    #expect(executor.drain(limit: 100) == false)
    task.cancel()
    #expect(executor.drain(limit: 100))
  }

  final class ContinuationBox: @unchecked Sendable {
    var continuation: CheckedContinuation<Int, Never>?
  }
}
