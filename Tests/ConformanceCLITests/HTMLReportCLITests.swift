import Foundation
import Testing

/// `conformance run --html FILE`, end to end: what the page shows, that nothing from a scenario becomes markup, and
/// that it is written like the other report files (only over a page this tool wrote, whole or not at all).
@Suite("HTML report", .serialized)
struct HTMLReportCLITests {
  static let harness = CLI.repository.appendingPathComponent(
    "Tests/ConformanceTests/Fixtures/harnesses/fake-harness.py")
  static let baseline = CLI.repository.appendingPathComponent(
    "Tests/ConformanceTests/Fixtures/baselines/login-wrong-loading-flag.json")

  /// A payload that would run script if it reached the page as markup, in text or in an attribute.
  static let script = "<script>alert(1)</script>"
  static let attribute = "\"><img src=x onerror=alert(2)>"

  /// The text of an element as a browser shows it: the tags dropped and the character references the page writes
  /// decoded.
  static func visibleText(_ html: some StringProtocol) -> String {
    var text = String(html)
    while let open = text.range(of: "<"), let close = text.range(of: ">", range: open.upperBound..<text.endIndex) {
      text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: reference, with: character)
    }
    return text
  }

  /// The `<pre>` of a scenario's section, as text.
  static func section(_ html: String, id: String) throws -> String {
    let heading = try #require(html.range(of: "<h3>\(id)</h3>"), "no section for '\(id)'")
    let pre = try #require(html.range(of: "<pre class=\"diff\">", range: heading.upperBound..<html.endIndex))
    let end = try #require(html.range(of: "</pre>", range: pre.upperBound..<html.endIndex))
    return visibleText(html[pre.upperBound..<end.lowerBound])
  }

  @Test func thePageShowsTheMatrixFailuresDivergencesKnownPairsInvalidFilesAndTimings() throws {
    let (workspace, folder) = try GitHubCLITests.corpus()
    let html = workspace.appendingPathComponent("report.html")
    let result = try CLI.run(
      [
        "run", folder.path, "--harness", "fake=python3 \(Self.harness.path) good", "--baseline", Self.baseline.path,
        "--html", html.path,
      ], environment: ["GITHUB_WORKSPACE": workspace.path])
    #expect(result.status == 2)
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" data-generator=\"conformance\">\n"))
    #expect(page.hasSuffix("</html>\n"))
    // Self-contained: nothing is loaded from anywhere.
    #expect(!page.contains("src=") && !page.contains("href=\"http") && !page.contains("@import"))
    #expect(
      page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-"))
    // The totals are the text report's closing line.
    let closing = try #require(result.lines.last)
    #expect(page.contains("<p class=\"closing\">\(closing)</p>"))
    // One row per scenario, one coloured cell per implementation, the divergence in its own column.
    #expect(
      page.contains(
        "<div class=\"o\" role=\"columnheader\">swift</div><div class=\"o\" role=\"columnheader\">fake</div>"
          + "<div class=\"o\" role=\"columnheader\">Parity</div></div>"))
    #expect(
      page.contains(
        "<div class=\"row\" role=\"row\" data-outcomes=\"known failed divergence\" data-feature=\"login\" "
          + "data-tags=\"[]\" "
          + "data-id=\"login-wrong-loading-flag\"><div class=\"id\" role=\"cell\"><a href=\"#s-"))
    #expect(page.contains("<div class=\"o o-failed bad\" role=\"cell\" title=\"step 1: state.counter:"))
    #expect(
      page.contains(
        "<div class=\"o o-known\" role=\"cell\" title=\"known: A fixture whose expectation is wrong on purpose"))
    #expect(
      page.contains(
        "<div class=\"o o-divergence bad\" role=\"cell\" title=\"step 1 at state.counter\">diverges</div>"))
    // Each failure and divergence as the text report shows it, diff and legend included, `-`/`+` coloured.
    let text = result.lines.joined(separator: "\n")
    for id in ["login-wrong-effect-email", "login-wrong-nfc-vs-nfd", "login-wrong-loading-flag"] {
      let shown = try Self.section(page, id: id)
      #expect(text.contains(shown), "the section of '\(id)' differs from the text report:\n\(shown)")
    }
    #expect(try Self.section(page, id: "login-wrong-effect-email").contains("(- expected, + actual)"))
    // Each section is placed at the failing step's line, as the annotations and JUnit place it: here the fake's
    // step 1 (swift's own failure, at step 3, is a known one).
    #expect(page.contains("<p class=\"where\"><code>odd%,:dir/login-wrong-loading-flag.json:6</code>"))
    #expect(page.contains("<span class=\"r\">  - [") && page.contains("<span class=\"g\">  + []"))
    #expect(page.contains("<span class=\"r\">divergence</span> at step 1 of "))
    // The known pair, with its reason, entry and spec.
    #expect(
      page.contains(
        "<tr><td>login-wrong-loading-flag</td><td>swift</td><td>A fixture whose expectation is wrong on purpose, "
          + "to show a known failure.</td><td>"))
    // The invalid files: file, JSON path, line:column, message.
    #expect(page.contains("<tr><td>odd%,:dir/syntax-error.json</td><td>(root)</td><td>4:3</td><td>invalid JSON: "))
    #expect(
      page.contains(
        "<tr><td>odd%,:dir/unknown-action.json</td><td>steps[0].send.type</td><td>5</td><td>unknown action &#39;sumbit&#39;"
      ))
    // The timings: the run, each implementation over its pairs, the slowest pairs.
    #expect(page.contains("<section id=\"timings\"><h2>Timings</h2>\n<p>The run took "))
    #expect(page.contains("<tr><td>fake</td><td>3</td><td>"))
    #expect(page.contains("<h3>Slowest pairs</h3>"))
    // The filters: one option per outcome, feature and tag the run has.
    #expect(
      page.contains(
        "<select name=\"outcome\"><option value=\"\">any</option><option value=\"known\">known</option>"
          + "<option value=\"failed\">failed</option><option value=\"divergence\">divergence</option></select>"))
  }

  @Test func textFromAScenarioNeverBecomesMarkup() throws {
    let folder = try CLI.temporaryFolder()
    let hostile: [String: Any] = [
      "id": "login-hostile", "feature": "login", "description": Self.script + " " + Self.attribute,
      "tags": ["smoke"],
      "steps": [
        [
          "send": ["type": "emailChanged", "value": Self.script],
          "expect": ["changes": ["email": Self.attribute]],
        ]
      ],
    ]
    try JSONSerialization.data(withJSONObject: hostile).write(to: folder.appendingPathComponent("login-hostile.json"))
    let invalid: [String: Any] = [
      "id": Self.script, "feature": "login", "description": "x", "tags": [Self.attribute],
      "steps": [["send": ["type": "submit"]]],
    ]
    try JSONSerialization.data(withJSONObject: invalid).write(to: folder.appendingPathComponent("invalid.json"))
    let html = folder.appendingPathComponent("report.html")
    let result = try CLI.run(["run", folder.path, "--html", html.path])
    #expect(result.status == 2)
    let page = try String(contentsOf: html, encoding: .utf8)
    // The page's own script is its only element of that kind, and no scenario text opens an element.
    #expect(page.components(separatedBy: "<script").count == 2)
    #expect(!page.contains("<img") && !page.contains("onerror=alert(2)>"))
    // The values are there, as text: in the description, the diff, an attribute and the invalid file's message.
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
    #expect(page.contains("title=\"&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img"))
    #expect(page.contains("&quot;\\&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&quot;"))
    #expect(page.contains("&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39;"))
  }

  @Test func anImplementationThatDidNotStartIsSaidAtTheTop() throws {
    let folder = try CLI.temporaryFolder()
    let html = folder.appendingPathComponent("report.html")
    let passing = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    let result = try CLI.run([
      "run", passing, "--harness", "broken=python3 \(Self.harness.path) exit-at-once", "--html", html.path,
    ])
    #expect(result.status == 1)
    let page = try String(contentsOf: html, encoding: .utf8)
    let line = try #require(result.errorLines.first { $0.contains("did not start") })
    #expect(line.hasPrefix("error: the implementation 'broken' did not start: "))
    let shown = line.dropFirst("error: ".count).replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
      .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    #expect(page.contains("<pre class=\"totals\"><span class=\"r\">error: </span>\(shown)"))
  }

  @Test func thePolicyAllowsExactlyThePagesOwnScriptAndStyle() throws {
    let folder = try CLI.temporaryFolder()
    let html = folder.appendingPathComponent("report.html")
    let passing = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    #expect(try CLI.run(["run", passing, "--html", html.path]).status == 0)
    // Python's hashlib computes the hashes the policy must name: one for the <script>, one for the <style>.
    let check = """
      import base64, hashlib, re, sys
      page = open(sys.argv[1], encoding="utf-8").read()
      policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
      def source(tag):
          text = re.search("<%s>(.*?)</%s>" % (tag, tag), page, re.S).group(1)
          return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
      print(policy == "default-src 'none'; script-src %s; style-src %s; base-uri 'none'; form-action 'none'"
            % (source("script"), source("style")))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", check, html.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(printed == "True\n")
  }

  @Test func aFileThatIsNotAReportIsNeverOverwritten() throws {
    let folder = try CLI.temporaryFolder()
    let failing = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/failing").path
    let notes = folder.appendingPathComponent("notes.html")
    try Data("<p>my notes</p>\n".utf8).write(to: notes)
    let refused = try CLI.run(["run", failing, "--html", notes.path])
    #expect(refused.status == 2)
    #expect(
      refused.errorLines == [
        "error: --html '\(notes.path)': it exists and is not an HTML report from this tool; refusing to overwrite it "
          + "(remove it or choose another name)"
      ])
    #expect(refused.lines.isEmpty)
    #expect(try String(contentsOf: notes, encoding: .utf8) == "<p>my notes</p>\n")
    // A page this tool wrote is replaced by the next run's.
    let report = folder.appendingPathComponent("report.html")
    #expect(try CLI.run(["run", failing, "--html", report.path]).status == 1)
    let passing = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    #expect(try CLI.run(["run", passing, "--html", report.path]).status == 0)
    #expect(try String(contentsOf: report, encoding: .utf8).contains("<h1>Conformance: passed</h1>"))
    // Two reports in one file are refused before the run.
    let same = try CLI.run(["run", passing, "--junit", report.path, "--html", report.path])
    #expect(same.status == 2)
    #expect(
      same.errorLines.first
        == "error: '--junit' and '--html' name the same file '\(report.path)'; give each report its own file")
  }

  @Test func aPathThatCannotBeWrittenIsAnErrorAndTheRunStillReports() throws {
    let folder = try CLI.temporaryFolder()
    let passing = "Conformance/scenarios/login/login-submit-valid-credentials.json"
    let blocked = folder.appendingPathComponent("file")
    try Data().write(to: blocked)
    let refused = try CLI.run(["run", passing, "--html", blocked.appendingPathComponent("x/report.html").path])
    #expect(refused.status == 2)
    #expect(
      refused.errorLines == [
        "error: --html '\(blocked.path)/x/report.html': cannot create the folder '\(blocked.path)/x': "
          + "'\(blocked.path)' is a file"
      ])
    // A folder given as the page's file.
    let intoFolder = try CLI.run(["run", passing, "--html", folder.path])
    #expect(intoFolder.status == 2)
    #expect(
      intoFolder.errorLines == ["error: --html '\(folder.path)': it is a folder; give a file name for the report"])
  }
}
