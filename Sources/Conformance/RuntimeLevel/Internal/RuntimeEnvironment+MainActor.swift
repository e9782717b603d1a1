// MARK: - Main-actor operations (scenario driver)

extension RuntimeEnvironment {
  /// Queues `body` on ``executor`` as a main-actor job, to run at the next settle; the caller is the driver, inside
  /// ``ScenarioEnqueueHooks/routing(to:_:)``, so the job is routed here rather than to the main thread.
  func queueOnMainActor(_ body: @escaping @MainActor () -> Void) {
    executor.countDriverJob()
    Task { @MainActor in body() }
  }

  /// Starts `body` as a task on ``executor``, to run at the next settle: the screen's tasks (format v1.3).
  func startTask(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
      return Task(executorPreference: executor, operation: body)
    }
    // Unreachable in a scenario: the driver runs none without task executors.
    return Task(operation: body)
  }

  /// How many jobs the runtime has queued on ``executor`` so far, the driver's own main-actor operations left out.
  var runtimeJobCount: Int { executor.runtimeJobCount }

  /// Runs `body` as a main-actor job now, with everything already queued before it and everything it queues: the
  /// scenario's own main actor, on the driver's thread.
  ///
  /// - Returns: What `body` returned, or `nil` when ``jobLimit`` jobs ran before it did.
  func runOnMainActor<Value>(_ body: @escaping @MainActor () -> Value) -> Value? {
    nonisolated(unsafe) var value: Value?
    queueOnMainActor { value = body() }
    executor.drain(limit: Self.jobLimit)
    return value
  }
}

// MARK: - UncheckedSendable

/// A value handed to a main-actor job that the driver runs on its own thread, one job at a time: never touched by two
/// threads at once, though the compiler cannot see it.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}
