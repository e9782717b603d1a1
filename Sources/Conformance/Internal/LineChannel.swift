import Dispatch
import Foundation

/// The lines a harness writes to stdout, split on `\n` by a reader thread and handed one at a time to an async waiter
/// with a deadline (harness protocol v1: one JSON object per `\n`-terminated line).
///
/// One thread per harness process runs ``pump(from:)`` for the process's whole life, so a reply
/// costs no thread or task creation: the reader resumes the waiting continuation directly, and one reusable dispatch
/// timer enforces the deadline. Lines nobody waits for are queued (up to ``maximumQueued`` lines and
/// ``maximumQueuedBytes`` bytes; one line of any allowed length is always taken): replies to pipelined requests wait
/// here. When the queue is full the reader thread stops reading until a waiter takes a line, so the harness blocks
/// on its full pipe: no line is ever dropped, and memory stays bounded however fast the harness writes.
final class LineChannel: @unchecked Sendable {
  /// What a waiter receives.
  enum Event: Sendable, Equatable {
    /// One complete line, without its `\n`.
    case line(Data)
    /// A line longer than the limit: its first bytes and its length in bytes. With `ended`, the line's `\n` was read
    /// and `length` is the whole line's; without, the line passed the limit before its `\n` arrived and `length` is
    /// what was read so far. It is reported as soon as the limit is passed, so a harness that never ends its line
    /// is caught then, not when the waiter's deadline passes.
    case overlong(prefix: Data, length: Int, ended: Bool)
    /// End of file on stdout (or the process exited and its stdout stayed open elsewhere); `unterminated` holds the
    /// bytes after the last `\n`, usually none.
    case closed(unterminated: Data)
    /// The deadline passed first.
    case timedOut
  }

  /// The most lines kept while no one is waiting.
  static let maximumQueued = 256
  /// The most bytes kept in queued lines while no one is waiting: 64 MiB.
  static let maximumQueuedBytes = 64 * 1024 * 1024
  /// How many bytes of an overlong line are kept for the report.
  static let overlongPrefixLength = 2048

  /// Guards the state below; the reader thread waits on it while the queue is full.
  private let lock = NSCondition()
  private var lineLimit: Int
  private var queue: [Event] = []
  private var queuedBytes = 0
  private var closedEvent: Event?
  private var waiter: CheckedContinuation<Event, Never>?
  private var deadline = DispatchTime.distantFuture
  private let timer: DispatchSourceTimer

