import Foundation
import Testing

@testable import Conformance

/// Reading and writing known-divergence baseline files (Conformance/README.md §12): every problem by JSON path.
@Suite("Known-divergence files")
struct BaselineTests {
  static func load(_ text: String) -> Result<Baseline, InputErrors> {
    switch Result(catching: { try JSONParser().parse(Data(text.utf8)) }) {
    case .success(let value): return Baseline.load(value, file: "kd.json")
    case .failure: return .failure(InputErrors([]))
    }
  }

  static func errors(_ text: String) -> [String] {
    guard case .failure(let failure) = load(text) else { return [] }
    return failure.errors.map(\.description)
  }

  static let good = """
    {"$schema": "schema/known-divergences.schema.json", "entries": [
      {"scenario": "login-gbt-*", "implementations": ["swift", "kotlin"], "expect": "fails", "step": 1,
       "paths": ["state.isLoading", "effects[0]"], "reason": "Why.", "spec": "login.md §3.3", "expires": "2028-02-29"}
    ]}
    """

  @Test func aGoodFileLoadsWithSortedPaths() throws {
    let baseline = try Self.load(Self.good).get()
    #expect(
      baseline.entries == [
        Baseline.Entry(
          scenario: "login-gbt-*", implementations: ["swift", "kotlin"], expect: .fails, step: 1,
          paths: ["effects[0]", "state.isLoading"], reason: "Why.", spec: "login.md §3.3", expires: "2028-02-29")
      ])
    #expect(baseline.entries[0].paths == ["effects[0]", "state.isLoading"])
  }

  @Test func everyProblemIsNamedByFileAndJSONPath() {
    let text = """
      {"entries": [
        {"scenario": "", "implementations": [], "expect": "fail", "step": -1, "paths": ["a", "a"],
         "reason": " ", "spec": "s", "expires": "2026-02-30", "note": 1},
        {"implementations": ["swift"], "expect": "fails", "step": 1.5, "paths": "state", "reason": "r", "spec": "s"}
      ], "extra": true}
      """
    #expect(
      Self.errors(text) == [
        "kd.json: extra: unknown key 'extra' (allowed: entries)",
        "kd.json: entries[0].scenario: 'scenario' is empty",
        "kd.json: entries[0].implementations: expected a non-empty array of strings, got []",
        "kd.json: entries[0].expect: expected 'fails' or 'diverges', got 'fail'",
        "kd.json: entries[0].step: expected a step number (0 for the creation, or 1 or more), got -1",
        "kd.json: entries[0].paths[1]: 'a' is listed twice",
        "kd.json: entries[0].reason: 'reason' is empty",
        "kd.json: entries[0].expires: expected a date 'YYYY-MM-DD', got '2026-02-30'",
        "kd.json: entries[0].note: unknown key 'note' (allowed: scenario, implementations, expect, step, paths, laterPaths, reason, spec, expires)",
        "kd.json: entries[1]: missing required key 'scenario'",
        "kd.json: entries[1].step: expected a step number (0 for the creation, or 1 or more), got 1.5",
        "kd.json: entries[1].paths: expected a non-empty array of strings, got \"state\"",
      ])
  }

  @Test func aDivergesEntryNeedsTwoImplementationsAndAPairIsListedOnce() {
    let text = """
      {"entries": [
        {"scenario": "login-a", "implementations": ["swift"], "expect": "diverges", "step": 1, "paths": ["state"],
         "reason": "r", "spec": "s"},
        {"scenario": "login-b", "implementations": ["swift", "kotlin"], "expect": "fails", "step": 1,
         "paths": ["state"], "reason": "r", "spec": "s"},
        {"scenario": "login-b", "implementations": ["kotlin"], "expect": "fails", "step": 2, "paths": ["state"],
         "reason": "r", "spec": "s"}
      ]}
      """
    #expect(
      Self.errors(text) == [
        "kd.json: entries[0].implementations: a 'diverges' entry names the implementations whose traces differ: at least two, got 1",
        "kd.json: entries[2]: repeats entries[1] ('login-b' fails on 'kotlin'); keep one entry per pair",
      ])
  }

  @Test(arguments: [
    ("2024-02-29", true), ("2023-02-29", false), ("2026-12-31", true), ("2026-13-01", false), ("2026-1-01", false),
    ("26-01-01", false), ("2026-04-31", false), ("2026-04-3a", false),
  ])
  func datesAreRealCalendarDays(text: String, valid: Bool) {
    #expect(Baseline.isValidDate(text) == valid)
  }

  @Test(arguments: [
    ("login-*", "login-x", true), ("login-*", "logout", false), ("*-7", "login-gbt-625-7", true),
    ("*-7", "login-gbt-625-8", false), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY", false), ("abc", "abc", true),
    ("abc", "abcd", false), ("**", "", true),
  ])
  func patternsMatchWithStars(pattern: String, id: String, matches: Bool) {
    let entry = Baseline.Entry(
      scenario: pattern, implementations: ["swift"], expect: .fails, step: 1, paths: ["state"], reason: "r",
      spec: "s")
    #expect(entry.matches(id) == matches)
  }

  @Test func renderingGivesAFileThatLoadsBackTheSame() throws {
    let baseline = try Self.load(Self.good).get()
    let text = BaselineUpdate.render(baseline, schema: "schema/known-divergences.schema.json")
    #expect(
      text == """
        {
          "$schema": "schema/known-divergences.schema.json",
          "entries": [
            {
              "scenario": "login-gbt-*",
              "implementations": ["swift", "kotlin"],
              "expect": "fails",
              "step": 1,
              "paths": ["effects[0]", "state.isLoading"],
              "reason": "Why.",
              "spec": "login.md §3.3",
              "expires": "2028-02-29"
            }
          ]
        }

        """)
    #expect(try Self.load(text).get() == baseline)
    #expect(BaselineUpdate.render(Baseline(file: "x", entries: []), schema: nil) == "{\n  \"entries\": []\n}\n")
  }

  @Test func todayIsTheUTCDate() {
    #expect(Baseline.today(Date(timeIntervalSince1970: 0)) == "1970-01-01")
    #expect(Baseline.today(Date(timeIntervalSince1970: 1_709_251_199)) == "2024-02-29")
  }
}
