import Testing

@testable import Conformance

/// `UnifiedDiff` (what `record` prints): a diff that turns the old text into the new one, with as few changed lines as
/// any diff can have, lines compared byte for byte.
@Suite("UnifiedDiff (record's diff)")
struct UnifiedDiffTests {
  /// Applies a unified diff to `old`: the text it describes. Context lines must match.
  static func apply(_ diff: [String], to old: [String]) -> [String]? {
    var result: [String] = []
    var position = 0
    for line in diff.dropFirst(2) {
      if line.hasPrefix("@@") {
        // "@@ -start[,count] +…": copy the untouched lines before the hunk.
        let start = line.dropFirst(4).prefix { $0.isNumber }
        guard let first = Int(start) else { return nil }
        let count = line.dropFirst(4).drop { $0.isNumber }.hasPrefix(",0 ") ? first : first - 1
        guard count >= position, count <= old.count else { return nil }
        result += old[position..<count]
        position = count
      } else if line.hasPrefix("-") || line.hasPrefix(" ") {
        guard position < old.count, Array(old[position].utf8) == Array(line.dropFirst().utf8) else { return nil }
        if line.hasPrefix(" ") { result.append(old[position]) }
        position += 1
      } else if line.hasPrefix("+") {
        result.append(String(line.dropFirst()))
      } else {
        return nil
      }
    }
    return result + old[position...]
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
      let changed = diff.dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
      #expect(changed == old.count + new.count - 2 * Self.lcs(old, new), "old \(old) new \(new)")
    }
  }

  @Test func linesThatDifferOnlyInNormalizationAreAChange() {
    let diff = UnifiedDiff.lines(old: "{\n  \"é\"\n}\n", new: "{\n  \"e\u{301}\"\n}\n", oldName: "a", newName: "b")
    #expect(diff == ["--- a", "+++ b", "@@ -1,3 +1,3 @@", " {", "-  \"é\"", "+  \"e\u{301}\"", " }"])
  }

  /// A one-line file filled in as 20,000 lines: every new line is found on one side only.
  @Test func aFileReformattedAsAWholeIsOneRemovalAndEveryInsertion() {
    let new = (0..<20_000).map { "  {\"send\": {\"type\": \"emailChanged\", \"value\": \"\($0)\"}}," }
    let diff = UnifiedDiff.lines(
      old: "{\"id\": \"x\"}\n", new: new.joined(separator: "\n") + "\n", oldName: "a", newName: "b")
    #expect(diff.count == 2 + 1 + 1 + 20_000)
    #expect(diff[2] == "@@ -1 +1,20000 @@")
    #expect(diff[3] == "-{\"id\": \"x\"}")
  }
}
