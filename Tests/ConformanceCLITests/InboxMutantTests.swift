import Testing

/// The inbox's runtime mistakes on Swift (observing after the screen disappears, a navigation event sent twice) each
/// fail the bundled runtime scenario that names them, with the lines a person reads, and leave the scenarios they do
/// not touch passing.
@Suite(.timeLimit(.minutes(1)))
struct InboxMutantTests {
  static let scenarios = "Conformance/scenarios/inbox"

  struct Expectation: Sendable, CustomTestStringConvertible {
    let mutation: InboxMutation
    /// The scenario that names the mistake, and lines its failure must show.
    let scenario: String
    let lines: [String]
    /// Every scenario that must fail.
    let failing: Set<String>

    var testDescription: String { mutation.rawValue }
  }

  static let expectations = [
    Expectation(
      mutation: .keepsObservingAfterDisappear, scenario: "inbox-runtime-disappear-cancels-the-stream",
      lines: [
        "    step 5 of 6: screen disappear",
        "      expected call o1 (observeMessages) to be cancelled, but it was not",
        "    at the end: call o1 (observeMessages) is still pending",
      ],
      failing: [
        "inbox-runtime-appear-again-starts-a-new-stream", "inbox-runtime-disappear-cancels-the-stream",
        "inbox-runtime-tap-opens-the-message-once",
      ]),
    Expectation(
      mutation: .sendsOpenMessageTwice, scenario: "inbox-runtime-tap-opens-the-message-once",
      lines: [
        "    step 4 of 7: send messageTapped",
        "      events: expected 1 event (openMessage), got 2 (openMessage, openMessage)",
      ],
      failing: ["inbox-runtime-tap-opens-the-message-once"]),
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

  @Test func theCorrectStorePassesEveryInboxScenario() async throws {
    let result = await Fuzz.command(["run", Self.scenarios], swift: InboxMutation.correct)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.lines.last == "6 passed, 0 failed")
  }
}
