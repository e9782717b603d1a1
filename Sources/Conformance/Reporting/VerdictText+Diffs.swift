/// The `-`/`+` diffs under a failing step: of the whole state and effects when the step is exhaustive, of each array
/// it gave otherwise.
extension VerdictText {
  /// The state and effects diffs of an exhaustive failing step, or of each array a non-exhaustive step gave that
  /// differs, with the legend.
  static func diffs(_ failure: StepFailure, indent: String, style: TextStyle) -> [String] {
    guard let expectedState = failure.expectedState else { return givenDiffs(failure, indent: indent, style: style) }
    var lines: [String] = []
    let step = stepLabel(failure.stepIndex)
    if failure.mismatches.contains(where: { $0.path.components.first == .key("state") }) {
      lines.append("\(indent)State after \(step):")
      lines += diffLines(expected: expectedState, actual: failure.actualState, indent: indent, style: style)
    }
    if failure.mismatches.contains(where: { $0.path.components.first == .key("effects") }) {
      lines.append("\(indent)Effects of \(step):")
      lines += diffLines(
        expected: .array(failure.expectedEffects), actual: .array(failure.actualEffects), indent: indent,
        style: style)
    }
    if failure.mismatches.contains(where: { $0.path.components.first == .key("received") }),
      let expected = failure.runtime?.expectedReceived, let actual = failure.runtime?.actualReceived
    {
      lines.append("\(indent)Received during \(step):")
      lines += diffLines(expected: expected, actual: actual, indent: indent, style: style)
    }
    if failure.mismatches.contains(where: { $0.path.components.first == .key("events") }),
      let expected = failure.runtime?.expectedEvents, let actual = failure.runtime?.actualEvents
    {
      lines.append("\(indent)Events during \(step):")
      lines += diffLines(expected: expected, actual: actual, indent: indent, style: style)
    }
    if !lines.isEmpty { lines.append("\(indent)(\(style.red("-")) expected, \(style.green("+")) actual)") }
    return lines
  }

  /// A non-exhaustive step checks only the leaves it gives, and an array is a leaf: each given array with a
  /// difference inside is diffed whole against the actual one (`state.items after step 2:`), so a wrong item in a
  /// list of objects reads as in an exhaustive scenario.
  static func givenDiffs(_ failure: StepFailure, indent: String, style: TextStyle) -> [String] {
    guard let given = failure.givenState, given.objectValue?.isEmpty == false else { return [] }
    var lines: [String] = []
    for leaf in given.leafPaths(prefix: .root) {
      guard case .array(let expected)? = given.value(at: leaf) else { continue }
      let path = JSONPath([.key("state")]).appending(leaf)
      guard failure.mismatches.contains(where: { $0.path.components.starts(with: path.components) }) else { continue }
      let actual = failure.actualState.value(at: leaf) ?? .null
      lines.append("\(indent)\(path) after \(stepLabel(failure.stepIndex)):")
      lines += diffLines(expected: .array(expected), actual: actual, indent: indent, style: style)
    }
    if !lines.isEmpty { lines.append("\(indent)(\(style.red("-")) expected, \(style.green("+")) actual)") }
    return lines
  }

  static func diffLines(expected: JSONValue, actual: JSONValue, indent: String, style: TextStyle)
    -> [String]
  {
    LineDiff.lines(
      expected: JSONRenderer.prettyLines(expected, alongside: actual),
      actual: JSONRenderer.prettyLines(actual, alongside: expected)
    ).map {
      line in
      switch line {
      case .same(let text): return "\(indent)  \(ReportText.clip(text))"
      case .removed(let text): return style.red("\(indent)- \(ReportText.clip(text))")
      case .added(let text): return style.green("\(indent)+ \(ReportText.clip(text))")
      case .elided(let count): return "\(indent)  … (\(ReportText.plural(count, "unchanged line", "unchanged lines")))"
      case .tooLarge(let count):
        return "\(indent)  (\(count) lines in all: too large to show; the JSON report has both values whole)"
      }
    }
  }
}

// MARK: - LineDiff

/// The line diff: failure reports show it with long unchanged runs elided (``lines(expected:actual:)``), and
/// `record` prints it as a unified diff (``UnifiedDiff``), both from one edit script (``edits(_:_:)``).
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
    return elide(
      edits(expected, actual).map { edit in
        switch edit.marker {
        case "-": return .removed(expected[edit.old])
        case "+": return .added(actual[edit.new])
        default: return .same(expected[edit.old])
        }
      })
  }

  // MARK: - The edit script

  /// One line of an edit script: `-` a line of `before` removed, `+` a line of `after` inserted, a space a line kept;
  /// `old` and `new` are the positions in each text when the line is reached.
  typealias Edit = (old: Int, new: Int, marker: Character)

  /// The edit script from `before` to `after`, in order: the one line-diff engine of the tool, behind failure reports
  /// and `record`'s unified diff.
  static func edits(_ before: [String], _ after: [String]) -> [Edit] {
    let (removed, inserted) = changes(before, after)
    var script: [Edit] = []
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
    return script
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
    let difference = newKept.map { Array(after[$0].utf8) }.difference(from: oldKept.map { Array(before[$0].utf8) })
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

  // MARK: - Eliding

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
