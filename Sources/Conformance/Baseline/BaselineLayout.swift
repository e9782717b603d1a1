/// Where each entry of a baseline file lies in its text, so `--update-baseline` can rewrite the file keeping the
/// text of every entry it keeps (its layout and key order as written by hand) and the rest
/// of the file (`$schema` included) byte for byte, cutting the removed entries and appending the added ones.
package struct BaselineLayout: Sendable, Equatable {
  /// The file's text.
  var text: String
  /// The text of each element of the `entries` array, in file order.
  var spans: [Range<String.Index>]
  /// For each entry of the baseline this layout belongs to, its index in the file, or `nil` for an entry added since.
  var origins: [Int?]

  /// The layout of `text`, a baseline file with `count` entries, or `nil` when its `entries` array cannot be found
  /// with that many elements (the rewrite then renders the whole file).
  init?(text: String, count: Int) {
    guard let spans = Self.entrySpans(in: text), spans.count == count else { return nil }
    self.text = text
    self.spans = spans
    self.origins = Array(0..<count)
  }

  /// The file with only the entries whose origin is given (in that order, which must be file order) and `added`
  /// (rendered by `render`) after them; `nil` when no entry is kept, or the kept ones are not in file order.
  func splice(_ origins: [Int?], _ added: [String]) -> String? {
    let kept = origins.compactMap { $0 }
    guard let last = spans.last, !kept.isEmpty, zip(kept, kept.dropFirst()).allSatisfy({ $0 < $1 }) else {
      return nil
    }
    let arrayStart = text[..<spans[0].lowerBound]
    var out = String(arrayStart)
    for (position, index) in kept.enumerated() {
      if position > 0 { out += text[spans[index - 1].upperBound..<spans[index].lowerBound] }
      out += text[spans[index]]
    }
    for entry in added { out += ",\n" + entry }
    out += text[last.upperBound...]
    return out
  }

  // MARK: - Scanning

  /// The spans of the elements of the top-level `entries` array, or `nil` when the text is not shaped as expected.
  static func entrySpans(in text: String) -> [Range<String.Index>]? {
    var scanner = Scanner(text: text)
    scanner.skipSpace()
    guard scanner.take("{") else { return nil }
    var result: [Range<String.Index>]?
    while true {
      scanner.skipSpace()
      if scanner.take("}") { return result }
      guard let key = scanner.string() else { return nil }
      scanner.skipSpace()
      guard scanner.take(":") else { return nil }
      scanner.skipSpace()
      if key == "\"entries\"" {
        guard scanner.take("[") else { return nil }
        var spans: [Range<String.Index>] = []
        scanner.skipSpace()
        if !scanner.take("]") {
          while true {
            scanner.skipSpace()
            let start = scanner.index
            guard scanner.skipValue() else { return nil }
            spans.append(start..<scanner.index)
            scanner.skipSpace()
            if scanner.take("]") { break }
            guard scanner.take(",") else { return nil }
          }
        }
        result = spans
      } else {
        guard scanner.skipValue() else { return nil }
      }
      scanner.skipSpace()
      if scanner.take(",") { continue }
      guard scanner.peek == "}" else { return nil }
    }
  }

  private struct Scanner {
    let text: String
    var index: String.Index

    init(text: String) {
      self.text = text
      self.index = text.startIndex
    }

    var peek: Character? { index < text.endIndex ? text[index] : nil }

    mutating func take(_ character: Character) -> Bool {
      guard peek == character else { return false }
      index = text.index(after: index)
      return true
    }

    mutating func skipSpace() {
      while let next = peek, next == " " || next == "\n" || next == "\t" || next == "\r" || next == "\r\n" {
        index = text.index(after: index)
      }
    }

    /// A string literal, quotes included, as written.
    mutating func string() -> String? {
      let start = index
      guard take("\"") else { return nil }
      while let next = peek {
        index = text.index(after: index)
        if next == "\\" {
          guard peek != nil else { return nil }
          index = text.index(after: index)
        } else if next == "\"" {
          return String(text[start..<index])
        }
      }
      return nil
    }

    /// Skips one value; `false` at the end of the text or on a stray bracket.
    mutating func skipValue() -> Bool {
      guard let first = peek else { return false }
      if first == "\"" { return string() != nil }
      if first == "{" || first == "[" {
        var depth = 0
        while let next = peek {
          if next == "\"" {
            guard string() != nil else { return false }
            continue
          }
          index = text.index(after: index)
          if next == "{" || next == "[" { depth += 1 }
          if next == "}" || next == "]" {
            depth -= 1
            if depth == 0 { return true }
          }
        }
        return false
      }
      while let next = peek, !",]} \n\t\r".contains(next), next != "\r\n" { index = text.index(after: index) }
      return index > text.startIndex
    }
  }
}
