import Conformance
import Foundation
import Testing

@testable import ConformanceCLI

/// The format v1.2 mutants (Conformance/README.md §14) against the bundled login runtime scenarios, through
/// `conformance run` in process: a store that never sends its response and one that leaves an effect running each fail
/// a bundled scenario with the words a person reads; the correct store passes them (and the Kotlin view model, in the
/// parity gate `conformance run --all`).
@Suite("format v1.2 mutants: an action never sent, an effect left running")
struct ReceivedMutantsCLITests {
  static func scenario(_ id: String) -> String {
    CLI.repository.appendingPathComponent("Conformance/scenarios/login/runtime/\(id).json").path
  }

  @Test func aSwallowedErrorFailsOnTheActionThatNeverCameBack() async {
    let file = Self.scenario("login-runtime-thrown-error-shows-fallback-message")
    let result = await Fuzz.command(["run", file], swift: ReceivedMutant.swallowsThrownError.implementation)
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(8)) == [
        "✗ login-runtime-thrown-error-shows-fallback-message (failed)",
        "    file: Conformance/scenarios/login/runtime/login-runtime-thrown-error-shows-fallback-message.json",
        "    step 4 of 4: respond a1 (error \"connection reset\")",
        "      state.error: expected \"Sign-in failed. Please try again.\", got null",
        "      state.isLoading: expected false, got true",
        "      received: expected 1 received action (loginResponse), got none",
        "",
        "      State after step 4:",
      ], "\(result.stdout)")
    #expect(result.lines.contains("      Received during step 4:"))
  }

  @Test func aTimerLeftRunningFailsAtTheEnd() async {
    let file = Self.scenario("login-runtime-success")
    let result = await Fuzz.command(["run", file], swift: ReceivedMutant.keepsTimerRunning.implementation)
    #expect(result.status == 1)
    #expect(
      result.lines.contains("    at the end: effect authenticate (id 'authenticate') is still running (inFlight[0])"),
      "\(result.stdout)")
  }

  @Test(arguments: ["login-runtime-thrown-error-shows-fallback-message", "login-runtime-success"])
  func theCorrectStorePassesTheScenariosTheMutantsFail(id: String) async {
    let result = await Fuzz.command(["run", Self.scenario(id)], swift: FuzzRuntimeTests.correct)
    #expect(result.status == 0, "\(result.stdout)")
  }

  @Test func theJSONReportCarriesBothListsOfTheFailingStep() async throws {
    let file = Self.scenario("login-runtime-thrown-error-shows-fallback-message")
    let result = await Fuzz.command(
      ["run", file, "--format", "json"], swift: ReceivedMutant.swallowsThrownError.implementation)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    let failure = try #require(results.first?["failure"] as? [String: Any])
    #expect(failure["actualReceived"] as? [Any] != nil)
    #expect((failure["actualReceived"] as? [Any])?.isEmpty == true)
    let expected = try #require(failure["expectedReceived"] as? [[String: Any]])
    #expect(expected.map { $0["type"] as? String } == ["loginResponse"])
  }
}
