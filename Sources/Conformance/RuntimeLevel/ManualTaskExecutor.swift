import Foundation

// MARK: - ManualTaskExecutor

/// A task executor whose jobs run only when the scenario driver drains it: one at a time, in the order they were
/// enqueued, on the driver's own thread.
///
/// A runtime under test starts its tasks with this executor as their preference (SE-0417), so that every job of a
/// runtime scenario (the effect tasks, their task-group children, the continuations resumed by a `respond` step or by
/// the ``ManualClock``) waits in this queue until the driver settles the step. A whole scenario then runs
/// synchronously and deterministically: no thread pool, no real time, no yield loops.
///
/// ```swift
/// let store = Store(
///   initialState: LoginState(), reducer: LoginReducer(),
///   effectRunner: LoginEffectRunner(client: client, clock: environment.clock),
///   executor: environment.executor)
/// ```
///
/// Task-group children and `async let` inherit the preference. The rest of the Swift concurrency work a step starts
/// joins the same queue too: while the driver performs a step or drains, the jobs queued from its thread for the
/// global executor (a plain `Task {}`, `Task.detached`, an actor's default executor) or for the main actor are routed
/// here, and main-actor jobs run as the main actor (see `ScenarioEnqueueHooks`). Work started from another thread (a
/// `DispatchQueue`, a `Thread`, a real sleep's timer, an actor with an executor of its own) is out of reach
/// (docs/runtime-scenarios.md, "What runs where").
///
/// It is a `TaskExecutor` on macOS 15, iOS 18, watchOS 11, tvOS 18 and visionOS 2 or later (SE-0417); on older systems
/// nothing can prefer it, and the runtime driver reports runtime scenarios as errored.
public final class ManualTaskExecutor: @unchecked Sendable {
  /// Where a queued job came from, which says how it runs.
  fileprivate enum Origin {
    /// Enqueued on this executor as a task's preference (SE-0417).
    case preferred
    /// A global-executor enqueue routed here by ``ScenarioEnqueueHooks`` (a plain `Task {}`).
    case global
    /// Queued on the main actor while ``ScenarioEnqueueHooks`` made ``mainActor`` its executor: it runs as the main
    /// actor.
    case mainActor
  }

  fileprivate let lock = NSLock()
  // Guarded by `lock`: the queue is `jobs[head...]`; the consumed prefix is dropped when the queue empties.
  fileprivate var jobs: [(job: UnownedJob, origin: Origin)] = []
  private var head = 0
  // Guarded by `lock`: how many jobs have been enqueued since the executor was created, and how many of them the
  // driver queued itself (its main-actor operations on a view model).
  private var enqueued = 0
  private var queuedByDriver = 0

  /// The scenario's stand-in for the main actor's executor, which ``ScenarioEnqueueHooks`` hands out on the driver's
  /// thread: its jobs join this queue.
  let mainActor: ScenarioMainActorExecutor

  /// Creates an executor with an empty queue.
  public init() {
    mainActor = ScenarioMainActorExecutor.make()
    mainActor.attach(self)
  }

  /// Runs queued jobs one at a time, in order, on the calling thread, until the queue is empty (including jobs that
  /// the jobs it runs enqueue) or `limit` jobs have run.
  ///
  /// Must not be called from a job this executor is running.
  ///
  /// - Parameter limit: The most jobs to run, so that a runtime that never stops making work (a loop of `Task.yield()`)
  ///   cannot hang the driver.
  /// - Returns: Whether the queue is empty: `false` when `limit` jobs ran and more are waiting.
  @discardableResult
  package func drain(limit: Int = .max) -> Bool {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return true }
    var count = 0
    while count < limit, let (job, origin) = next() {
      switch origin {
      case .preferred, .global: job.runSynchronously(on: asUnownedTaskExecutor())
      // On the driver's thread, but as the main actor: the job's code finds itself isolated to it, as it would on
      // the main thread, and the main actor's jobs still run one at a time.
      case .mainActor: job.runSynchronously(on: mainActor.asUnownedSerialExecutor())
      }
      count += 1
    }
    return isIdle
  }

  /// How many jobs the runtime has queued so far (the driver's own left out), so that the driver can tell whether a
  /// step queued any.
  package var runtimeJobCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return enqueued - queuedByDriver
  }

  /// Counts the next job as the driver's own, not the runtime's.
  func countDriverJob() {
    lock.lock()
    queuedByDriver += 1
    lock.unlock()
  }

  /// Queues a job that the Swift runtime meant for the global executor.
  func enqueueRouted(_ job: UnownedJob) {
    append(job, .global)
  }

  /// Queues a job of the scenario's main actor.
  func enqueueMainActor(_ job: UnownedJob) {
    append(job, .mainActor)
  }

  fileprivate func append(_ job: UnownedJob, _ origin: Origin) {
    lock.lock()
    jobs.append((job, origin))
    enqueued += 1
    lock.unlock()
  }

  /// Whether task executors exist on this system, so that a runtime can prefer this executor.
  package static var isSupported: Bool {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
    return true
  }

  /// Whether no job is waiting.
  package var isIdle: Bool {
    lock.lock()
    defer { lock.unlock() }
    return head == jobs.count
  }

  private func next() -> (UnownedJob, Origin)? {
    lock.lock()
    defer { lock.unlock() }
    guard head < jobs.count else {
      if head > 0 {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      return nil
    }
    let job = jobs[head]
    head += 1
    return job
  }
}

// MARK: - TaskExecutor

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension ManualTaskExecutor: TaskExecutor {
  /// Queues `job`; it runs at the next ``drain(limit:)``. Called by the concurrency runtime, from any thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    append(UnownedJob(job), .preferred)
  }
}
