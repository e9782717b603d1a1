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
    let difference = after.difference(from: before)
    guard !difference.isEmpty else { return [] }
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
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
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }
}
