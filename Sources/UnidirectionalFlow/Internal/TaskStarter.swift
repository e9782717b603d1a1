// MARK: - TaskStarter

/// How a store starts its effect tasks: the one place a ``StoreCore`` creates a `Task`.
///
/// `Task(executorPreference:)` and `TaskExecutor` need macOS 15, iOS 18, watchOS 11, tvOS 18 or visionOS 2, while the
/// package supports older systems; keeping the executor inside a closure lets ``Store`` store it without naming the
/// type.
struct TaskStarter: Sendable {
  /// Starts `operation` in a new unstructured task and returns its handle.
  let start: @Sendable (_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>

  /// Tasks on the global concurrent executor: `Task { }`.
  static let global = TaskStarter { operation in Task { await operation() } }

  /// Tasks that prefer `executor` (SE-0417), or the global concurrent executor when it is `nil`.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static func preferring(_ executor: (any TaskExecutor)?) -> TaskStarter {
    TaskStarter { operation in Task(executorPreference: executor) { await operation() } }
  }
}
