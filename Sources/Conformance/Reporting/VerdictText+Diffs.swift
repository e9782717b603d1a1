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
    LineDiff.lines(expected: JSONRenderer.prettyLines(expected), actual: JSONRenderer.prettyLines(actual)).map {
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