  /// Creates a channel whose lines may be up to `maximumLineLength` bytes (see ``setMaximumLineLength(_:)``).
  init(maximumLineLength: Int) {
    lineLimit = maximumLineLength
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .distantFuture)
    timer.setEventHandler { [weak self] in self?.expire() }
    timer.activate()
  }

  deinit {
    timer.cancel()
  }

  // MARK: - Waiting

  /// The next line or end of file, or ``Event/timedOut`` once `deadline` has passed.
  ///
  /// Only one waiter at a time is supported (harness protocol v1 handles requests strictly one at a time; the
  /// caller serializes). After end of file every call returns the same ``Event/closed(unterminated:)`` at once.
  func next(until deadline: DispatchTime) async -> Event {
    await withCheckedContinuation { (continuation: CheckedContinuation<Event, Never>) in
      lock.lock()
      if !queue.isEmpty {
        let event = queue.removeFirst()
        queuedBytes -= Self.size(of: event)
        lock.broadcast()
        lock.unlock()
        continuation.resume(returning: event)
      } else if let closedEvent {
        lock.unlock()
        continuation.resume(returning: closedEvent)
      } else {
        waiter = continuation
        self.deadline = deadline
        lock.unlock()
        timer.schedule(deadline: deadline)
      }
    }
  }

  /// The next queued line, without waiting: `nil` when none has arrived yet (or after end of file). Used to find a
  /// line the harness wrote after its last expected reply (harness protocol §3.4).
  func nextIfQueued() -> Event? {
    lock.lock()
    defer { lock.unlock() }
    guard !queue.isEmpty else { return nil }
    let event = queue.removeFirst()
    queuedBytes -= Self.size(of: event)
    lock.broadcast()
    return event
  }

  /// Whether end of file was seen (or declared with ``close(unterminated:)``).
  var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closedEvent != nil
  }

  /// Ends the stream: the current and every later waiter gets ``Event/closed(unterminated:)`` after the queued
  /// lines; lines that arrive later are ignored. Only the first call has an effect.
  func close(unterminated: Data = Data()) {
    lock.lock()
    guard closedEvent == nil else { return lock.unlock() }
    let event = Event.closed(unterminated: unterminated)
    closedEvent = event
    lock.broadcast()
    if let waiter {
      self.waiter = nil
      lock.unlock()
      waiter.resume(returning: event)
    } else {
      lock.unlock()
    }
  }

  /// The longest line taken whole, in bytes; longer ones become ``Event/overlong(prefix:length:ended:)``.
  var maximumLineLength: Int {
    lock.lock()
    defer { lock.unlock() }
    return lineLimit
  }

  /// Changes the longest line taken whole, from the next bytes read on (a reply's limit depends on its request:
  /// harness protocol §3.4).
  func setMaximumLineLength(_ length: Int) {
    lock.lock()
    lineLimit = length
    lock.unlock()
  }

  /// Hands the first line to the waiter, if one is waiting, and queues the rest, all before the waiter resumes: lines
  /// that arrived together are seen together (an extra line after a reply is already queued when the reply is
  /// read). While the queue is full (and not empty), waits for room.
  private func deliver(_ events: [Event]) {
    var pending: (waiter: CheckedContinuation<Event, Never>, event: Event)?
    lock.lock()
    for event in events {
      let size = Self.size(of: event)
      while closedEvent == nil, waiter == nil, !queue.isEmpty,
        queue.count >= Self.maximumQueued || queuedBytes + size > Self.maximumQueuedBytes
      {
        if let resume = pending {
          pending = nil
          lock.unlock()
          resume.waiter.resume(returning: resume.event)
          lock.lock()
        } else {
          lock.wait()
        }
      }
      guard closedEvent == nil else { break }
      if let waiter {
        self.waiter = nil
        pending = (waiter, event)
      } else {
        queue.append(event)
        queuedBytes += size
      }
    }
    lock.unlock()
    if let pending { pending.waiter.resume(returning: pending.event) }
  }

  private static func size(of event: Event) -> Int {
    switch event {
    case .line(let line): return line.count
    case .overlong(let prefix, _, _): return prefix.count
    case .closed, .timedOut: return 0
    }
  }

  private func expire() {
    lock.lock()
    guard let waiter else { return lock.unlock() }
    let deadline = self.deadline
    guard DispatchTime.now() >= deadline else {
      lock.unlock()
      timer.schedule(deadline: deadline)
      return
    }
    self.waiter = nil
    lock.unlock()
    waiter.resume(returning: .timedOut)
  }

  // MARK: - Reading

  /// Reads `descriptor` until end of file, splitting on `\n`, then closes it and the channel. Blocks: run it on a
  /// thread of its own.
  ///
  /// Lines longer than ``maximumLineLength`` (read before each chunk) are reported as
  /// ``Event/overlong(prefix:length:ended:)``, at the end of the read that took them past the limit, and skipped to
  /// their end.
  ///
  /// - Parameter descriptor: A blocking, readable descriptor; this method closes it.
  func pump(from descriptor: Int32) {
    var splitter = LineSplitter(maximumLineLength: maximumLineLength)
    let capacity = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, capacity)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      splitter.maximumLineLength = maximumLineLength
      var events: [Event] = []
      splitter.split(UnsafeRawBufferPointer(start: buffer, count: count)) { events.append($0) }
      if !events.isEmpty { deliver(events) }
    }
    ChildProcess.closeDescriptor(descriptor)
    close(unterminated: splitter.remainder)
  }
}
