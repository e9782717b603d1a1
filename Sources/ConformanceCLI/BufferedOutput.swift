import Foundation

/// A file descriptor with a 64 KiB write buffer, flushed per line on a terminal.
final class BufferedOutput: @unchecked Sendable {
  private let descriptor: Int32
  private let lineBuffered: Bool
  private var buffer: [UInt8] = []
  private let lock = NSLock()
  /// The `errno` of the first failed write, if any; later output is dropped. `EPIPE` means the reader went away
  /// (`conformance … | head`), which is not an error of the run.
  private(set) var failure: Int32?

  init(descriptor: Int32, lineBuffered: Bool) {
    self.descriptor = descriptor
    self.lineBuffered = lineBuffered
    buffer.reserveCapacity(65_536)
  }

  deinit { flush() }

  func write(_ text: String) {
    lock.lock()
    if failure != nil {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: text.utf8)
    let shouldFlush = lineBuffered || buffer.count >= 65_536
    lock.unlock()
    if shouldFlush { flush() }
  }

  func flush() {
    lock.lock()
    defer { lock.unlock() }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// `write(2)`, outside the class so the name does not collide with ``BufferedOutput/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
