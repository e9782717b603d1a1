import Foundation

@testable import Conformance

/// A thread-safe log that tasks under test append to, read by the test between drains.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []

  /// Appends `event`.
  func append(_ event: String) {
    lock.lock()
    recorded.append(event)
    lock.unlock()
  }

  /// Everything appended so far, in order.
  var events: [String] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }
}

/// The calling thread, for checking where jobs run (`Thread.current` is unavailable in async code).
func currentThread() -> pthread_t { pthread_self() }

extension Duration {
  /// Whole milliseconds, for readable logs.
  var milliseconds: Int64 { components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000 }
}

extension ManualClock {
  /// The current virtual time in milliseconds.
  var nowMilliseconds: Int64 { now.offset.milliseconds }
}
