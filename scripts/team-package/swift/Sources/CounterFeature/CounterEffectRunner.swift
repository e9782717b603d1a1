import UnidirectionalFlow

/// Where the counter saves its count: a server or a database in the app, a scripted fake under runtime scenarios.
public protocol CounterStorage: Sendable {
  /// Saves `count` and says whether it was saved (the manifest's dependency `save(count) → SaveResult`).
  func save(count: Int) async throws -> SaveResult
}

/// Runs the counter's effects (rules C6 and C8 of Conformance/features/counter.md): `persist` saves the count and
/// sends the answer back as `saveResponse`; a save that has not answered within ``timeout`` is cancelled.
public struct CounterEffectRunner: EffectRunner {
  /// The reason shown when a save throws (C6); the error's own text is never shown.
  public static let failureReason = "Could not save. Please try again."
  /// The reason shown when a save times out (C8).
  public static let timeoutReason = "Saving timed out. Please try again."
  /// How long a save may take, on the runner's clock (C8).
  public static let timeout: Duration = .milliseconds(5_000)

  private let storage: any CounterStorage
  private let clock: any Clock<Duration>

  /// Creates a runner that saves through `storage` and times saves out on `clock`.
  public init(storage: some CounterStorage, clock: some Clock<Duration> = ContinuousClock()) {
    self.storage = storage
    self.clock = clock
  }

  public func run(_ effect: CounterEffect) async throws -> [CounterAction] {
    switch effect {
    case .persist(let count):
      let result = try await withThrowingTaskGroup(of: SaveResult?.self) { group in
        group.addTask { [storage] in
          do {
            return try await storage.save(count: count)
          } catch {
            try Task.checkCancellation()  // cancelled (C7, C8): no answer
            return .failed(reason: Self.failureReason)
          }
        }
        group.addTask { [clock] in
          try await clock.sleep(for: Self.timeout)
          return nil  // timed out
        }
        defer { group.cancelAll() }  // the loser: the sleep, or the save (recorded as cancelled)
        return try await group.next() ?? nil
      }
      try Task.checkCancellation()  // cleared meanwhile (C7): send nothing
      return [.saveResponse(result: result ?? .failed(reason: Self.timeoutReason))]
    }
  }
}
