// MARK: - ScenarioMainActorExecutor

/// The main actor's executor on a thread that drives a runtime scenario (``ScenarioEnqueueHooks``): a serial executor
/// whose jobs join the scenario's ``ManualTaskExecutor`` queue and run, as the main actor, when the driver drains it.
///
/// Its identity is what isolation checks compare with the main actor's on that thread, so `MainActor.assumeIsolated`
/// and `@MainActor` code behave in its jobs as they would on the main thread; one job at a time, as on the main
/// thread.
///
/// A task keeps the executor it last ran on without retaining it, and escaped work may resume such a task after the
/// scenario has ended. So a stand-in is never freed (a few dozen bytes per runtime scenario), and once its scenario's
/// queue is gone it hands jobs to the real main actor instead of to freed memory.
final class ScenarioMainActorExecutor: SerialExecutor, @unchecked Sendable {
  // Set once by `attach`, before any job can name this executor; then only read, and cleared by the runtime when the
  // queue is freed (weak references are safe to read while that happens).
  private weak var queue: ManualTaskExecutor?

  private init() {}

  /// A new stand-in, retained for the life of the process.
  static func make() -> ScenarioMainActorExecutor {
    Unmanaged.passRetained(ScenarioMainActorExecutor()).takeUnretainedValue()
  }

  /// Makes `queue` the scenario queue its jobs join.
  func attach(_ queue: ManualTaskExecutor) {
    self.queue = queue
  }

  /// Queues `job` on the scenario's queue, or on the main actor once the scenario is gone. Called by the concurrency
  /// runtime, from any thread.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let queue {
      queue.enqueueMainActor(job)
    } else {
      MainActor.shared.enqueue(job)
    }
  }
}
