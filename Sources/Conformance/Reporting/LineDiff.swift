/// A line diff for failure reports, with long unchanged runs elided.
enum LineDiff {
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
    case elided(Int)
    /// The renderings have this many lines in all, too many to diff or print.
    case tooLarge(Int)
  }

  /// Lines beyond which no diff is computed or printed (structural diffs of huge values are a known way to hang a
  /// test reporter); the mismatch lines by JSON path still say what differs, and the JSON report has the values.
  static let maximumLines = 2_000

  /// The diff of two renderings: unchanged lines kept as context (3 on each side of a change); longer unchanged runs
  /// are elided (a single line is shown rather than elided). Lines compare by their UTF-8 bytes: `String`'s `==` would
  /// call two canonically equivalent lines (a decomposed and a precomposed Hangul syllable) the same.
  static func lines(expected: [String], actual: [String]) -> [Line] {
    guard expected.count + actual.count <= maximumLines else {
      return [.tooLarge(expected.count + actual.count)]
    }
    let difference = actual.map { Array($0.utf8) }.difference(from: expected.map { Array($0.utf8) })
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var result: [Line] = []
    var e = 0
    var a = 0
    while e < expected.count || a < actual.count {
      if e < expected.count, removed.contains(e) {
        result.append(.removed(expected[e]))
        e += 1
      } else if a < actual.count, inserted.contains(a) {
        result.append(.added(actual[a]))
        a += 1
      } else {
        if e < expected.count { result.append(.same(expected[e])) }
        e += 1
        a += 1
      }
    }
    return elide(result)
  }

  private static func elide(_ lines: [Line]) -> [Line] {
    let context = 3
    let changed = lines.indices.filter { if case .same = lines[$0] { return false } else { return true } }
    var keep = Set<Int>()
    for index in changed { keep.formUnion(max(0, index - context)...min(lines.count - 1, index + context)) }
    var result: [Line] = []
    var skipped = 0
    func flushSkipped(endingAt end: Int) {
      if skipped == 1 { result.append(lines[end - 1]) } else if skipped > 1 { result.append(.elided(skipped)) }
      skipped = 0
    }
    for (index, line) in lines.enumerated() {
      if keep.contains(index) {
        flushSkipped(endingAt: index)
        result.append(line)
      } else {
        skipped += 1
      }
    }
    flushSkipped(endingAt: lines.count)
    return result
  }
}
