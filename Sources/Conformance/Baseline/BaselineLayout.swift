import Foundation

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
    guard let spans = JSONArraySpans.spans(of: "entries", in: text), spans.count == count else { return nil }
    self.text = text
    self.spans = spans
    self.origins = Array(0..<count)
  }

  /// The file with only the entries whose origin is given (in that order, which must be file order) and `added`
  /// (rendered by `render`, with `\n` line ends) after them, in the file's own line ending (CRLF when the file uses
  /// it); `nil` when no entry is kept, or the kept ones are not in file order.
  func splice(_ origins: [Int?], _ added: [String]) -> String? {
    let kept = origins.compactMap { $0 }
    guard let last = spans.last, !kept.isEmpty, zip(kept, kept.dropFirst()).allSatisfy({ $0 < $1 }) else {
      return nil
    }
    let newline = text.utf8.contains(13) ? "\r\n" : "\n"
    let arrayStart = text[..<spans[0].lowerBound]
    var out = String(arrayStart)
    for (position, index) in kept.enumerated() {
      if position > 0 { out += text[spans[index - 1].upperBound..<spans[index].lowerBound] }
      out += text[spans[index]]
    }
    for entry in added {
      out += "," + newline + (newline == "\n" ? entry : entry.replacingOccurrences(of: "\n", with: newline))
    }
    out += text[last.upperBound...]
    return out
  }
}
