import Foundation

// MARK: - EventChannel

/// A channel of one-off events (navigation, a toast) from a store to the screen that shows it: Kotlin's
/// `Channel<Event>(BUFFERED).receiveAsFlow()`, for a view that listens with `.task { for await event in … }`.
///
/// One listener at a time: ``listen()`` returns a new stream each time the screen appears, and the stream ends when
/// the listening task is cancelled (SwiftUI cancels a view's `.task` when it disappears). An event sent while no one
/// listens waits, in order, for the next listener, so a navigation event is never lost and never delivered twice.
///
/// ```swift
/// .task { for await event in events.listen() { navigate(to: event) } }
/// ```
public final class EventChannel<Event: Sendable>: Sendable {
  private struct Storage {
    var waiting: [Event] = []
    var listener: (id: Int, continuation: AsyncStream<Event>.Continuation)?
    var nextID = 0
  }

  private let storage = NSLockedValue(Storage())

  /// Creates a channel with no listener and nothing waiting.
  public init() {}

  /// Delivers `event` to the listener, or keeps it for the next one when no one listens.
  ///
  /// - Parameter event: The event to deliver once.
  public func send(_ event: Event) {
    storage.withLock { storage in
      if let listener = storage.listener {
        listener.continuation.yield(event)
      } else {
        storage.waiting.append(event)
      }
    }
  }

  /// Starts listening: the events waiting first, then each event as it is sent, until the listening task is
  /// cancelled or the next ``listen()`` replaces this listener.
  ///
  /// - Returns: A stream of the events, each delivered to one listener only.
  public func listen() -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    let (id, replaced) = storage.withLock { storage in
      let replaced = storage.listener?.continuation
      storage.nextID += 1
      storage.listener = (storage.nextID, continuation)
      for event in storage.waiting { continuation.yield(event) }
      storage.waiting = []
      return (storage.nextID, replaced)
    }
    // Outside the lock: finishing runs the replaced stream's termination handler, which takes the lock.
    replaced?.finish()
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { storage in
        if storage.listener?.id == id { storage.listener = nil }
      }
    }
    return stream
  }
}

// MARK: - NSLockedValue

/// A value behind an `NSLock` (Foundation's `Mutex` needs macOS 15).
private final class NSLockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
