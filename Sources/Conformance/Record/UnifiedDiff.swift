/// A unified diff of two texts, line by line, as `diff -u` prints one: `---`/`+++` headers, then hunks headed
/// `@@ -l,n +l,n @@` (`-l` alone for one line) with 3 lines of context, `-` for removed lines, `+` for added ones and a space for kept ones.
package enum UnifiedDiff {
  /// Lines of context around each change.
  static let context = 3

  /// The diff of `old` and `new` (texts split at `\n`; a final newline ends the last line), or no lines when they
  /// are equal.
  ///
  /// - Parameters:
  ///   - old: The text before.
  ///   - new: The text after.
  ///   - oldName: The name on the `---` line.
  ///   - newName: The name on the `+++` line.
  package static func lines(old: String, new: String, oldName: String, newName: String) -> [String] {
    let before = split(old)
    let after = split(new)
    let (removed, inserted) = changes(before, after)
    guard !removed.isEmpty || !inserted.isEmpty else { return [] }
    // The edit script: (old line index or nil, new line index or nil, marker).
    var script: [(old: Int, new: Int, marker: Character)] = []
    var o = 0
    var n = 0
    while o < before.count || n < after.count {
      if o < before.count, removed.contains(o) {
        script.append((o, n, "-"))
        o += 1
      } else if n < after.count, inserted.contains(n) {
        script.append((o, n, "+"))
        n += 1
      } else {
        script.append((o, n, " "))
        o += 1
        n += 1
      }
    }
    var lines = ["--- \(oldName)", "+++ \(newName)"]
    for hunk in hunks(script) {
      let slice = script[hunk]
      let oldCount = slice.filter { $0.marker != "+" }.count
      let newCount = slice.filter { $0.marker != "-" }.count
      guard let first = slice.first else { continue }
      let oldStart = oldCount == 0 ? first.old : first.old + 1
      let newStart = newCount == 0 ? first.new : first.new + 1
      lines.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
      for entry in slice {
        let text = entry.marker == "+" ? after[entry.new] : before[entry.old]
        lines.append(String(entry.marker) + text)
      }
    }
    return lines
  }

  /// The lines of `before` to remove and of `after` to insert: the standard library's Myers difference, on lines
  /// compared byte for byte (two lines that differ only in normalization differ), run only on the lines that occur on
  /// both sides.
  ///
  /// A line found on one side only is a change whatever the rest of the text, and leaving it out changes no common
  /// subsequence; GNU diff does the same (`discard_confusing_lines`). Myers takes time proportional to the lines times
  /// the changes, so without this a file reformatted as a whole (a one-line file filled in with 20,000 steps) took a
  /// minute and a half; with it, the lines left to compare are the few both sides share.
  private static func changes(_ before: [String], _ after: [String]) -> (removed: Set<Int>, inserted: Set<Int>) {
    let (oldKept, newKept) = sharedLines(before, after)
    var removed = Set(before.indices).subtracting(oldKept)
    var inserted = Set(after.indices).subtracting(newKept)
    let difference = newKept.map { after[$0] }.difference(from: oldKept.map { before[$0] }) {
      ScalarOrder.equal($0, $1)
    }
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(oldKept[offset])
      case .insert(let offset, _, _): inserted.insert(newKept[offset])
      }
    }
    return (removed, inserted)
  }

  /// The indices of the lines of `before` found in `after` and of those of `after` found in `before`, compared byte
  /// for byte: the only lines the Myers difference is run on.
  static func sharedLines(_ before: [String], _ after: [String]) -> (old: [Int], new: [Int]) {
    let oldLines = Set(before.map { Array($0.utf8) })
    let newLines = Set(after.map { Array($0.utf8) })
    return (
      before.indices.filter { newLines.contains(Array(before[$0].utf8)) },
      after.indices.filter { oldLines.contains(Array(after[$0].utf8)) }
    )
  }

  /// The ranges of the script to print: each change with its context, overlapping ranges joined.
  private static func hunks(_ script: [(old: Int, new: Int, marker: Character)]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for (index, entry) in script.enumerated() where entry.marker != " " {
      let range = max(0, index - context)..<min(script.count, index + context + 1)
      if let last = ranges.last, last.upperBound >= range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        ranges.append(range)
      }
    }
    return ranges
  }

  /// A hunk's range as `diff -u` writes it: `start,count`, or `start` alone for one line.
  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }

  private static func split(_ text: String) -> [String] {
    if text.isEmpty { return [] }  // An empty text has no line (not one empty line), as for `diff -u`.
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }
}
