package enum Suggestion {
  /// The candidate nearest to `word` by edit distance (with transpositions) (case-insensitive), if the distance is at most a third
  /// of the word's length (at least 1); `nil` when nothing is that close. Names of ``maximumLength`` scalars or more
  /// get no suggestion, and a candidate whose length alone differs by more than the allowed distance is not scored,
  /// so a 10 MiB unknown name costs a length check, not a 10 MiB × n table.
  ///
  /// - Parameters:
  ///   - word: What the user wrote, e.g. `--fitler`.
  ///   - candidates: The valid names.
  /// - Returns: The suggestion, or `nil`.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let length = word.unicodeScalars.count
    guard length < maximumLength else { return nil }
    let allowed = max(1, length / 3)
    let scored = candidates.filter { abs($0.unicodeScalars.count - length) <= allowed }.map {
      ($0, distance(Array(word.lowercased().unicodeScalars), Array($0.lowercased().unicodeScalars)))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed else {
      return nil
    }
    return best.0
  }

  /// Names this long or longer get no suggestion: 64 scalars.
  package static let maximumLength = 64

  /// Optimal string alignment distance: Levenshtein plus adjacent transpositions, so 'emial' is 1 from 'email'.
  private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
