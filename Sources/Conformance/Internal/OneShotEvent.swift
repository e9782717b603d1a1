import Dispatch
import Foundation

/// Something that happens once (a process exited, a pipe reached end of file) and that async code can wait for with a
/// deadline, without blocking a thread.
///
/// Meant for rare paths (faults, shutdown): each timed wait schedules one dispatch work item.
final class OneShotEvent: @unchecked Sendable {
  private let lock = NSLock()
  private var fired = false
  private var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var nextWaiter: UInt64 = 0

  /// Marks the event as happened and wakes every waiter; later calls do nothing.
  func fire() {
    lock.lock()
    guard !fired else { return lock.unlock() }
    fired = true
    let woken = waiters.values
    waiters = [:]
    lock.unlock()
    for waiter in woken { waiter.resume(returning: true) }
  }

  /// Whether ``fire()`` was called.
  var hasFired: Bool {
    lock.lock()
    defer { lock.unlock() }
    return fired
  }

  /// Waits until the event happens or `deadline` passes.
  ///
  /// - Returns: `true` when the event happened, `false` on timeout.
  func wait(until deadline: DispatchTime) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      lock.lock()
      if fired {
        lock.unlock()
        continuation.resume(returning: true)
        return
      }
      let id = nextWaiter
      nextWaiter += 1
      waiters[id] = continuation
      lock.unlock()
      DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in
        lock.lock()
        let expired = waiters.removeValue(forKey: id)
        lock.unlock()
        expired?.resume(returning: false)
      }
    }
  }

  /// Suspends the current task for `seconds` without blocking a thread (and without throwing on cancellation).
  static func pause(seconds: Double) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume() }
    }
  }
}
