import Foundation

/// Text appended piece by piece to a temporary file and read back once, so that a report of any size is built in
/// flat memory: the JSON and JUnit reporters keep one spool per section and put the sections
/// together when the report is written.
///
/// Appends are buffered (64 KiB). The temporary file is removed from its folder as soon as it is created and only its
/// open descriptor is kept, so an interrupted or killed run leaves nothing behind. When no temporary file can be
/// created, the text stays in memory instead: the report is still written, only the memory bound is lost.
final class Spool {
  private var buffer: [UInt8] = []
  private var handle: FileHandle?
  /// Whether anything was appended.
  private(set) var isEmpty = true

  private static let flushThreshold = 64 << 10

  /// Creates an empty spool; its file is created on the first flush.
  init() {}

  deinit {
    try? handle?.close()
  }

  /// Appends `text`.
  func append(_ text: String) {
    isEmpty = false
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Writes everything appended so far to `sink`, in order, in chunks of at most 64 KiB.
  func copy(to sink: (Data) throws -> Void) rethrows {
    if let handle {
      flush()
      if (try? handle.seek(toOffset: 0)) != nil {
        while let chunk = try? handle.read(upToCount: Self.flushThreshold), !chunk.isEmpty { try sink(chunk) }
      }
      _ = try? handle.seekToEnd()
    }
    if !buffer.isEmpty { try sink(Data(buffer)) }
  }

  /// Moves the buffer to the file, creating it on first use; keeps it in memory when the file cannot be written.
  private func flush() {
    if handle == nil {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-spool-\(UUID().uuidString)")
      guard FileManager.default.createFile(atPath: file.path, contents: nil),
        let opened = try? FileHandle(forUpdating: file)
      else { return }
      try? FileManager.default.removeItem(at: file)
      handle = opened
    }
    guard let handle, (try? handle.write(contentsOf: buffer)) != nil else { return }
    buffer.removeAll(keepingCapacity: true)
  }
}
