import Foundation
import Testing

@testable import Conformance

/// The step summary stays under GitHub's size limit and keeps every value in its table cell.
@Suite struct StepSummaryTests {
  @Test func aHugeRunIsCutUnderTheBudgetWithALineSayingSo() {
    let reporter = StepSummaryReporter(
      locator: ScenarioLocator(currentDirectory: URL(fileURLWithPath: "/"), workspace: nil))
    reporter.handle(.started(implementations: [("swift", nil, nil)]))
    let count = 5_000
    for index in 0..<count {
      let verdict = Verdict(
        scenarioID: "scenario-\(index)", feature: "login", file: "missing/scenario-\(index).json",
        implementation: "swift", outcome: .noTrace(.notRun(reason: String(repeating: "x", count: 400))),
        notChecked: [], duration: 0)
      reporter.handle(
        .scenario(
          ScenarioVerdict(
            id: verdict.scenarioID, file: verdict.file, feature: "login", description: "", stepCount: 1,
            verdicts: [verdict], divergence: nil)))
    }
    var tally = OutcomeTally()
    tally[.notRun] = count
    reporter.handle(
      .finished(
        RunSummary(
          tallies: ["swift": tally], implementations: ["swift"], scenarios: count, divergences: 0, invalidFiles: 0,
          stoppedEarlyWithRemaining: nil, duration: 1, allowsSkipped: false)))
    let document = reporter.document
    #expect(document.utf8.count <= StepSummaryReporter.budget)
    #expect(document.utf8.count > StepSummaryReporter.budget - 8192)
    let last = document.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.hasPrefix("_") && last.contains(" entries cut to keep this summary under 512 KiB"))
    #expect(document.contains("| scenario-0 | not run: xxx"))
  }

  @Test func cellsEscapePipesLineBreaksAndMarkup() {
    #expect(StepSummaryReporter.cell("a|b\nc\r\nd\\") == #"a\|b<br>c<br>d\\"#)
    #expect(
      StepSummaryReporter.cell("*a* _b_ <b>c</b> &amp; ~~d~~ `e` [f](g)")
        == #"\*a\* \_b\_ \<b>c\</b> \&amp; \~\~d\~\~ \`e\` \[f](g)"#)
    #expect(StepSummaryReporter.code("a|`b`\nc") == #"a\|'b' c"#)
  }
}
