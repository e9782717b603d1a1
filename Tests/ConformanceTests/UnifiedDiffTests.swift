import Testing

@testable import Conformance

/// `UnifiedDiff` (what `record` prints): a diff that turns the old text into the new one, with as few changed lines as
/// any diff can have, lines compared byte for byte.
@Suite("UnifiedDiff (record's diff)")
struct UnifiedDiffTests {
  /// Applies a unified diff to `lines`: the text it describes, or `nil` when the diff is not well formed. Each hunk
  /// header must give where the hunk stands in both texts (as `diff -u`: with a count of 0, the start is the line
  /// before) and how many lines it holds on each side; context and removed lines must match `lines`.
  static func apply(_ diff: [String], to lines: [String]) -> [String]? {
    guard diff.count >= 2, diff[0].hasPrefix("--- "), diff[1].hasPrefix("+++ ") else { return nil }
    var result: [String] = []
    var position = 0
    var owed = (old: 0, new: 0)  // The lines the open hunk still holds on each side.
    for line in diff.dropFirst(2) {
      if line.hasPrefix("@@ ") {
        let parts = line.split(separator: " ")
        guard owed == (0, 0), parts.count == 4, parts[3] == "@@", let old = range(parts[1], "-"),
          let new = range(parts[2], "+")
        else { return nil }
        let skip = old.count == 0 ? old.start : old.start - 1
        guard skip >= position, skip <= lines.count else { return nil }
        result += lines[position..<skip]
        position = skip
        guard (new.count == 0 ? new.start : new.start - 1) == result.count else { return nil }
        owed = (old.count, new.count)
      } else if let marker = line.first, "- +".contains(marker) {
        let text = String(line.dropFirst())
        if marker != "+" {
          guard owed.old > 0, position < lines.count, Array(lines[position].utf8) == Array(text.utf8) else {
            return nil
          }
          owed.old -= 1
          position += 1
        }
        if marker != "-" {
          guard owed.new > 0 else { return nil }
          owed.new -= 1
          result.append(text)
        }
      } else {
        return nil
      }
    }
    guard owed == (0, 0) else { return nil }
    return result + lines[position...]
  }

  /// A hunk header's `-start[,count]` or `+start[,count]`; the count is 1 when absent.
  static func range(_ part: Substring, _ sign: Character) -> (start: Int, count: Int)? {
    guard part.first == sign else { return nil }
    let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
    guard (1...2).contains(numbers.count), let start = Int(numbers[0]) else { return nil }
    guard numbers.count == 2 else { return (start, 1) }
    return Int(numbers[1]).map { (start, $0) }
  }

  /// The length of a longest common subsequence, by dynamic programming.
  static func lcs(_ a: [String], _ b: [String]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = Array(x.utf8) == Array(y.utf8) ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  @Test func everyDiffTurnsTheOldTextIntoTheNewWithTheFewestChanges() {
    var random = FuzzRandom(seed: 12)
    // Few distinct lines, so that lines repeat and occur on one side or both.
    let alphabet = ["{", "}", "  a", "  b", "  c", "é", "e\u{301}", ""]
    let line = { (random: inout FuzzRandom) in alphabet[random.below(alphabet.count)] }
    for _ in 0..<400 {
      let old = (0..<random.below(13)).map { _ in line(&random) }
      var new = old
      for _ in 0..<random.below(7) {
        let added = line(&random) + (random.chance(50) ? "" : " new")
        switch random.below(3) {
        case 0: new.insert(added, at: random.below(new.count + 1))
        case 1 where !new.isEmpty: new.remove(at: random.below(new.count))
        default: if !new.isEmpty { new[random.below(new.count)] = added }
        }
      }
      let text = { (lines: [String]) in lines.map { $0 + "\n" }.joined() }
      let diff = UnifiedDiff.lines(old: text(old), new: text(new), oldName: "a", newName: "b")
      let sameBytes = old.map { Array($0.utf8) } == new.map { Array($0.utf8) }
      #expect(diff.isEmpty == sameBytes, "old \(old) new \(new)")
      guard !diff.isEmpty else { continue }
      #expect(Self.apply(diff, to: old).map { $0.map { Array($0.utf8) } } == new.map { Array($0.utf8) }, "\(diff)")
      // The checker itself: a hunk header whose new-side start is wrong is not well formed.
      var shifted = diff
      shifted[2] = shifted[2].replacingOccurrences(of: " +", with: " +1")
      #expect(Self.apply(shifted, to: old) == nil, "\(shifted)")
      let changed = diff.dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
      #expect(changed == old.count + new.count - 2 * Self.lcs(old, new), "old \(old) new \(new)")
    }
  }

  @Test func linesThatDifferOnlyInNormalizationAreAChange() {
    let diff = UnifiedDiff.lines(old: "{\n  \"é\"\n}\n", new: "{\n  \"e\u{301}\"\n}\n", oldName: "a", newName: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -1,3 +1,3 @@", " {", "-  \"é\"", "+  \"e\u{301}\"", " }"])
  }

  /// A one-line file filled in as 20,000 lines: every line is found on one side only, so Myers' difference, whose
  /// time grows with the lines times the changes, is given no line at all (it took 93 s on such a file when it was
  /// given them all).
  @Test func aFileReformattedAsAWholeIsOneRemovalAndEveryInsertion() {
    let new = (0..<20_000).map { "  {\"send\": {\"type\": \"emailChanged\", \"value\": \"\($0)\"}}," }
    let old = ["{\"id\": \"x\"}"]
    let shared = LineDiff.sharedLines(old, new)
    #expect(shared.old.isEmpty && shared.new.isEmpty)
    let diff = UnifiedDiff.lines(
      old: old[0] + "\n", new: new.joined(separator: "\n") + "\n", oldName: "a", newName: "b")
    #expect(diff.count == 2 + 1 + 1 + 20_000)
    #expect(diff[2] == "@@ -1 +1,20000 @@")
    #expect(Self.apply(diff, to: old) == new)
  }

  /// Only shared lines are compared, byte for byte: a line canonically equivalent to one on the other side is not.
  @Test func theLinesComparedAreTheOnesBothSidesHave() {
    let shared = LineDiff.sharedLines(["a", "é", "b", "c"], ["c", "e\u{301}", "a", "x"])
    #expect(shared.old == [0, 3])
    #expect(shared.new == [0, 2])
  }

  @Test func anEmptySideHasAZeroCount() {
    #expect(
      UnifiedDiff.lines(old: "a\nb\n", new: "", oldName: "a", newName: "b")
        == ["--- a", "+++ b", "@@ -1,2 +0,0 @@", "-a", "-b"])
    #expect(
      UnifiedDiff.lines(old: "", new: "a\n", oldName: "a", newName: "b") == ["--- a", "+++ b", "@@ -0,0 +1 @@", "+a"])
  }
}
