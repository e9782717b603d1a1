import Foundation

// MARK: - ScenarioEnqueueHooks

/// Routes the jobs a runtime under test queues for the global executor or for the main actor to its scenario's
/// ``ManualTaskExecutor``, so that a view model written the usual way (`@MainActor`, effects started with a plain
/// `Task {}`) runs as deterministically as a store whose tasks prefer the executor.
///
/// Why: a task preference (SE-0417) reaches only the tasks that ask for it and their children. A plain `Task {}` is
/// queued on the global executor, and a main-actor task or hop on the main actor's executor: both would run on other
/// threads while the driver reads the state, so a scenario would pass on one run and fail on the next. Point-Free's
/// `withMainSerialExecutor` (swift-concurrency-extras) solves this for tests by setting the Swift runtime's
/// `swift_task_enqueueGlobal_hook`; this does the same, and sets `swift_task_getMainExecutor_hook` too, so that on the
/// driver's thread the main actor's executor is the scenario's ``ScenarioMainActorExecutor``: a main-actor task or hop
/// queues there, and its jobs run as the main actor (isolation checks included) when the driver drains.
///
/// The hooks are process-wide, but the routing is per thread: a job is routed only when it is queued from a thread
/// that is driving a scenario inside ``routing(to:_:)`` (the step itself, or a job the driver is running). Everything
/// else in the process, a parallel scenario on another thread included, goes where it would have gone (to the hook
/// installed before, if any). Work queued from another thread (a `DispatchQueue`, a `Thread`, a real sleep's timer)
/// is therefore never routed: it escapes the scenario, and the driver reports the state changes it causes.
///
/// The hooks are looked up with `dlsym`, as swift-concurrency-extras does; a Swift runtime that does not export them
/// leaves ``isAvailable`` `false`, and the driver then reports the scenarios that need them instead of running them
/// nondeterministically.
enum ScenarioEnqueueHooks {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
  private typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
  private typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

  /// Whether the hooks are installed: looked up and set once, on first use.
  static var isAvailable: Bool { installation.isInstalled }

  /// Runs `body` with the global and main-actor enqueues of this thread routed to `executor`.
  ///
  /// Nests: the routing in force before is restored when `body` returns.
  static func routing<Result>(to executor: ManualTaskExecutor, _ body: () -> Result) -> Result {
    guard isAvailable else { return body() }
    let previous = pthread_getspecific(installation.key)
    pthread_setspecific(installation.key, Unmanaged.passUnretained(executor).toOpaque())
    defer { pthread_setspecific(installation.key, previous) }
    return body()
  }

  // MARK: - Installation

  private struct Installation: @unchecked Sendable {
    var key = pthread_key_t()
    var isInstalled = false
    var previousGlobal: Hook?
    var previousMain: MainHook?
  }

  private static let installation: Installation = install()

  private static func install() -> Installation {
    var installation = Installation()
    guard let handle = dlopen(nil, RTLD_NOW),
      let global = dlsym(handle, "swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self),
      let main = dlsym(handle, "swift_task_getMainExecutor_hook")?.assumingMemoryBound(to: MainHook?.self),
      pthread_key_create(&installation.key, nil) == 0
    else { return installation }
    installation.previousGlobal = global.pointee
    installation.previousMain = main.pointee
    installation.isInstalled = true
    global.pointee = { job, original in ScenarioEnqueueHooks.enqueueGlobal(job, original: original) }
    main.pointee = { original in ScenarioEnqueueHooks.mainExecutor(original: original) }
    return installation
  }

  /// This thread's scenario executor, if it is driving a scenario.
  private static var current: ManualTaskExecutor? {
    guard let executor = pthread_getspecific(installation.key) else { return nil }
    return Unmanaged<ManualTaskExecutor>.fromOpaque(executor).takeUnretainedValue()
  }

  /// The global hook: to this thread's scenario executor, else to the previous hook, else where the runtime meant.
  private static func enqueueGlobal(_ job: UnownedJob, original: Original) {
    if let executor = current {
      executor.enqueueRouted(job)
    } else if let previous = installation.previousGlobal {
      previous(job, original)
    } else {
      original(job)
    }
  }

  /// The main-executor hook: this thread's scenario stand-in, else the previous hook's answer, else the real one.
  private static func mainExecutor(original: MainOriginal) -> UnownedSerialExecutor {
    if let executor = current { return executor.mainActor.asUnownedSerialExecutor() }
    if let previous = installation.previousMain { return previous(original) }
    return original()
  }
}
