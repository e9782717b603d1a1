import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The end of what a harness wrote to stderr, kept for fault reports (harness protocol v1: stderr is for
/// diagnostics; the runner shows it when something goes wrong and never treats output there as a fault).
///
/// A reader thread drains the pipe continuously with ``pump(from:)``, so a chatty harness never blocks on a full pipe;
/// only the last ``capacity`` bytes are kept, and ``text`` shows at most the last ``lineCount`` lines of them.
final class StderrTail: @unchecked Sendable {
  /// Bytes kept: 64 KiB.
  static let capacity = 64 * 1024
  /// Lines shown.
  static let lineCount = 20

  private let lock = NSLock()
  private var bytes = Data()
  /// Fires at end of file: every process holding the pipe has exited or closed it.
  let ended = OneShotEvent()

  /// Reads `descriptor` until end of file, keeping the tail, then closes it. Blocks: run it on a thread of its own.
  func pump(from descriptor: Int32) {
    let chunkSize = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, chunkSize)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      lock.lock()
      bytes.append(buffer.assumingMemoryBound(to: UInt8.self), count: count)
      if bytes.count > 2 * Self.capacity { bytes = Data(bytes.suffix(Self.capacity)) }
      lock.unlock()
    }
    ChildProcess.closeDescriptor(descriptor)
    ended.fire()
  }

  /// The last ``lineCount`` lines (of the last ``capacity`` bytes), decoded as UTF-8 with invalid bytes replaced,
  /// without a trailing newline; empty when nothing was written.
  var text: String {
    lock.lock()
    let kept = bytes.suffix(Self.capacity)
    lock.unlock()
    var lines = String(decoding: kept, as: UTF8.self).split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines.suffix(Self.lineCount).joined(separator: "\n")
  }
}
