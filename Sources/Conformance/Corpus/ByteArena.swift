/// Short byte strings (file names, ids) stored one after the other in chunks of 256 KiB: a large arena grows without
/// copying what it holds and wastes at most one chunk, so its peak memory is its size, not up to three times it as
/// for a doubling array that is copied when it grows (issue 7, item 8).
///
/// A string is found by its position, `chunk << 18 | offset`, and its length; a string never spans two chunks, and is
/// at most 65,535 bytes (names are at most 255, `NAME_MAX`).
struct ByteArena {
  private var chunks: [[UInt8]] = []

  /// The bytes of one chunk: 256 KiB.
  static let chunkSize = 1 << 18

  /// Appends `bytes` and returns their position.
  mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int32 {
    if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > Self.chunkSize {
      var chunk: [UInt8] = []
      chunk.reserveCapacity(max(Self.chunkSize, bytes.count))
      chunks.append(chunk)
    }
    let last = chunks.count - 1
    let offset = chunks[last].count
    chunks[last].append(contentsOf: bytes)
    return Int32(last << 18 | offset)
  }

  /// Removes the bytes appended last, from `position` on.
  mutating func removeLast(from position: Int32) {
    let (chunk, offset) = Self.split(position)
    guard chunk == chunks.count - 1 else { return }
    chunks[chunk].removeSubrange(offset...)
  }

  /// The `length` bytes at `position`.
  func bytes(at position: Int32, length: Int) -> ArraySlice<UInt8> {
    let (chunk, offset) = Self.split(position)
    return chunks[chunk][offset..<offset + length]
  }

  /// The byte at `index` of the string at `position`.
  func byte(at position: Int32, _ index: Int) -> UInt8 {
    let (chunk, offset) = Self.split(position)
    return chunks[chunk][offset + index]
  }

  private static func split(_ position: Int32) -> (chunk: Int, offset: Int) {
    (Int(position) >> 18, Int(position) & (chunkSize - 1))
  }
}
