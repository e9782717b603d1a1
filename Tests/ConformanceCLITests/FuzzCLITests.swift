import Foundation
import Testing

/// `conformance fuzz` end to end through the built executable: what a user sees (output and exit status), with the
/// Swift implementation against itself served over the harness protocol (`conformance harness`) and against a
/// harness process that lower-cases the email it sends (the out-of-process twin of ``LoginMutation/lowercasesEmail``).
@Suite("conformance fuzz end to end", .serialized)
struct FuzzCLITests {
  /// `--harness twin=…`: the Swift implementation again, out of process.
  var twin: String { "twin=\(CLI.executable.path) harness" }

  @Test func oneImplementationIsAUsageError() throws {
    let result = try CLI.run(["fuzz", "--feature", "login"])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "error: fuzz compares implementations, and only 'swift' is selected; add another with --impl <name> (a harness of your own: --harness <name>=<command> --impl <name>), or --all",
        "Usage: conformance fuzz --feature <name> [--impl <name> ...] [--all] [--harness <name>=<command> ...] [--config <file>] [--startup-timeout <s>] [--timeout <s>] [--seed <n>] [--time <s> | --runs <n>] [--shard <i>/<n>|auto] [--max-steps <k>] [--level reducer|runtime] [--reference <impl>] [--out <dir>] [--unicode-all]",
        "See 'conformance fuzz --help'.",
      ])
    #expect(result.stdout == "")
  }

  @Test func anImplementationWithoutTheReducerLevelIsLeftOutWithANote() throws {
    let script = try CLI.temporaryFolder().appendingPathComponent("runtime-only.py")
    try Data(
      #"""
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          if request["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "vm", "language": "Python", "version": "1"},
                                "features": {"login": {"initialState": {"email": "", "password": "", "isLoading": False,
                                                                       "error": None}, "levels": ["runtime"]}}}), flush=True)
          elif request["cmd"] == "bye":
              break
      """#.utf8
    ).write(to: script)
    let result = try CLI.run(["fuzz", "--feature", "login", "--harness", "vm=python3 \(script.path)", "--runs", "5"])
    #expect(result.status == 2)
    #expect(
      result.errorLines.prefix(2) == [
        "note: leaving out 'vm': it runs only runtime-level scenarios of 'login', and fuzz works at the reducer level",
        "error: fuzz compares implementations at the reducer level, and only 'swift' runs them for 'login'; add another with --impl <name>",
      ])
  }

  @Test func badNumbersAreUsageErrors() throws {
    for (option, value, message) in [
      ("--seed", "-1", "option '--seed' takes a whole number from 0 to 18446744073709551615, got '-1'"),
      ("--runs", "0", "option '--runs' takes a whole number of 1 or more, got '0'"),
      ("--max-steps", "65", "option '--max-steps' takes a whole number from 1 to 64, got '65'"),
      ("--time", "soon", "option '--time' needs a positive number of seconds in decimal digits (e.g. 2.5), got 'soon'"),
      (
        "--time", "1e300",
        "option '--time' needs a positive number of seconds in decimal digits (e.g. 2.5), got '1e300'"
      ),
    ] {
      let result = try CLI.run(["fuzz", "--feature", "login", "--harness", twin, option, value])
      #expect(result.status == 2)
      #expect(result.errorLines.first == "error: \(message)")
    }
  }

  @Test func swiftAgainstItselfOverTheProtocolFindsNothingAndIsReproducible() throws {
    let arguments = ["fuzz", "--feature", "signup", "--harness", twin, "--runs", "300", "--seed", "42"]
    let first = try CLI.run(arguments)
    let second = try CLI.run(arguments)
    #expect(first.status == 0)
    #expect(first.lines.count == 2)
    #expect(first.lines.first == "fuzz signup on swift, twin: seed 42, 300 sequences of 1 to 8 steps")
    #expect(first.lines.last?.hasPrefix("no divergence in 300 sequences (") == true)
    #expect(first.stdout == second.stdout)
    // Timing goes to standard error with --runs, so standard output depends only on the seed.
    #expect(first.errorLines.count == 1)
    #expect(first.errorLines.first?.hasPrefix("fuzz: 300 sequences (") == true)
    #expect(first.errorLines.first?.contains(" sequences/s, ") == true)
  }

  @Test func theLoginStoreAgainstItselfOverTheProtocolFindsNothingAtTheRuntimeLevel() throws {
    let arguments = ["fuzz", "--feature", "login", "--harness", twin, "--level", "runtime", "--runs", "300"]
    let first = try CLI.run(arguments)
    let second = try CLI.run(arguments)
    #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    #expect(
      first.lines.first == "fuzz login on swift, twin: seed 0, 300 sequences of 1 to 8 steps at the runtime level")
    #expect(first.lines.last?.hasPrefix("no divergence in 300 sequences (") == true)
    #expect(first.stdout == second.stdout)
  }

  @Test func aDivergingHarnessIsShrunkWrittenAndTheScenarioGatesIt() throws {
    let script = try Self.proxyHarness(
      onRequest: "",
      onReply: """
        for entry in reply.get("trace", []):
            for effect in entry["effects"]:
                if effect.get("type") == "authenticate":
                    effect["email"] = effect["email"].lower()
        """)
    let folder = script.deletingLastPathComponent()
    let mutant = "mutant=python3 \(script.path)"
    let out = folder.appendingPathComponent("findings")
    let result = try CLI.run([
      "fuzz", "--feature", "login", "--harness", mutant, "--runs", "2000", "--reference", "swift", "--out", out.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.lines.first == "fuzz login on swift, mutant: seed 0, 2000 sequences of 1 to 8 steps")
    #expect(result.lines.contains { $0.hasPrefix("divergence between swift and mutant in sequence ") })
    #expect(result.lines.contains("      effects[0].email"))
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
    #expect(file.hasPrefix("fuzz-login-") && file.hasSuffix(".json") && file.count == "fuzz-login-12345678.json".count)
    let path = out.appendingPathComponent(file).path
    #expect(result.lines.last == "wrote \(path) (expectations from swift)")

    #expect(try CLI.run(["validate", path]).lines == ["1 file valid (1 scenario)"])
    let passes = try CLI.run(["run", path])
    #expect(passes.status == 0)
    #expect(passes.lines.last == "1 passed, 0 failed")
    let gate = try CLI.run(["run", path, "--harness", mutant])
    #expect(gate.status == 1)
    #expect(gate.lines.contains { $0.hasSuffix(" (divergence)") })
  }

  /// A crashing harness is shrunk like a divergence (it is restarted for every candidate that crashes it), and the
  /// finding holds the steps that crash it; its scenario says it crashed.
  @Test func aCrashingHarnessIsShrunkAndItsScenarioSaysItCrashed() throws {
    let script = try Self.proxyHarness(
      onRequest: """
        if any(action.get("type") == "dismissed" for action in request.get("actions", [])):
            sys.exit(3)
        """, onReply: "")
    let crashy = "crashy=python3 \(script.path)"
    let out = script.deletingLastPathComponent().appendingPathComponent("findings")
    let result = try CLI.run([
      "fuzz", "--feature", "login", "--harness", crashy, "--runs", "500", "--seed", "3", "--reference", "swift",
      "--out", out.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.lines.dropFirst().first?.hasPrefix("crashy crashed in sequence ") == true, "\(result.stdout)")
    let path = out.appendingPathComponent("\(Self.dismissedID).json").path
    #expect(
      Array(result.lines.dropFirst(3)) == [
        #"  step 1: send {"type":"dismissed"}"#,
        "    crashy: crashed: the harness exited with status 3 before replying",
        "    swift: a trace of 1 step",
        "wrote \(path) (expectations from swift)",
      ])
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        {
          "id": "\(Self.dismissedID)",
          "feature": "login",
          "description": "Found by conformance fuzz --seed 3: crashy crashed (the harness exited with status 3 before replying). Expectations recorded from swift; check them against the spec before committing.",
          "tags": ["fuzz"],
          "steps": [
            {"send": {"type": "dismissed"}}
          ]
        }

        """)
    let gate = try CLI.run(["run", path, "--harness", crashy])
    #expect(gate.status == 1)
    #expect(
      gate.lines.prefix(2) == [
        "swift           crashy          scenario", "passed          crashed         \(Self.dismissedID)",
      ])
  }

  /// The id of the one-step case that sends `dismissed` from the manifest's initial state (a hash of the case, so the
  /// same on every run and platform).
  static let dismissedID = "fuzz-login-0e151932"

  /// A harness that hangs costs one timeout, not one per restart: fuzz stops at the first fault, so it gives harnesses
  /// no restarts (tryout: 4 process starts and 4 timeouts for one finding); only a crash is shrunk, by a harness
  /// started afresh.
  @Test func aHangingHarnessCostsOneTimeout() throws {
    let folder = try CLI.temporaryFolder()
    let log = folder.appendingPathComponent("starts.log")
    let script = try Self.proxyHarness(
      onRequest: """
        if request.get("cmd") == "hello":
            open(\(String(reflecting: log.path)), "a").write("start\\n")
        if request.get("cmd") == "run":
            import time
            time.sleep(60)
        """, onReply: "")
    let started = Date()
    let result = try CLI.run([
      "fuzz", "--feature", "login", "--harness", "slow=python3 \(script.path)", "--impl", "swift", "--impl", "slow",
      "--runs", "100", "--timeout", "1",
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.lines.dropFirst().first?.hasPrefix("slow did not answer sequence 1") == true, "\(result.stdout)")
    #expect(try String(contentsOf: log, encoding: .utf8) == "start\n")
    #expect(Date().timeIntervalSince(started) < 20)
  }

  /// `--out` is checked before the search: a file where a folder must go is a usage error, and `--out` without
  /// `--reference` (which writes nothing) is one too.
  @Test func aBadOutIsAUsageErrorBeforeTheSearch() throws {
    let folder = try CLI.temporaryFolder()
    let file = folder.appendingPathComponent("afile")
    try Data("x".utf8).write(to: file)
    for (out, message) in [
      (file.path, "error: --out '\(file.path)' cannot be a folder: '\(file.path)' is a file"),
      (file.path + "/sub", "error: --out '\(file.path)/sub' cannot be a folder: '\(file.path)' is a file"),
    ] {
      let result = try CLI.run([
        "fuzz", "--feature", "login", "--harness", twin, "--runs", "5", "--reference", "swift", "--out", out,
      ])
      #expect(result.status == 2)
      #expect(result.errorLines.first == message)
    }
    let withoutReference = try CLI.run(["fuzz", "--feature", "login", "--harness", twin, "--out", folder.path])
    #expect(withoutReference.status == 2)
    #expect(
      withoutReference.errorLines.first
        == "error: --out names where --reference writes what it finds; without --reference nothing is written, so add --reference <name> or drop --out"
    )
  }

  /// A feature without bundled scenarios is fuzzed from the hazard classes alone; fuzz says so (tryout 2: the same
  /// wrong harness went unfound, with no word why).
  @Test func aFeatureWithoutBundledScenariosIsNoted() throws {
    let root = try ScenarioCorpusCLITests.workspace([])  // Features, and an empty scenarios folder.
    let result = try CLI.run(["fuzz", "--feature", "login", "--harness", twin, "--runs", "5"], in: root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.errorLines.contains(
        "note: 'login' has no valid reducer-level bundled scenarios, so values come from the hazard classes and the "
          + "manifest's examples alone, and sequences follow no written flow: a weaker search"), "\(result.errorLines)")
  }

  /// A Python harness that passes each request to `conformance harness` and its reply back, running `onRequest`
  /// (Python statements; `request` is the parsed request) before and `onReply` (`reply` is the parsed reply) after.
  static func proxyHarness(onRequest: String, onReply: String) throws -> URL {
    let script = try CLI.temporaryFolder().appendingPathComponent("proxy.py")
    func indented(_ code: String) -> String {
      code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
    try Data(
      """
      import json, subprocess, sys
      child = subprocess.Popen([\(String(reflecting: CLI.executable.path)), "harness"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, encoding="utf-8")
      for line in sys.stdin:
          request = json.loads(line)
      \(indented(onRequest))
          child.stdin.write(line)
          child.stdin.flush()
          if request.get("cmd") == "bye":
              break
          reply = json.loads(child.stdout.readline())
      \(indented(onReply))
          print(json.dumps(reply, ensure_ascii=False), flush=True)
      """.utf8
    ).write(to: script)
    return script
  }
}
