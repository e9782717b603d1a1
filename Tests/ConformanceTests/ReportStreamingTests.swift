import Foundation
import Testing

@testable import Conformance

/// The JSON and JUnit reports are spooled to temporary files as the run goes, so their memory does
/// not grow with the corpus; the document they write must still be whole, in order, and valid.
@Suite struct ReportStreamingTests {
  /// 20,000 scenarios make several MiB of report, more than a spool keeps in memory.
  static let count = 20_000

  static func events() -> [RunEvent] {
    var events: [RunEvent] = [.started(implementations: [("swift", nil, nil)])]
    for index in 0..<count {
      let verdict = Verdict(
        scenarioID: "scenario-\(index)", feature: "login", file: "Conformance/scenarios/login/scenario-\(index).json",
        implementation: "swift",
        outcome: index % 1000 == 7 ? .noTrace(.errored(step: 1, message: "boom <\(index)> & \"quoted\"")) : .passed,
        notChecked: [], duration: 0.001)
      events.append(
        .scenario(
          ScenarioVerdict(
            id: verdict.scenarioID, file: verdict.file, feature: "login", description: "", stepCount: 1,
            verdicts: [verdict], divergence: nil)))
    }
    events.append(.invalid(file: "bad.json", errors: [InputError(file: "bad.json", path: nil, message: "not JSON")]))
    var tally = OutcomeTally()
    tally[.passed] = count - count / 1000
    tally[.errored] = count / 1000
    events.append(
      .finished(
        RunSummary(
          tallies: ["swift": tally], implementations: ["swift"], scenarios: count, divergences: 0,
          invalidFiles: 1, stoppedEarlyWithRemaining: nil, duration: 1,
          allowsSkipped: false)))
    return events
  }

  @Test func aLargeJSONReportIsWholeAndInOrder() throws {
    let reporter = JSONReporter()
    for event in Self.events() { reporter.handle(event) }
    // The spools' files are unlinked as soon as they are created: an interrupted run leaves nothing in /tmp.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
      .filter { $0.hasPrefix("conformance-spool-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
    var pieces = 0
    var data = Data()
    reporter.write {
      pieces += 1
      data.append($0)
    }
    #expect(data.count > 2 << 20, "\(data.count) bytes: too small to leave memory")
    #expect(String(decoding: data, as: UTF8.self) == reporter.document)
    let report = try JSONParser().parse(data)
    let results = try #require(report["results"]?.arrayValue)
    #expect(results.count == Self.count)
    #expect(results.enumerated().allSatisfy { $0.element["scenario"] == .string("scenario-\($0.offset)") })
    #expect(report["invalid"]?.arrayValue?.count == 1)
    #expect(report["summary"]?["scenarios"] == .number(.integer(Int64(Self.count))))
    #expect(data.last == 0x0A)
  }

  @Test func aLargeJUnitReportIsWholeAndCounted() throws {
    let reporter = JUnitReporter()
    for event in Self.events() { reporter.handle(event) }
    let document = reporter.document
    #expect(document.utf8.count > 1 << 20)
    #expect(
      document.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conformance\" tests=\"20001\" failures=\"0\" errors=\"21\""
      ))
    #expect(document.components(separatedBy: "<testcase ").count - 1 == Self.count + 1)
    #expect(document.contains("boom &lt;7&gt; &amp; \"quoted\""))
    #expect(document.hasSuffix("  </testsuite>\n</testsuites>\n"))
    // Every testcase of a suite is on its own line, the suites' closing tags too.
    #expect(!document.contains("/>    <testcase"))
  }
}
