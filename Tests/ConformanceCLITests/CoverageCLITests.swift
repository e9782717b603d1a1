import Foundation
import Testing

/// `conformance coverage` end to end through the binary: the whole report of a small fixture, the bundled corpus
/// against its manifests, planted gaps failing the gate by name, shards, and bad options and citations.
@Suite("conformance coverage end to end")
struct CoverageCLITests {
  /// A workspace with the bundled timer manifest, a small timer spec (T1.a, T2, T3, T4) and two scenarios.
  static let fixture = CLI.repository.appendingPathComponent("Tests/ConformanceTests/Fixtures/coverage")

  @Test func theTextReportOfASmallFixtureIsShownWhole() throws {
    let result = try CLI.run(["coverage"], in: Self.fixture)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.lines == [
        "timer  Conformance/features/timer.json, 2 scenarios",
        "  swift           category",
        "  3/4 75.0%       actions",
        "  2/2 100.0%      effects",
        "  1/2 50.0%       state",
        "  2/2 100.0%      changes",
        "  2/4 50.0%       rules",
        "  3/16 18.7%      transitions (not in the total)",
        "  10/14 71.4%     total",
        "  not covered:",
        "    Conformance/features/timer.json: actions.resetTapped",
        "    Conformance/features/timer.json: state.seconds (no step asserts it)",
        "    Conformance/features/timer.md: T3",
        "    Conformance/features/timer.md: T4",
        "    Conformance/features/timer.json: transitions: never after resetTapped: resetTapped, startTapped, stopTapped, tick",
        "    Conformance/features/timer.json: transitions: never after startTapped: resetTapped, startTapped",
        "    Conformance/features/timer.json: transitions: never after stopTapped: resetTapped, startTapped, stopTapped, tick",
        "    Conformance/features/timer.json: transitions: never after tick: resetTapped, startTapped, stopTapped",
        "",
        "Coverage: swift 71.4% (10 of 14 items)",
      ])
  }

  @Test func theMarkdownReportIsATablePerFeatureAndTheGapsAsAList() throws {
    let result = try CLI.run(["coverage", "--format", "markdown"], in: Self.fixture)
    #expect(result.status == 0)
    #expect(
      Array(result.lines.prefix(17)) == [
        "# Coverage", "", "## timer", "", "`Conformance/features/timer.json`, 2 scenarios.", "",
        "| Category | swift |", "| --- | ---: |", "| actions | 3/4 75.0% |", "| effects | 2/2 100.0% |",
        "| state | 1/2 50.0% |", "| changes | 2/2 100.0% |", "| rules | 2/4 50.0% |",
        "| transitions (not in the total) | 3/16 18.7% |", "| **total** | 10/14 71.4% |", "", "Not covered:",
      ])
    #expect(result.lines.contains("- `Conformance/features/timer.md: T3`"))
    #expect(result.lines.last == "Coverage: swift 71.4% (10 of 14 items)")
  }

  @Test func theJSONReportListsEveryItemWithWhoCoveredIt() throws {
    let result = try CLI.run(["coverage", "--format", "json", "--min", "70"], in: Self.fixture)
    #expect(result.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["version"] as? Int == 1)
    let gate = try #require(report["gate"] as? [String: Any])
    #expect(gate["passed"] as? Bool == true)
    #expect(gate["min"] as? Double == 70)
    let feature = try #require((report["features"] as? [[String: Any]])?.first)
    let items = try #require(feature["items"] as? [[String: Any]])
    let gaps = items.filter {
      ($0["coveredBy"] as? [String])?.isEmpty == true && $0["category"] as? String != "transitions"
    }
    #expect(
      gaps.map { "\($0["file"] ?? ""): \($0["name"] ?? "")" } == [
        "Conformance/features/timer.json: actions.resetTapped", "Conformance/features/timer.json: state.seconds",
        "Conformance/features/timer.md: T3", "Conformance/features/timer.md: T4",
      ])
    let totals = try #require(report["totals"] as? [String: [String: Any]])
    #expect(totals["swift"]?["percent"] as? Double == 71.4)
  }

  /// Every action (with its union cases), effect, dependency answer, state field and rule of the login manifest and
  /// spec is listed, in the manifest's (sorted) order, and each is covered by the bundled scenarios; checked by hand
  /// against Conformance/features/login.json and login.md (L3 and L4 are split into clauses, so only those count).
  @Test func theBundledCorpusCoversEveryLoginItem() throws {
    let result = try CLI.run(["coverage", "--format", "json"])
    #expect(result.status == 0)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let features = try #require(report["features"] as? [[String: Any]])
    #expect(features.map { $0["feature"] as? String } == ["inbox", "login", "signup", "timer"])
    let login = try #require(features.first { $0["feature"] as? String == "login" })
    let items = try #require(login["items"] as? [[String: Any]])
    func names(_ category: String) -> [String] {
      items.filter { $0["category"] as? String == category }.compactMap { $0["name"] as? String }
    }
    #expect(
      names("actions") == [
        "actions.dismissed", "actions.emailChanged", "actions.loginResponse", "actions.loginResponse.result.failure",
        "actions.loginResponse.result.success", "actions.passwordChanged", "actions.submit",
      ])
    #expect(names("effects") == ["effects.authenticate", "effects.cancel"])
    #expect(
      names("dependencies") == [
        "dependencies.authenticate", "dependencies.authenticate.result",
        "dependencies.authenticate.result.failure", "dependencies.authenticate.result.success",
        "dependencies.authenticate.error",
      ])
    #expect(names("state") == ["state.email", "state.error", "state.isLoading", "state.password"])
    #expect(names("changes") == names("state"))
    #expect(
      names("rules") == [
        "L1", "L2", "L3.a", "L3.b", "L3.c", "L3.d", "L3.e", "L3.f", "L4.a", "L4.b", "L5", "LR1", "LR2", "LR3", "LR4",
        "LR5", "LR6",
      ])
    let uncovered = items.filter {
      ($0["coveredBy"] as? [String])?.isEmpty == true && $0["category"] as? String != "transitions"
    }
    #expect(uncovered.isEmpty, "\(uncovered)")
  }

  /// Without the only scenario that taps a message, the inbox's messageTapped action, the openMessage event and rule
  /// IB6 are gaps, and `--require actions` fails naming the action.
  @Test func aPlantedActionGapFailsTheRequiredCategoryByName() throws {
    let workspace = try Self.copyOfTheBundledCorpus(
      feature: "inbox", without: "inbox-runtime-tap-opens-the-message-once.json")
    let result = try CLI.run(["coverage", "--require", "actions,events"], in: workspace)
    #expect(result.status == 1)
    #expect(result.lines.contains("    Conformance/features/inbox.json: actions.messageTapped"))
    #expect(result.lines.contains("    Conformance/features/inbox.json: events.openMessage"))
    #expect(result.lines.contains("    Conformance/features/inbox.md: IB6"))
    #expect(
      result.errorLines == [
        "error: coverage gate: --require actions: Conformance/features/inbox.json: actions.messageTapped is not covered on swift",
        "error: coverage gate: --require events: Conformance/features/inbox.json: events.openMessage is not covered on swift",
      ])
  }

  /// Without the only scenario that cites T4, the timer's coverage drops below 100 % and `--min 100` fails; the gap
  /// list names the rule.
  @Test func aPlantedRuleGapFailsTheMinimum() throws {
    let full = try CLI.run(["coverage", "Conformance/scenarios/timer", "--min", "100"])
    #expect(full.status == 0)
    let workspace = try Self.copyOfTheBundledCorpus(feature: "timer", without: "timer-tick-counts-a-second.json")
    let result = try CLI.run(["coverage", "--min", "100"], in: workspace)
    #expect(result.status == 1)
    #expect(result.lines.contains("    Conformance/features/timer.md: T4"))
    #expect(result.lines.last == "Coverage: swift 94.4% (17 of 18 items)")
    #expect(result.errorLines == ["error: coverage gate: 'swift' covers 94.4% (17 of 18 items), below --min 100%"])
  }

  /// A harness whose reducer changes nothing and returns no effect: what swift's trace shows and its does not, on the
  /// same scenario, is a difference between them, named as such, and `--require effects` fails on it.
  @Test func whatOnlyOneImplementationsTraceShowsIsADifference() throws {
    let script = try CLI.pythonHarness(
      named: "frozen",
      onRun:
        #"print(json.dumps({"seq": request["seq"], "trace": [{"state": request["initialState"], "effects": []} for _ in request["actions"]]}), flush=True) if request["cmd"] == "run" else sys.exit(0)"#
    )
    let result = try CLI.run([
      "coverage", "Conformance/scenarios/login/login-submit-valid-credentials.json", "--harness",
      "frozen=python3 \(script.path)", "--require", "effects",
    ])
    #expect(result.status == 1)
    #expect(
      Array(result.lines.prefix(4)) == [
        "login  Conformance/features/login.json, 1 scenario",
        "  swift           frozen          category",
        "  3/7 42.8%       3/7 42.8%       actions",
        "  1/2 50.0%       0/2 0.0%        effects",
      ])
    let differences = try #require(result.lines.firstIndex(of: "  missed by some implementations:"))
    #expect(
      Array(result.lines[(differences + 1)...]) == [
        "    Conformance/features/login.json: effects.authenticate: covered by swift; missed by frozen",
        "    Conformance/features/login.json: state.email (no trace changes it): covered by swift; missed by frozen",
        "    Conformance/features/login.json: state.isLoading (no trace changes it): covered by swift; missed by frozen",
        "    Conformance/features/login.json: state.password (no trace changes it): covered by swift; missed by frozen",
        "",
        "Coverage: swift 30.7% (12 of 39 items), frozen 20.5% (8 of 39 items)",
      ])
    #expect(
      result.errorLines == [
        "error: coverage gate: --require effects: Conformance/features/login.json: effects.authenticate is not covered on frozen",
        "error: coverage gate: --require effects: Conformance/features/login.json: effects.cancel is not covered on swift, frozen",
      ])
  }

  /// An implementation that runs only runtime-level scenarios is not measured on a feature it ran none of: `—`, and
  /// nothing it could not run is counted against it.
  @Test func anImplementationIsMeasuredOnlyOnWhatItRan() throws {
    let harness = "rt:runtime=\(CLI.executable.path) harness"
    let result = try CLI.run([
      "coverage", "Conformance/scenarios/timer/timer-start-runs-the-timer.json", "Conformance/scenarios/login/runtime",
      "--harness", harness, "--min", "80",
    ])
    #expect(result.status == 1)
    #expect(result.errorLines == ["error: coverage gate: 'swift' covers 75.4% (43 of 57 items), below --min 80%"])
    #expect(result.lines.contains("timer  Conformance/features/timer.json, 1 scenario (rt ran 0)"))
    #expect(result.lines.contains("  swift           rt              category"))
    #expect(result.lines.contains("  1/4 25.0%       —               actions"))
    #expect(!result.lines.contains("  missed by some implementations:"))
    #expect(result.lines.last == "Coverage: swift 75.4% (43 of 57 items), rt 97.4% (38 of 39 items)")
  }

  /// Each shard's report counts its own scenarios and says so at its top; together the shards cover what the whole
  /// selection covers, item for item.
  @Test(arguments: [2, 3])
  func theShardsTogetherCoverWhatTheWholeSelectionCovers(shards: Int) throws {
    func covered(_ options: [String]) throws -> (items: Set<String>, scenarios: Int, shard: [String: Int]?) {
      let result = try CLI.run(
        ["coverage", "Conformance/scenarios/timer", "Conformance/scenarios/login", "--format", "json"] + options)
      #expect(result.status == 0)
      let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let features = try #require(report["features"] as? [[String: Any]])
      let items = features.flatMap { feature in
        (feature["items"] as? [[String: Any]] ?? []).filter { ($0["coveredBy"] as? [String])?.isEmpty == false }.map {
          "\(feature["feature"] ?? ""): \($0["category"] ?? ""): \($0["name"] ?? "")"
        }
      }
      let scenarios = features.compactMap { $0["scenarios"] as? Int }.reduce(0, +)
      return (Set(items), scenarios, report["shard"] as? [String: Int])
    }
    let whole = try covered([])
    #expect(whole.shard == nil)
    var union: Set<String> = []
    var scenarios = 0
    for index in 1...shards {
      let part = try covered(["--shard", "\(index)/\(shards)"])
      #expect(part.shard == ["index": index, "total": shards])
      #expect(part.scenarios < whole.scenarios)
      union.formUnion(part.items)
      scenarios += part.scenarios
    }
    #expect(scenarios == whole.scenarios)
    #expect(union == whole.items)
  }

  @Test func aShardsReportSaysSoAtItsTopAndAnEmptyShardPasses() throws {
    let text = try CLI.run(["coverage", "--shard", "1/2"], in: Self.fixture)
    #expect(text.status == 0)
    #expect(
      Array(text.lines.prefix(3)) == [
        "Shard 1/2 only: the other shards' scenarios are not counted.", "",
        "timer  Conformance/features/timer.json, 1 scenario",
      ])
    let markdown = try CLI.run(
      ["coverage", "--shard", "auto", "--format", "markdown"], in: Self.fixture,
      environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])
    #expect(markdown.status == 0)
    #expect(markdown.stderr == "note: --shard auto: shard 2/2 from GitLab\n")
    #expect(
      Array(markdown.lines.prefix(6)) == [
        "# Coverage", "", "Shard 2/2 only: the other shards' scenarios are not counted.", "", "## timer", "",
      ])
    let empty = try CLI.run(["coverage", "--shard", "3/3", "--min", "100"], in: Self.fixture)
    #expect(empty.status == 0)
    #expect(empty.stderr == "note: shard 3/3 holds no scenarios\n")
    #expect(
      empty.lines == [
        "Shard 3/3 only: the other shards' scenarios are not counted.", "", "Coverage: swift ran no scenario",
      ])
  }

  @Test(arguments: [
    (["--min", "101"], "error: option '--min' takes a percentage from 0 to 100, got '101'"),
    (["--min", "x"], "error: option '--min' takes a percentage from 0 to 100, got 'x'"),
    (["--min", "-1"], "error: option '--min' takes a percentage from 0 to 100, got '-1'"),
    (
      ["--require", "bogus"],
      "error: option '--require' takes categories from actions, effects, dependencies, events, state, changes, rules, transitions, got 'bogus'"
    ),
    (
      ["--require", "rules,action"],
      "error: option '--require' takes categories from actions, effects, dependencies, events, state, changes, rules, transitions, got 'action'; did you mean 'actions'?"
    ),
    (["--format", "xml"], "error: option '--format' takes 'text', 'json' or 'markdown', got 'xml'"),
    (
      ["--shard", "4/3"],
      "error: option '--shard' takes '<index>/<total>' with 1 ≤ index ≤ total ≤ 1000 (for example '2/3'), or 'auto', got '4/3'"
    ),
  ])
  func aBadOptionIsAUsageError(arguments: [String], message: String) throws {
    let result = try CLI.run(["coverage"] + arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.errorLines.first == message)
    #expect(result.errorLines.last == "See 'conformance coverage --help'.")
  }

  @Test func anUnknownRuleIsAnInvalidFileAtItsPath() throws {
    let file = "Tests/ConformanceTests/Fixtures/invalid/unknown-rule.json"
    let result = try CLI.run(["coverage", file, "Conformance/scenarios/timer"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: \(file): rules[0]: unknown rule 'L3.z'; did you mean 'L3.a'? (Conformance/features/login.md declares: L1, L2, L3, L3.a, L3.b, L3.c, L3.d, L3.e, L3.f, L4, L4.a, L4.b, L5, LR1, LR2, LR3, LR4, LR5, LR6)",
        "error: \(file): rules[2]: duplicate rule 'L5'",
        "error: \(file): rules[3]: expected a spec rule id such as \"L3\" or \"L3.a\", got \"l5\"",
      ])
    // The other files still count.
    #expect(result.lines.last == "Coverage: swift 100.0% (18 of 18 items)")
  }

  /// A temporary workspace with the bundled manifests and specs and one feature's scenarios, less one file.
  static func copyOfTheBundledCorpus(feature: String, without file: String) throws -> URL {
    let folder = try CLI.temporaryFolder()
    let conformance = folder.appendingPathComponent("Conformance")
    let manager = FileManager.default
    try manager.createDirectory(at: conformance.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
    try manager.copyItem(
      at: CLI.repository.appendingPathComponent("Conformance/features"),
      to: conformance.appendingPathComponent("features"))
    let scenarios = conformance.appendingPathComponent("scenarios/\(feature)")
    try manager.copyItem(at: CLI.repository.appendingPathComponent("Conformance/scenarios/\(feature)"), to: scenarios)
    let removed = (manager.enumerator(atPath: scenarios.path)?.allObjects as? [String] ?? []).filter {
      $0.hasSuffix("/" + file) || $0 == file
    }
    try #require(removed.count == 1, "no single '\(file)' in the \(feature) scenarios")
    try manager.removeItem(at: scenarios.appendingPathComponent(removed[0]))
    return folder
  }
}
