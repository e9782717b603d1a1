/// A unified diff of two texts, line by line, as `diff -u` prints one: `---`/`+++` headers, then hunks headed
/// `@@ -l,n +l,n @@` (`-l` alone for one line) with 3 lines of context, `-` for removed lines, `+` for added ones and
/// a space for kept ones, from the edit script of ``LineDiff/edits(_:_:)``.
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
    let script = LineDiff.edits(before, after)
    guard script.contains(where: { $0.marker != " " }) else { return [] }
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

  /// The ranges of the script to print: each change with its context, overlapping ranges joined.
  private static func hunks(_ script: [LineDiff.Edit]) -> [Range<Int>] {
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
