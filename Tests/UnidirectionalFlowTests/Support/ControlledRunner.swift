import Foundation
import UnidirectionalFlow

// MARK: - ControlledRunner

/// An ``EffectRunner`` whose effects suspend until the test resolves them, so that every interleaving a
/// test needs is reached by handshakes (await an event, then act), never by sleeping.
///
/// Each `.work(key:…)` effect records `.started(key)`, suspends until ``resolve(_:returning:)`` or
/// ``resolve(_:throwing:)`` is called for its key, and records `.ended(key, outcome)`. A key listed in
/// `ignoringCancellation` keeps waiting when its task is cancelled (a runner that does not honour
/// cancellation), so the test can deliver a late result; any other key ends with `CancellationError` as
/// soon as its task is cancelled.
final class ControlledRunner: EffectRunner, @unchecked Sendable {
  typealias Effect = RecordingFeature.Effect
  typealias Action = RecordingFeature.Action

  enum Outcome: Equatable, Sendable { case returned, threw, cancelled }

  enum Event: Equatable, Sendable {
    case started(Int)
    case ended(Int, Outcome)
  }

  struct Failure: Error {}

  private let ignoringCancellation: Set<Int>
  private let lock = NSLock()
  // Guarded by `lock`:
  private var parked: [Int: CheckedContinuation<[Action], any Error>] = [:]
  private var early: [Int: Result<[Action], any Error>] = [:]
  private var recorded: [Event] = []
  private var received: [Effect] = []
  private var eventWaiters: [(Event, CheckedContinuation<Void, Never>)] = []
  private var live = 0

  init(ignoringCancellation: Set<Int> = []) {
    self.ignoringCancellation = ignoringCancellation
  }

  // MARK: - Inspecting

  /// How many `run` calls are in progress right now.
  var liveCount: Int { locked { live } }
  /// Every event so far, in order.
  var events: [Event] { locked { recorded } }
  /// Every effect handed to `run`, in order.
  var receivedEffects: [Effect] { locked { received } }

  /// Suspends until `event` has been recorded (returns at once if it already was).
  func wait(for event: Event) async {
    await withCheckedContinuation { continuation in
      let done = locked { () -> Bool in
        if recorded.contains(event) { return true }
        eventWaiters.append((event, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  // MARK: - Resolving

  /// Lets effect `key` return `actions` (now, or as soon as it suspends).
  func resolve(_ key: Int, returning actions: [Action]) {
    deliver(key, .success(actions))
  }

  /// Lets effect `key` throw `error` (now, or as soon as it suspends).
  func resolve(_ key: Int, throwing error: any Error = Failure()) {
    deliver(key, .failure(error))
  }

  // MARK: - EffectRunner

  func run(_ effect: Effect) async throws -> [Action] {
    locked { received.append(effect) }
    guard let key = effect.key else { return [] }
    locked { live += 1 }
    record(.started(key))
    do {
      let actions = try await suspend(key)
      finish(key, .returned)
      return actions
    } catch is CancellationError {
      finish(key, .cancelled)
      throw CancellationError()
    } catch {
      finish(key, .threw)
      throw error
    }
  }

  // MARK: - Helpers

  private func suspend(_ key: Int) async throws -> [Action] {
    if ignoringCancellation.contains(key) {
      return try await withCheckedThrowingContinuation { park($0, key) }
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { park($0, key) }
    } onCancel: {
      deliver(key, .failure(CancellationError()))
    }
  }

  private func park(_ continuation: CheckedContinuation<[Action], any Error>, _ key: Int) {
    let result = locked { () -> Result<[Action], any Error>? in
      if let result = early.removeValue(forKey: key) { return result }
      parked[key] = continuation
      return nil
    }
    if let result { continuation.resume(with: result) }
  }

  private func deliver(_ key: Int, _ result: Result<[Action], any Error>) {
    let continuation = locked { () -> CheckedContinuation<[Action], any Error>? in
      if let continuation = parked.removeValue(forKey: key) { return continuation }
      if early[key] == nil { early[key] = result }
      return nil
    }
    continuation?.resume(with: result)
  }

  private func finish(_ key: Int, _ outcome: Outcome) {
    locked { live -= 1 }
    record(.ended(key, outcome))
  }

  private func record(_ event: Event) {
    let ready = locked { () -> [CheckedContinuation<Void, Never>] in
      recorded.append(event)
      let ready = eventWaiters.filter { $0.0 == event }.map(\.1)
      eventWaiters.removeAll { $0.0 == event }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
