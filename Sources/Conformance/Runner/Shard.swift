/// One of `total` parts of a corpus that CI machines run apart and `conformance merge-reports` joins again
/// (`conformance run --shard index/total`, docs/ci.md "Sharding and merging").
///
/// A scenario file belongs to one shard, chosen by its shard key: the file's name without `.json` (a valid scenario's
/// id, scenario format §3.1; an invalid file, which has no id, uses the same stem). The key is hashed with FNV-1a 64
/// over its UTF-8 bytes (a stable hash: Swift's `Hasher` is seeded per process) and the hash placed by jump consistent
/// hashing (Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm", 2014). So:
/// - every key lands in exactly one shard, the same on every machine and every run;
/// - adding or removing a scenario moves no other scenario, and going from `n` to `n + 1` shards moves only about a
///   `1/(n + 1)` share of them;
/// - all the cases of a scenario outline share their file and so their shard.
///
/// ```swift
/// let shard = try Shard(parsing: "2/3")  // index 2 of 3, 1-based as Jest, Playwright and Deno
/// shard.holds(key: "login-ok")
/// ```
package struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// The shard's number, 1-based: 1 to ``total``.
  package var index: Int
  /// How many shards the corpus is split into: 1 to ``maximumTotal``.
  package var total: Int

  /// The largest shard count accepted: beyond GitLab's 200 parallel jobs and GitHub's 256 matrix jobs.
  package static let maximumTotal = 1000

  /// What `--shard` accepts, for error messages.
  package static let accepted =
    "'<index>/<total>' with 1 ≤ index ≤ total ≤ \(maximumTotal) (for example '2/3'), or 'auto'"

  /// Creates a shard from a 1-based index, or `nil` when `1 ≤ index ≤ total ≤ maximumTotal` does not hold.
  package init?(index: Int, total: Int) {
    guard (1...Self.maximumTotal).contains(total), (1...total).contains(index) else { return nil }
    self.index = index
    self.total = total
  }

  /// Parses `index/total` (1-based, decimal digits only, no signs or spaces), or returns `nil`.
  package init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Self.number(parts[0]), let total = Self.number(parts[1]) else { return nil }
    self.init(index: index, total: total)
  }

  /// A whole number of at most 9 ASCII digits, or `nil` (so `+1`, `-1`, ` 1` and overflowing values are refused).
  package static func number(_ text: some StringProtocol) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(text)
  }

  /// `index/total`, as given to `--shard`.
  package var description: String { "\(index)/\(total)" }

  /// Whether the file whose key is `key` belongs to this shard.
  package func holds(key: String) -> Bool { Self.number(ofKey: key, total: total) == index }

  /// The 1-based shard that holds `key` when the corpus is split into `total` shards.
  package static func number(ofKey key: String, total: Int) -> Int {
    jump(fnv1a64(key), buckets: total) + 1
  }

  /// The shard key of a file as reports name it: its name without the folders and without `.json`.
  package static func key(ofFile name: String) -> String { String(PathParts(name).baseName) }

  /// FNV-1a, 64 bits, over the UTF-8 bytes of `text` (offset basis 0xcbf29ce484222325, prime 0x100000001b3), going on
  /// from `hash` (the offset basis: a hash of `text` alone) so that a list can be hashed one element at a time.
  static func fnv1a64(_ text: String, from hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = hash
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// Jump consistent hash: the bucket, `0..<buckets`, for `key` (Lamping and Veach 2014, figure 1).
  static func jump(_ key: UInt64, buckets: Int) -> Int {
    var key = key
    var bucket: Int64 = -1
    var next: Int64 = 0
    while next < Int64(buckets) {
      bucket = next
      key = key &* 2_862_933_555_777_941_757 &+ 1
      next = Int64(Double(bucket + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
    }
    return Int(bucket)
  }
}
