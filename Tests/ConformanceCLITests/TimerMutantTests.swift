import Testing

/// The timer's runtime mistakes on Swift (a timer that cannot be cancelled, cancel-in-flight missing) each fail the
/// bundled runtime scenario that names them, with the lines a person reads, and leave the scenarios they do not touch
/// passing; the Kotlin counterparts are checked by scripts/check-runtime-mistakes.
@Suite(.timeLimit(.minutes(1)))
struct TimerMutantTests {
  static let scenarios = "Conformance/scenarios/timer/runtime"

  struct Expectation: Sendable, CustomTestStringConvertible {
    let mutation: TimerMutation
    /// The scenario that names the mistake, and lines its failure must show.
    let scenario: String
    let lines: [String]
    /// Every scenario that must fail.
    let failing: Set<String>

    var testDescription: String { mutation.rawValue }
  }

  static let expectations = [
    Expectation(
      mutation: .notCancellable, scenario: "timer-runtime-stop-freezes-the-count",
      lines: ["    step 4 of 6: advance 10000", "      state.seconds: expected 2, got 12"],
      // Also every scenario that leaves the timer running: the mutant's timer runs under no id, where leavesRunning
      // says 'timer'.
      failing: [
        "timer-runtime-one-long-advance-delivers-every-tick", "timer-runtime-reset-stops-and-zeroes",
        "timer-runtime-start-twice-restarts-instead-of-doubling", "timer-runtime-stop-freezes-the-count",
        "timer-runtime-ticks-every-second",
      ]),
    Expectation(
      mutation: .lacksCancelInFlight, scenario: "timer-runtime-start-twice-restarts-instead-of-doubling",
      lines: ["    step 4 of 6: advance 600", "      state.seconds: expected 0, got 1"],
      failing: ["timer-runtime-start-twice-restarts-instead-of-doubling"]),
  ]

  @Test(arguments: expectations)
  func eachMistakeFailsItsNamedScenario(expected: Expectation) async {
    let result = await Fuzz.command(["run", Self.scenarios, "--jobs", "1"], swift: expected.mutation.implementation)
    #expect(result.status == 1, "\(result.stdout)")
    let failed = Set(result.lines.filter { $0.hasPrefix("✗ ") }.map { String($0.dropFirst(2)) })
    #expect(failed == Set(expected.failing.map { "\($0) (failed)" }), "\(result.stdout)")
    let block = result.lines.drop { $0 != "✗ \(expected.scenario) (failed)" }.prefix { !$0.hasPrefix("✓ ") }
    for line in expected.lines {
      #expect(block.contains(line), "\(expected.scenario)'s failure lacks '\(line)': \(result.stdout)")
    }
  }

  @Test func theCorrectStorePassesEveryTimerScenario() async throws {
    let result = await Fuzz.command(["run", Self.scenarios], swift: TimerMutation.correct)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.lines.last == "6 passed, 0 failed")
  }
}
