import Foundation

// MARK: - QueueExecutor

/// A task executor that queues jobs until the test drains it, so a test sees exactly when a store's effect tasks run.
final class QueueExecutor: TaskExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private var jobs: [UnownedJob] = []
  private var enqueued = 0

  /// How many jobs have been enqueued so far.
  var enqueuedCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return enqueued
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.lock()
    jobs.append(job)
    enqueued += 1
    lock.unlock()
  }

  /// Runs queued jobs on the calling thread until none is left.
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
