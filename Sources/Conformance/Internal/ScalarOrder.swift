import Foundation

/// Byte-wise comparison of strings' UTF-8, which is comparison by Unicode scalar sequence (scenario format §5).
///
/// Swift's `String ==` and `<` use canonical equivalence; these never do. They compare the UTF-8 buffers with
/// `memcmp`, which is also much faster than the generic `elementsEqual` on the UTF-8 views.
enum ScalarOrder {
  /// Whether `a` and `b` have the same Unicode scalars.
  @inline(__always)
  static func equal(_ a: String, _ b: String) -> Bool {
    if identical(a, b) { return true }
    guard a.utf8.count == b.utf8.count else { return false }
    return compare(a, b) == 0
  }

  /// Whether `a` sorts before `b` by Unicode scalar values.
  @inline(__always)
  static func less(_ a: String, _ b: String) -> Bool {
    compare(a, b) < 0
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b`.
  static func compare(_ a: String, _ b: String) -> Int {
    if identical(a, b) { return 0 }
    // Most keys that differ do so in their first byte; reading it copies neither string's bytes.
    if let first = a.utf8.first, let other = b.utf8.first, first != other { return Int(first) - Int(other) }
    var a = a
    var b = b
    return a.withUTF8 { left in
      b.withUTF8 { right in
        let common = min(left.count, right.count)
        if common > 0, let l = left.baseAddress, let r = right.baseAddress {
          let result = memcmp(l, r, common)
          if result != 0 { return Int(result) }
        }
        return left.count - right.count
      }
    }
  }

  /// Whether `a` and `b` have the same representation: the same small string, whose bytes are stored inline (a key
  /// such as `"email"` read from a scenario and the same key read from a manifest), or the same storage object. Such
  /// strings are equal; strings with different representations may still be, so this only short-cuts `memcmp`.
  @inline(__always)
  private static func identical(_ a: String, _ b: String) -> Bool {
    // A `String` is two words on 64-bit platforms; elsewhere there is no short cut (folded away at compile time).
    guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
    return unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
  }
}
