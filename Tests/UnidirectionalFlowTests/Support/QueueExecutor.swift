import Foundation

// MARK: - QueueExecutor

/// A task executor that queues jobs until the test drains it, so a test sees exactly when a store's effect tasks run.
final class QueueExecutor: @unchecked Sendable {
  fileprivate let lock = NSLock()
  fileprivate var jobs: [UnownedJob] = []
  fileprivate var enqueued = 0

  /// How many jobs have been enqueued so far.
  var enqueuedCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return enqueued
  }

  /// Runs queued jobs on the calling thread until none is left.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func drain() {
    while true {
      lock.lock()
      guard !jobs.isEmpty else {
        lock.unlock()
        return
      }
      let job = jobs.removeFirst()
      lock.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension QueueExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.lock()
    jobs.append(job)
    enqueued += 1
    lock.unlock()
  }
}
