/// Where each element of a top-level array of a JSON document lies in its text, found by a small scan (strings and
/// escapes skipped, nesting tracked): the baseline rewrite keeps entries' text as written (``BaselineLayout``), and
/// a Swift test places a failure at its step's line.
package enum JSONArraySpans {
  /// The spans of the elements of the top-level array `key`, or `nil` when the text is not shaped as expected (a
  /// document without that key has no spans: `nil`).
  ///
  /// The text is scanned by its UTF-8 bytes: every byte JSON's structure depends on is ASCII, and no byte of a
  /// multi-byte scalar is. Scanning by `Character` would merge a quote with a combining mark after it (`"\u{301}`
  /// is one grapheme) and miss the end of a string (RFC 8259 §2 and §7 define JSON over scalars, not graphemes).
  package static func spans(of key: String, in text: String) -> [Range<String.Index>]? {
    var scanner = Scanner(text: text)
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var result: [Range<String.Index>]?
    while true {
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: "}")) { return result }
      guard let name = scanner.string() else { return nil }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      if name == "\"\(key)\"" {
        guard scanner.take(UInt8(ascii: "[")) else { return nil }
        var spans: [Range<String.Index>] = []
        scanner.skipSpace()
        if !scanner.take(UInt8(ascii: "]")) {
          while true {
            scanner.skipSpace()
            let start = scanner.index
            guard scanner.skipValue() else { return nil }
            spans.append(start..<scanner.index)
            scanner.skipSpace()
            if scanner.take(UInt8(ascii: "]")) { break }
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
          }
        }
        result = spans
      } else {
        guard scanner.skipValue() else { return nil }
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) { continue }
      guard scanner.peek == UInt8(ascii: "}") else { return nil }
    }
  }

  /// Where the top-level member `key` starts in the text (its opening quote), or `nil` when the document has no such
  /// member or is not shaped as expected: reports place a scenario's creation at its `start` key.
  package static func memberStart(of key: String, in text: String) -> String.Index? {
    var scanner = Scanner(text: text)
    scanner.skipSpace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    while true {
      scanner.skipSpace()
      let start = scanner.index
      guard let name = scanner.string() else { return nil }
      if name == "\"\(key)\"" { return start }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      guard scanner.skipValue() else { return nil }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ",")) else { return nil }
    }
  }

  /// The 1-based line of `index` in `text`.
  package static func line(of index: String.Index, in text: String) -> Int {
    text.utf8[..<index].count(where: { $0 == UInt8(ascii: "\n") }) + 1
  }

  /// Walks the text's UTF-8 bytes; its indices are the text's own, so spans slice the `String` directly.
  private struct Scanner {
    let bytes: String.UTF8View
    var index: String.Index

    init(text: String) {
      self.bytes = text.utf8
      self.index = bytes.startIndex
    }

    var peek: UInt8? { index < bytes.endIndex ? bytes[index] : nil }

    mutating func advance() { index = bytes.index(after: index) }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      advance()
      return true
    }

    mutating func skipSpace() {
      while let next = peek, next == 0x20 || next == 0x0A || next == 0x09 || next == 0x0D { advance() }
    }

    /// A string literal, quotes included, as written.
    mutating func string() -> String? {
      let start = index
      guard take(UInt8(ascii: "\"")) else { return nil }
      while let next = peek {
        advance()
        if next == UInt8(ascii: "\\") {
          guard peek != nil else { return nil }
          advance()
        } else if next == UInt8(ascii: "\"") {
          return String(bytes[start..<index])
        }
      }
      return nil
    }

    /// Skips one value; `false` at the end of the text or on a stray bracket.
    mutating func skipValue() -> Bool {
      guard let first = peek else { return false }
      if first == UInt8(ascii: "\"") { return string() != nil }
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var depth = 0
        while let next = peek {
          if next == UInt8(ascii: "\"") {
            guard string() != nil else { return false }
            continue
          }
          advance()
          if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") { depth += 1 }
          if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") {
            depth -= 1
            if depth == 0 { return true }
          }
        }
        return false
      }
      let start = index
      while let next = peek, !Self.valueEnds.contains(next) { advance() }
      return index > start
    }

    /// The bytes that end a bare value (a number, `true`, `false`, `null`).
    private static let valueEnds: Set<UInt8> = [
      UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x09, 0x0D,
    ]
  }
}
