import Foundation
import LoginFeature

// MARK: - FakeAuthenticationClient

/// An ``AuthenticationClient`` whose requests suspend until the test answers them, so that each
/// interleaving is reached by handshakes (await an event, then act), never by sleeping.
///
/// Requests are numbered from 0 in the order they arrive. Each records `.started(n)`, suspends until
/// ``answer(_:with:)`` is called for `n`, and records `.ended(n, outcome)`. With `ignoresCancellation`,
/// a cancelled request keeps waiting and returns whatever it is answered (a client that does not
/// honour cancellation); otherwise it throws `CancellationError` as soon as its task is cancelled.
final class FakeAuthenticationClient: AuthenticationClient, @unchecked Sendable {
  enum Outcome: Equatable, Sendable { case returned, threw, cancelled }

  enum Event: Equatable, Sendable {
    case started(Int)
    case ended(Int, Outcome)
  }

  struct Request: Equatable, Sendable {
    var email: String
    var password: String
  }

  private let ignoresCancellation: Bool
  private let lock = NSLock()
  // Guarded by `lock`:
  private var parked: [Int: CheckedContinuation<LoginResult, any Error>] = [:]
  private var early: [Int: Result<LoginResult, any Error>] = [:]
  private var recordedRequests: [Request] = []
  private var recordedEvents: [Event] = []
  private var eventWaiters: [(Event, CheckedContinuation<Void, Never>)] = []
  private var live = 0

  init(ignoresCancellation: Bool = false) {
    self.ignoresCancellation = ignoresCancellation
  }

  // MARK: - Inspecting

  /// Every request so far, in arrival order.
  var requests: [Request] { locked { recordedRequests } }
  /// Every event so far, in order.
  var events: [Event] { locked { recordedEvents } }
  /// How many requests are in progress right now.
  var liveCount: Int { locked { live } }

  /// Suspends until `event` has been recorded (returns at once if it already was).
  func wait(for event: Event) async {
    await withCheckedContinuation { continuation in
      let done = locked { () -> Bool in
        if recordedEvents.contains(event) { return true }
        eventWaiters.append((event, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  // MARK: - Answering

  /// Answers request `index` (now, or as soon as it suspends).
  func answer(_ index: Int, with result: Result<LoginResult, any Error>) {
    let continuation = locked { () -> CheckedContinuation<LoginResult, any Error>? in
      if let continuation = parked.removeValue(forKey: index) { return continuation }
      if early[index] == nil { early[index] = result }
      return nil
    }
    continuation?.resume(with: result)
  }

  // MARK: - AuthenticationClient

  func authenticate(email: String, password: String) async throws -> LoginResult {
    let index = locked { () -> Int in
      recordedRequests.append(Request(email: email, password: password))
      live += 1
      return recordedRequests.count - 1
    }
    record(.started(index))
    do {
      let result = try await suspend(index)
      finish(index, .returned)
      return result
    } catch is CancellationError {
      finish(index, .cancelled)
      throw CancellationError()
    } catch {
      finish(index, .threw)
      throw error
    }
  }

  // MARK: - Helpers

  private func suspend(_ index: Int) async throws -> LoginResult {
    if ignoresCancellation {
      return try await withCheckedThrowingContinuation { park($0, index) }
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { park($0, index) }
    } onCancel: {
      answer(index, with: .failure(CancellationError()))
    }
  }

  private func park(_ continuation: CheckedContinuation<LoginResult, any Error>, _ index: Int) {
    let result = locked { () -> Result<LoginResult, any Error>? in
      if let result = early.removeValue(forKey: index) { return result }
      parked[index] = continuation
      return nil
    }
    if let result { continuation.resume(with: result) }
  }

  private func finish(_ index: Int, _ outcome: Outcome) {
    locked { live -= 1 }
    record(.ended(index, outcome))
  }

  private func record(_ event: Event) {
    let ready = locked { () -> [CheckedContinuation<Void, Never>] in
      recordedEvents.append(event)
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
