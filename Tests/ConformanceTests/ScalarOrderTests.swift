import Testing

@testable import Conformance

/// `ScalarOrder` must agree with the order of the strings' UTF-8 bytes (scenario format §5) whatever short cut it
/// takes: the same representation, a first byte that differs, or the full `memcmp`.
@Suite("ScalarOrder (member keys by Unicode scalars)")
struct ScalarOrderTests {
  /// Strings that are small and large, ASCII and not, empty, prefixes of each other, equal in their first byte, and
  /// canonically equivalent but different scalars.
  static let strings: [String] = [
    "", "a", "b", "ab", "abc", "email", "error", "isLoading", "password", "é", "e\u{301}", "\u{212B}", "\u{C5}",
    "user1234@example.com", "user1234@example.org", "a longer key than fifteen bytes", "a longer key", "Z", "\u{7F}",
    "\u{80}", "\u{10FFFF}", "\u{FFFF}",
  ]

  @Test func agreesWithUTF8ByteOrderForEveryPair() {
    for a in Self.strings {
      for b in Self.strings {
        let bytes = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        let sameBytes = Array(a.utf8) == Array(b.utf8)
        let order = ScalarOrder.compare(a, b)
        #expect((order < 0) == bytes, "compare(\(a.debugDescription), \(b.debugDescription)) = \(order)")
        #expect((order == 0) == sameBytes, "compare(\(a.debugDescription), \(b.debugDescription)) = \(order)")
        #expect(ScalarOrder.less(a, b) == bytes)
        #expect(ScalarOrder.equal(a, b) == sameBytes)
      }
    }
  }
}
