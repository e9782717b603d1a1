import Foundation

// MARK: - ManualClock

/// A clock whose time moves only when a runtime scenario's `advance` step moves it: the virtual time of scenario
/// format v1.1 (harness protocol §2.5), in the manner of swift-clocks' `TestClock`.
///
/// A runtime under test takes it wherever it would take a `ContinuousClock`:
///
/// ```swift
/// LoginEffectRunner(client: client, clock: environment.clock)  // the LR3 timeout sleeps on virtual time
/// ```
///
/// - `sleep(until:tolerance:)` suspends until the scenario advances to or past the deadline; a deadline that is not
///   after ``now`` returns at once.
/// - Cancelling the sleeping task resumes it at once with `CancellationError`, at the current virtual time; a task
///   that is already cancelled does not sleep.
/// - An `advance` step runs the sleepers that fall due in deadline order (the order they started sleeping, for equal
///   deadlines), each at its own deadline: ``now`` is that deadline while the woken task and everything it makes
///   runnable run. Then ``now`` is the old time plus the step's milliseconds.
///
/// Time starts at zero for every scenario.
public final class ManualClock: Clock, @unchecked Sendable {
  /// A point in virtual time: the duration since the scenario started.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The virtual time elapsed since the scenario started.
    public var offset: Duration

    /// Creates the instant `offset` after the scenario started.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later (earlier when negative).
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by their offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let lock = NSLock()
  // Guarded by `lock`:
  private var current = Instant(offset: .zero)
  private var sleepers: [Int: Sleeper] = [:]
  private var lastSleeperID = 0
  private var isClosed = false

  /// Creates a clock at virtual time zero.
  public init() {}

  // MARK: - Clock

  /// The current virtual time.
  public var now: Instant { locked { current } }

  /// Zero: virtual time has no granularity.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the scenario advances to `deadline` or past it.
  ///
  /// - Parameters:
  ///   - deadline: The virtual instant to wake at; not after ``now`` returns at once.
  ///   - tolerance: Ignored: sleepers wake exactly at their deadline.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps, or when the scenario ends
  ///   first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    guard let id = try register(deadline) else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in park(continuation, id) }
    } onCancel: {
      wake(id, with: .failure(CancellationError()))
    }
  }

  // MARK: - Driving (scenario driver)

  /// Moves virtual time forward by `duration`, waking each sleeper that falls due on the way, in deadline order, and
  /// calling `settle` after each one with ``now`` at its deadline.
  ///
  /// - Parameters:
  ///   - duration: How far to move; zero wakes nothing new, and a negative duration counts as zero (time never goes
  ///     back).
  ///   - settle: Runs everything runnable (the driver drains the ``ManualTaskExecutor``) and returns whether it got
  ///     to the end; sleepers it starts that fall due within `duration` are woken too.
  /// - Returns: `false` when `settle` did not get to the end; time then stays at the last deadline reached.
  @discardableResult
  package func advance(by duration: Duration, settle: () -> Bool) -> Bool {
    let target = locked { current.advanced(by: max(duration, .zero)) }
    while let id = nextDue(by: target) {
      wake(id, with: .success(()))
      guard settle() else { return false }
    }
    locked { current = target }
    return true
  }

  /// Ends every sleep with `CancellationError` and makes later sleeps end so at once: the scenario is over.
  package func close() {
    let ids = locked { () -> [Int] in
      isClosed = true
      return sleepers.keys.sorted()
    }
    for id in ids { wake(id, with: .failure(CancellationError())) }
  }

  /// How many tasks are sleeping.
  package var sleeperCount: Int { locked { sleepers.count } }

  // MARK: - Sleepers

  private struct Sleeper {
    let deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    /// The outcome, when it came before the sleeper parked.
    var early: Result<Void, any Error>?
  }

  /// Registers a sleeper, or returns `nil` when `deadline` is already reached.
  ///
  /// - Throws: `CancellationError` when the scenario is over.
  private func register(_ deadline: Instant) throws(CancellationError) -> Int? {
    let id = locked { () -> Int?? in
      if isClosed { return .none }
      guard current < deadline else { return .some(nil) }
      lastSleeperID += 1
      sleepers[lastSleeperID] = Sleeper(deadline: deadline)
      return .some(lastSleeperID)
    }
    guard let id else { throw CancellationError() }
    return id
  }

  private func park(_ continuation: CheckedContinuation<Void, any Error>, _ id: Int) {
    let outcome = locked { () -> Result<Void, any Error>? in
      guard var sleeper = sleepers[id] else { return .failure(CancellationError()) }
      if let early = sleeper.early {
        sleepers[id] = nil
        return early
      }
      sleeper.continuation = continuation
      sleepers[id] = sleeper
      return nil
    }
    if let outcome { continuation.resume(with: outcome) }
  }

  /// Ends sleeper `id` with `outcome`, now or as soon as it parks; a sleeper already ended is left alone.
  private func wake(_ id: Int, with outcome: Result<Void, any Error>) {
    let continuation = locked { () -> CheckedContinuation<Void, any Error>? in
      guard var sleeper = sleepers[id], sleeper.early == nil else { return nil }
      guard let continuation = sleeper.continuation else {
        sleeper.early = outcome
        sleepers[id] = sleeper
        return nil
      }
      sleepers[id] = nil
      return continuation
    }
    continuation?.resume(with: outcome)
  }

  /// The first sleeper due by `target` (earliest deadline, then earliest registered), with ``now`` moved to its
  /// deadline.
  private func nextDue(by target: Instant) -> Int? {
    locked { () -> Int? in
      var best: (id: Int, deadline: Instant)?
      for (id, sleeper) in sleepers where sleeper.early == nil && sleeper.deadline <= target {
        if let chosen = best, (chosen.deadline, chosen.id) < (sleeper.deadline, id) { continue }
        best = (id, sleeper.deadline)
      }
      if let best, current < best.deadline { current = best.deadline }
      return best?.id
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
