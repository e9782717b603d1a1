import Foundation
import Testing

@testable import Conformance

/// `Shard`: the `i/n` form `--shard` accepts, and the split by a stable hash of the shard key.
@Suite("Shard: parsing i/n and placing each shard key in exactly one shard")
struct ShardTests {
  /// Ids shaped like the corpus's, enough for the split to be even.
  static let keys = (0..<2000).map { "feature-\($0 % 7)-scenario-number-\($0)" }

  @Test(arguments: [("1/1", 1, 1), ("2/3", 2, 3), ("3/3", 3, 3), ("1000/1000", 1000, 1000)])
  func wellFormedValuesParse(text: String, index: Int, total: Int) {
    #expect(Shard(parsing: text) == Shard(index: index, total: total))
    #expect(Shard(parsing: text)?.description == text)
  }

  @Test(arguments: [
    "0/3", "4/3", "1/0", "a/b", "1/3/4", "-1/3", "+1/3", " 1/3", "1/3 ", "1/1001", "1/99999999999", "/3", "1/", "",
  ])
  func malformedValuesAreRefused(text: String) {
    #expect(Shard(parsing: text) == nil)
  }

  @Test(arguments: [1, 2, 3, 7, 64])
  func everyKeyLandsInExactlyOneShard(total: Int) throws {
    let shards = (1...total).map { try! #require(Shard(index: $0, total: total)) }
    for key in Self.keys {
      #expect(shards.filter { $0.holds(key: key) }.count == 1, "\(key)")
    }
    // And evenly enough that no shard is starved: each within half and twice its fair share.
    let fair = Double(Self.keys.count) / Double(total)
    for shard in shards {
      let count = Double(Self.keys.filter(shard.holds(key:)).count)
      #expect(count > fair / 2 && count < fair * 2, "shard \(shard) holds \(count) of \(Self.keys.count)")
    }
  }

  @Test func theSplitIsTheSameInEveryProcess() {
    // FNV-1a 64 reference values (offset basis for the empty string; "a" from the published test vectors).
    #expect(Shard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Shard.number(ofKey: "login-submit-valid-credentials", total: 3) == 2)
  }

  @Test func addingAScenarioMovesNoOtherAndAddingAShardMovesAFewOfThem() {
    let before = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0, Shard.number(ofKey: $0, total: 5)) })
    let grown = Self.keys + ["a-new-scenario"]
    let movedByTheNewOne = grown.filter { key in before[key].map { $0 != Shard.number(ofKey: key, total: 5) } ?? false }
    #expect(movedByTheNewOne.isEmpty)
    let moved = Self.keys.filter { before[$0] != Shard.number(ofKey: $0, total: 6) }.count
    // About a sixth move to the new shard, and only to it; a split by position would move most of them.
    #expect(moved > Self.keys.count / 10 && moved < Self.keys.count / 4, "\(moved) moved")
    #expect(
      Self.keys.filter { before[$0] != Shard.number(ofKey: $0, total: 6) }.allSatisfy {
        Shard.number(ofKey: $0, total: 6) == 6
      })
  }

  @Test func anOutlinesCasesShareTheirFilesShard() {
    #expect(
      Shard.key(ofFile: "Conformance/scenarios/signup/signup-age-accepted-on-submit.json")
        == "signup-age-accepted-on-submit")
    #expect(Shard.key(ofFile: "broken.json") == "broken")
  }
}
