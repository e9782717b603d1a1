import Foundation
import Testing

/// Runtime-level scenarios end to end through `conformance run` and a Python harness: a harness that
/// declares no levels keeps passing its reducer scenarios while runtime ones are `not applicable`, and a harness
/// that declares `runtime` is sent the steps with call references and judged on calls and cancellations.
@Suite("runtime scenarios end to end")
struct RuntimeCLITests {
  static let reducerScenario = """
    {"id": "login-email", "feature": "login", "description": "L1", "steps": [
      {"send": {"type": "emailChanged", "value": "a@b.c"}, "expect": {"changes": {"email": "a@b.c"}}}]}
    """

  static let runtimeScenario = """
    {"id": "login-runtime-dismiss", "feature": "login", "level": "runtime", "description": "LR4", "steps": [
      {"send": {"type": "emailChanged", "value": "a@b.c"}, "expect": {"changes": {"email": "a@b.c"}}},
      {"send": {"type": "passwordChanged", "value": "pw"}, "expect": {"changes": {"password": "pw"}}},
      {"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true},
        "calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}},
      {"send": {"type": "dismissed"}, "expect": {"changes": {"isLoading": false}, "cancelled": ["a1"]}},
      {"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}}}]}
    """

  /// A workspace whose login manifest declares `authenticate`, with one reducer and one runtime scenario.
  static func workspace() throws -> URL {
    let root = try ScenarioCorpusCLITests.workspace([])
    let conformance = root.appendingPathComponent("Conformance")
    let manifestURL = conformance.appendingPathComponent("features/login.json")
    var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
    manifest["dependencies"] = [
      "authenticate": [
        "rule": "LR1", "arguments": ["email": ["type": "string"], "password": ["type": "string"]],
        "result": ["type": "union", "ref": "LoginResult"],
      ]
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
    let folder = conformance.appendingPathComponent("scenarios/login")
    try Data(reducerScenario.utf8).write(to: folder.appendingPathComponent("login-email.json"))
    try Data(runtimeScenario.utf8).write(to: folder.appendingPathComponent("login-runtime-dismiss.json"))
    return root
  }

  /// A harness for login that declares `levels` (a JSON list, or nothing), answers the reducer scenario, and
  /// answers the runtime scenario with `cancelledAtDismiss` as step 4's `cancelled` when the request carries the
  /// steps with the call reference `{"step": 3, "index": 1}` (else `errored`, quoting what it got).
  ///
  /// `callsAtSubmit` (a Python list expression) replaces step 3's calls: `[]` is an implementation that starts no
  /// call and stays idle.
  static func harness(
    levels: String?, cancelledAtDismiss: String = #"[{"step": 3, "index": 1}]"#, callsAtSubmit: String = "[call]"
  ) throws -> URL {
    let script = try CLI.temporaryFolder().appendingPathComponent("runtime-harness.py")
    let levelsMember = levels.map { #", "levels": \#($0)"# } ?? ""
    try Data(
      #"""
      import json, sys
      def state(email="", password="", loading=False):
          return {"email": email, "password": password, "isLoading": loading, "error": None}
      for line in sys.stdin:
          request = json.loads(line)
          if request["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "h", "language": "Python", "version": "1"},
                  "features": {"login": {"initialState": state()\#(levelsMember)}}}), flush=True)
          elif request["cmd"] == "run" and request.get("level") == "runtime":
              steps = request["steps"]
              if "actions" in request or steps[4] != {"respond": {"call": {"step": 3, "index": 1}, "result": {"type": "success", "userId": "u1"}}}:
                  print(json.dumps({"seq": request["seq"], "errored": {"step": 0, "message": "got " + json.dumps(request)}}), flush=True)
                  continue
              call = {"dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}
              trace = [
                  {"state": state("a@b.c"), "calls": [], "cancelled": []},
                  {"state": state("a@b.c", "pw"), "calls": [], "cancelled": []},
                  {"state": state("a@b.c", "pw", \#(callsAtSubmit) != []), "calls": \#(callsAtSubmit), "cancelled": []},
                  {"state": state("a@b.c", "pw"), "calls": [], "cancelled": \#(cancelledAtDismiss)},
                  {"state": state("a@b.c", "pw"), "calls": [], "cancelled": []},
              ]
              print(json.dumps({"seq": request["seq"], "trace": trace}), flush=True)
          elif request["cmd"] == "run":
              print(json.dumps({"seq": request["seq"], "trace": [{"state": state("a@b.c"), "effects": []}]}), flush=True)
          else:
              break
      """#.utf8
    ).write(to: script)
    return script
  }

  @Test func aHarnessThatDeclaresNoLevelsIsSkippedOnRuntimeScenariosUnlessTheUserSaysSo() throws {
    let root = try Self.workspace()
    let script = try Self.harness(levels: nil)
    let skipped = try CLI.run(["run", "--impl", "h", "--harness", "h=python3 \(script.path)"], in: root)
    #expect(skipped.errorLines == [])
    #expect(skipped.status == 1)
    #expect(
      skipped.lines.contains(
        "- login-runtime-dismiss (skipped: 'h' does not declare level 'runtime' for feature 'login' (it declares: reducer))"
      ))
    #expect(
      skipped.lines.contains(
        "h: 1 skipped: 'h' does not declare level 'runtime' for feature 'login' (it declares: reducer)"))
    #expect(skipped.lines.last == "1 passed, 0 failed, 1 skipped")

    let declared = try CLI.run(["run", "--impl", "h", "--harness", "h:reducer=python3 \(script.path)"], in: root)
    #expect(declared.errorLines == [])
    #expect(declared.status == 0)
    #expect(declared.lines.contains("✓ login-email"))
    let reason = "'h' runs only reducer-level scenarios, as its declared levels say"
    #expect(declared.lines.contains("· login-runtime-dismiss (not applicable: \(reason))"))
    #expect(declared.lines.contains("h: 1 not applicable: \(reason)"))
    #expect(declared.lines.last == "1 passed, 0 failed, 1 not applicable")
  }

  /// Levels the user leaves out are never sent, even to a harness that announces them.
  @Test func aLevelTheUserLeftOutIsNotSentEvenWhenTheHarnessAnnouncesIt() throws {
    let root = try Self.workspace()
    let script = try Self.harness(levels: #"["reducer", "runtime"]"#)
    let result = try CLI.run(["run", "--impl", "h", "--harness", "h:reducer=python3 \(script.path)"], in: root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.lines.contains(
        "· login-runtime-dismiss (not applicable: 'h' runs only reducer-level scenarios, as its declared levels say)"))
    #expect(result.lines.last == "1 passed, 0 failed, 1 not applicable")
  }

  /// A harness that misnames a feature (its reducer registered as 'logins') does not start: every pair is `not run`
  /// and the error names the feature and the nearest manifest, instead of a run that checks nothing and passes.
  @Test func aHarnessAnnouncingAFeatureNoManifestDefinesFailsTheRun() throws {
    let root = try Self.workspace()
    let script = try Self.harness(levels: nil)
    var text = try String(contentsOf: script, encoding: .utf8)
    text = text.replacingOccurrences(of: #""features": {"login": {"#, with: #""features": {"logins": {"#)
    try Data(text.utf8).write(to: script)
    let result = try CLI.run(["run", "--impl", "h", "--harness", "h=python3 \(script.path)"], in: root)
    #expect(result.status == 1)
    #expect(
      result.errorLines.first
        == "error: the implementation 'h' did not start: the harness 'h' answered 'hello', but it announces feature "
        + "'logins', which no manifest defines (manifests: inbox, login, signup, timer); did you mean 'login'?")
    #expect(result.lines.last == "0 passed, 2 failed")
  }

  @Test func listSaysWhichScenariosAreRuntimeLevel() throws {
    let root = try Self.workspace()
    let result = try CLI.run(["list"], in: root)
    #expect(result.status == 0)
    #expect(
      result.lines.prefix(2) == [
        "login-email  login, 1 step  Conformance/scenarios/login/login-email.json",
        "login-runtime-dismiss  login (runtime), 5 steps  Conformance/scenarios/login/login-runtime-dismiss.json",
      ])
  }

  @Test func aRuntimeHarnessIsSentTheStepsAndJudgedOnCancellations() throws {
    let root = try Self.workspace()
    let good = try Self.harness(levels: #"["reducer", "runtime"]"#)
    let passing = try CLI.run(["run", "--impl", "h", "--harness", "h=python3 \(good.path)"], in: root)
    #expect(passing.errorLines == [])
    #expect(passing.status == 0)
    #expect(passing.lines.last == "2 passed, 0 failed")

    let late = try Self.harness(levels: #"["runtime"]"#, cancelledAtDismiss: "[]")
    let json = root.appendingPathComponent("report.json")
    let failing = try CLI.run(
      ["run", "--impl", "h", "--harness", "h:runtime=python3 \(late.path)", "--json", json.path], in: root)
    #expect(failing.status == 1)
    #expect(
      failing.lines.contains(where: { $0.hasPrefix("✗ login-runtime-dismiss") }),
      "\(failing.lines)")
    #expect(failing.lines.contains("    step 4 of 5: send dismissed"))
    #expect(failing.lines.contains("      expected call a1 (authenticate) to be cancelled, but it was not"))
    // The scenario answers a1 at step 5, so it is not pending: the late answer must change nothing, and does.
    #expect(!failing.lines.contains { $0.contains("still pending") })
    #expect(failing.lines.last == "0 passed, 1 failed, 1 not applicable")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["notApplicable"] as? Int == 1)
    #expect(summary["failed"] as? Int == 1)
  }

  /// A harness declared to run reducer scenarios only, given only runtime-level scenarios, runs nothing: that is not
  /// a pass.
  @Test func aRunInWhichNoImplementationRanAnythingFailsTheGate() throws {
    let root = try Self.workspace()
    let script = try Self.harness(levels: nil)
    let result = try CLI.run(
      [
        "run", "--impl", "h", "--harness", "h:reducer=python3 \(script.path)",
        "Conformance/scenarios/login/login-runtime-dismiss.json",
      ],
      in: root)
    #expect(result.status == 1)
    #expect(
      result.lines.contains(
        "No implementation ran any scenario: every pair is not applicable (the implementations' declared levels leave "
          + "the scenarios' level out), and a run that checks nothing is not a pass"), "\(result.lines)")
    #expect(result.lines.last == "0 passed, 0 failed, 1 not applicable")
  }

  /// F1 of the runtime tryout: a respond to the call an implementation never started is no longer `errored` by the
  /// harness side; the run shows the real difference at step 3 and the respond at step 5, the JSON report carries
  /// the calls, and `--update-baseline` can record it.
  @Test func anImplementationThatStartsNoCallFailsAtTheSubmitStepAndCanBeBaselined() throws {
    let root = try Self.workspace()
    let noStart = try Self.harness(levels: #"["runtime"]"#, cancelledAtDismiss: "[]", callsAtSubmit: "[]")
    let json = root.appendingPathComponent("report.json")
    let arguments = ["run", "Conformance/scenarios/login/login-runtime-dismiss.json", "--impl", "h"]
    let harness = ["--harness", "h=python3 \(noStart.path)"]
    let failing = try CLI.run(arguments + harness + ["--json", json.path], in: root)
    #expect(failing.status == 1)
    #expect(failing.lines.contains("    step 3 of 5: send submit"), "\(failing.lines)")
    #expect(
      failing.lines.contains(
        #"      expected 1 call (a1: authenticate({"email":"a@b.c","password":"pw"})), got none"#))
    #expect(failing.lines.contains("      responds to call a1 (authenticate), which the implementation never started"))
    #expect(!failing.lines.contains { $0.contains("errored") || $0.contains("3.1") }, "\(failing.lines)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
    let result = try #require((report["results"] as? [[String: Any]])?.first)
    let failure = try #require(result["failure"] as? [String: Any])
    #expect(failure["step"] as? Int == 3)
    #expect((failure["expectedCalls"] as? [Any])?.count == 1)
    #expect((failure["actualCalls"] as? [Any])?.count == 0)
    #expect(failure["expectedEffects"] == nil)

    let baseline = root.appendingPathComponent("baseline.json")
    try Data(#"{"entries": []}"#.utf8).write(to: baseline)
    let update = try CLI.run(arguments + harness + ["--baseline", baseline.path, "--update-baseline"], in: root)
    #expect(
      update.lines.contains {
        $0.hasPrefix("baseline: added entries[0]: 'login-runtime-dismiss' fails on h at step 3")
      },
      "\(update.lines) \(update.errorLines)")
  }

  /// F13 of the tryout: a misspelt level is reported alone, with the level it was meant to be, and not followed by
  /// one error per runtime key the steps have.
  @Test func aMisspeltLevelIsTheOnlyErrorOfItsFile() throws {
    let root = try Self.workspace()
    let file = "Conformance/scenarios/login/login-runtime-dismiss.json"
    let misspelt = Self.runtimeScenario.replacingOccurrences(of: #""level": "runtime""#, with: #""level": "Runtime""#)
    #expect(misspelt != Self.runtimeScenario)
    try Data(misspelt.utf8).write(to: root.appendingPathComponent(file))
    let result = try CLI.run(["validate", file], in: root)
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        #"error: \#(file): level: unknown level "Runtime"; did you mean "runtime"? (allowed: "reducer", "runtime"; absent means "reducer")"#
      ])
    #expect(result.lines == ["1 file invalid, 0 valid"])
  }
}
