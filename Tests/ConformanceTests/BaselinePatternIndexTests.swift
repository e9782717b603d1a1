import Testing

@testable import Conformance

/// Pattern entries are looked up by their literal prefix, so matching thousands of patterns against thousands of
/// scenarios does not try every pattern on every id, and the entries found are the same, in file order.
@Suite("Known-divergence baselines: pattern lookup")
struct BaselinePatternIndexTests {
  private static func check(_ scenarios: [String]) -> BaselineCheck {
    BaselineCheck(
      Baseline(file: "kd.json", entries: scenarios.map { BaselineCheckTests.entry($0) }), today: "2026-06-01")
  }

  @Test func aLookupTriesOnlyThePatternsWhosePrefixTheIdStartsWith() {
    let check = Self.check((0..<2_000).map { "feature-\($0)-*" })
    #expect(check.patternCandidates(for: "feature-7-x") == [7])
    #expect(check.patternCandidates(for: "other-x").isEmpty)
    #expect(check.entries(for: "feature-1999-anything") == [1999])
  }

  @Test func exactEntriesComeFirstThenPatternsInFileOrder() {
    let check = Self.check(["login-*", "*-timeout", "login-timeout", "login-t*t", "signup-*"])
    #expect(check.entries(for: "login-timeout") == [2, 0, 1, 3])
    #expect(check.entries(for: "signup-timeout") == [1, 4])
    #expect(check.entries(for: "cart") == [])
  }
}
