// MARK: - ScenarioMainActorExecutor

/// The main actor's executor on a thread that drives a runtime scenario (``ScenarioEnqueueHooks``): a serial executor
/// whose jobs join the scenario's ``ManualTaskExecutor`` queue and run, as the main actor, when the driver drains it.
///
/// Its identity is what isolation checks compare with the main actor's on that thread, so `MainActor.assumeIsolated`
/// and `@MainActor` code behave in its jobs as they would on the main thread; one job at a time, as on the main
/// thread.
final class ScenarioMainActorExecutor: SerialExecutor, @unchecked Sendable {
  private unowned let queue: ManualTaskExecutor

  init(queue: ManualTaskExecutor) {
    self.queue = queue
  }

  /// Queues `job` on the scenario's queue. Called by the concurrency runtime.
  func enqueue(_ job: consuming ExecutorJob) {
    queue.enqueueMainActor(UnownedJob(job))
  }
}
