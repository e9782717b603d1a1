import Dispatch
import Foundation

/// Cuts a byte stream into `\n`-terminated lines, bounding how much of one line is kept.
struct LineSplitter {
  /// The longest line emitted whole, in bytes; may change between chunks.
  var maximumLineLength: Int
  private var pending: [UInt8] = []
  private var overlongPrefix: Data?
  private var overlongLength = 0
  /// Whether the overlong line being skipped was already reported (before its `\n` arrived).
  private var overlongReported = false

  init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// The bytes after the last `\n` seen so far (empty while skipping an overlong line).
  var remainder: Data { Data(pending) }

  /// Feeds `chunk`, calling `emit` for each complete line and each overlong-line report.
  ///
  /// A line over the limit is reported once: with its whole length when its `\n` is in the chunk that took it over
  /// the limit, otherwise at the end of that chunk with the length read so far (`ended: false`), because a harness
  /// that writes without ever ending the line would otherwise be reported only when the reply's deadline passed.
  mutating func split(_ chunk: UnsafeRawBufferPointer, emit: (LineChannel.Event) -> Void) {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count {
      guard let newline = memchr(base + start, 0x0A, chunk.count - start) else {
        append(UnsafeRawBufferPointer(start: base + start, count: chunk.count - start))
        if let prefix = overlongPrefix, !overlongReported {
          emit(.overlong(prefix: prefix, length: overlongLength, ended: false))
          overlongReported = true
        }
        return
      }
      let end = base.distance(to: UnsafeRawPointer(newline))
      if pending.isEmpty, overlongPrefix == nil, end - start <= maximumLineLength {
        emit(.line(Data(bytes: base + start, count: end - start)))
      } else {
        append(UnsafeRawBufferPointer(start: base + start, count: end - start))
        if let prefix = overlongPrefix {
          if !overlongReported { emit(.overlong(prefix: prefix, length: overlongLength, ended: true)) }
          overlongPrefix = nil
          overlongLength = 0
          overlongReported = false
        } else {
          emit(.line(Data(pending)))
        }
        pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
      }
      start = end + 1
    }
  }

  private mutating func append(_ segment: UnsafeRawBufferPointer) {
    if overlongPrefix != nil {
      overlongLength += segment.count
    } else if pending.count + segment.count > maximumLineLength {
      var prefix = Data(pending.prefix(LineChannel.overlongPrefixLength))
      prefix.append(contentsOf: segment.prefix(LineChannel.overlongPrefixLength - prefix.count))
      overlongPrefix = prefix
      overlongLength = pending.count + segment.count
      pending = []
    } else {
      pending.append(contentsOf: segment)
    }
  }
}
