import Foundation
import LoginFeature
import Testing

@testable import ConformanceTesting

/// `swift test` through ``ConformanceScenario`` gives the same verdict as `conformance run`: the default
/// known-divergence baseline (`Conformance/known-divergences.json`) applies, with the same strictness.
@Suite("ConformanceScenario with the known-divergence baseline")
struct ConformanceScenarioBaselineTests {
  private static let login = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())
  private static let failingFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("ConformanceTests/Fixtures/failing/login-wrong-loading-flag.json")
  private static let passing = """
    {"id": "login-email", "feature": "login", "description": "L1", "steps": [
      {"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "a"}}}]}
    """

  /// A folder with the failing fixture, a passing scenario and `baseline` as `known-divergences.json`.
  private static func scenarios(baseline: String) throws -> [ConformanceScenario] {
    let root = try ConformanceScenarioTests.root([
      "login-wrong-loading-flag.json": try String(contentsOf: failingFile, encoding: .utf8),
      "login-email.json": passing,
    ])
    try Data(baseline.utf8).write(to: root.appendingPathComponent("known-divergences.json"))
    return ConformanceScenario.all(feature: "login", root: root)
  }

  private static func entry(_ scenario: String, expires: String? = nil) -> String {
    #"{"entries": [{"scenario": ""# + scenario
      + #"", "implementations": ["swift"], "expect": "fails", "step": 3, "paths": ["effects[0]", "state.isLoading"], "#
      + #""reason": "The fixture is wrong on purpose.", "spec": "login.md L3.f""#
      + (expires.map { #", "expires": ""# + $0 + "\"" } ?? "")
      + "}]}"
  }

  @Test func aRecordedFailureIsKnownAndPasses() async throws {
    let scenarios = try Self.scenarios(baseline: Self.entry("login-wrong-loading-flag"))
    let failing = try #require(scenarios.first { $0.id == "login-wrong-loading-flag" })
    #expect(await failing.run(Self.login).map(\.message) == [])
  }

  @Test func anEntryForAPassingScenarioFailsAsFixed() async throws {
    let scenarios = try Self.scenarios(baseline: Self.entry("login-email"))
    let passing = try #require(scenarios.first { $0.id == "login-email" })
    let messages = await passing.run(Self.login).map(\.message)
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains("fixed: remove the entry ('login-email' now passes on 'swift')") == true, "\(messages)")
  }

  @Test func anExpiredEntryFails() async throws {
    let scenarios = try Self.scenarios(baseline: Self.entry("login-wrong-loading-flag", expires: "2020-01-01"))
    let failing = try #require(scenarios.first { $0.id == "login-wrong-loading-flag" })
    let messages = await failing.run(Self.login).map(\.message)
    #expect(messages.contains { $0.contains("expired on 2020-01-01") }, "\(messages)")
  }

  @Test func anInvalidBaselineFailsWithItsFileAndPath() async throws {
    let scenarios = try Self.scenarios(baseline: #"{"entries": [{"scenario": 1}]}"#)
    let passing = try #require(scenarios.first { $0.id == "login-email" })
    let failures = await passing.run(Self.login)
    #expect(failures.contains { $0.filePath.hasSuffix("known-divergences.json") }, "\(failures.map(\.message))")
    #expect(failures.contains { $0.message.contains("entries[0]") }, "\(failures.map(\.message))")
  }
}
