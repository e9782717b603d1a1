import Conformance
import Foundation
import LoginFeature
import LoginRuntime
import Testing

@testable import ConformanceCLI

/// `conformance fuzz --level runtime` in process: the correct login store (``loginRuntime``) against a store whose
/// timeout is 9,999 ms (``RuntimeMutant/earlyTimeout``) is told apart within a `--runs` budget, shrunk to at most 4
/// steps and written as a runtime-level scenario that validates, passes on the correct store and fails on the mutant.
@Suite("conformance fuzz at the runtime level")
struct FuzzRuntimeTests {
  /// The correct login: the reducer and the store.
  static let correct = SwiftImplementation(
    features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())], runtimes: [loginRuntime])

  /// The budget the mutant must be found within.
  static let runs = "3000"

  static func fuzz(_ arguments: [String], extra: [any Implementation] = [RuntimeMutant.earlyTimeout]) async
    -> CLI.Result
  {
    await Fuzz.command(["fuzz"] + arguments, swift: correct, extra: extra)
  }

  @Test func findsShrinksAndRecordsTheEarlyTimeout() async throws {
    let out = try CLI.temporaryFolder()
    let result = await Self.fuzz([
      "--feature", "login", "--impl", "mutant", "--level", "runtime", "--runs", Self.runs, "--reference", "swift",
      "--out", out.path,
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.lines.first == "fuzz login on swift, mutant: seed 0, 3000 sequences of 1 to 8 steps at the runtime level")
    #expect(result.lines.contains { $0.hasPrefix("divergence between swift and mutant in sequence ") })
    // The divergence is shown three ways at an advance step.
    #expect(result.lines.contains { $0.contains("advance") }, "\(result.stdout)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    try #require(files.count == 1, "\(result.stdout)")
    let file = out.appendingPathComponent(files[0])
    #expect(result.lines.last == "wrote \(file.path) (expectations from swift)")
    let scenario = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(scenario["level"] as? String == "runtime")
    let steps = try #require(scenario["steps"] as? [[String: Any]])
    #expect((1...4).contains(steps.count), "\(result.stdout)")
    let submit = try #require(steps.first { ($0["send"] as? [String: Any])?["type"] as? String == "submit" })
    let calls = try #require((submit["expect"] as? [String: Any])?["calls"] as? [[String: Any]])
    #expect(calls.first?["call"] as? String == "a1")
    #expect(calls.first?["dependency"] as? String == "authenticate")
    #expect(steps.contains { $0["advance"] != nil }, "\(result.stdout)")

    await Fuzz.expectWritten(
      file, passesOn: Self.correct,
      failsOn: SwiftImplementation(
        name: "swift", features: [], runtimes: RuntimeMutant.earlyTimeout.runtimes.map(\.value)))
  }

  @Test func theSameSeedPrintsTheSameOutput() async {
    let arguments = ["--feature", "login", "--impl", "mutant", "--level", "runtime", "--runs", "3000", "--seed", "5"]
    let first = await Self.fuzz(arguments)
    let second = await Self.fuzz(arguments)
    #expect(first.status == 1, "\(first.stdout)")
    #expect(first.stdout == second.stdout)
    #expect(first.lines.last?.hasPrefix("nothing written: no expectations without a reference") == true)
  }

  @Test func theCorrectStoreAgainstItselfHasNoDivergence() async {
    let twin = SwiftImplementation(name: "twin", features: [], runtimes: [loginRuntime])
    let result = await Self.fuzz(
      ["--feature", "login", "--impl", "twin", "--level", "runtime", "--runs", "500"], extra: [twin])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.lines.last?.hasPrefix("no divergence in 500 sequences (") == true, "\(result.stdout)")
  }

  /// Two correct runtimes of a feature with three dependencies, one that errors on a result it cannot decode and one
  /// that shows it as a failure, agree on every case: each call is answered with its own dependency's result type,
  /// which both read alike. (Answering a call with another dependency's result made them diverge on every seed.)
  @Test func twoCorrectRuntimesWithSeveralDependenciesNeverDiverge() async throws {
    let manifests = ["lookup": try Lookup.manifest]
    let engine = FuzzEngine(
      implementations: [Lookup.strict.bound(to: manifests), Lookup.lenient.bound(to: manifests)], feature: "lookup")
    let (generator, _) = try FuzzGeneratorValidityTests.generator("lookup", level: .runtime)
    let result = await engine.search(generator: generator, seed: 0, runs: 2000, seconds: nil)
    #expect(result.fault == nil, "\(String(describing: result.fault?.observation))")
    #expect(
      result.finding == nil, "sequence \(result.finding?.sequence ?? 0): \(result.finding?.fuzzCase.actions ?? [])")
    #expect(result.sequences == 2000)
  }

  @Test func implementationsWithoutTheLevelAreLeftOutWithANote() async {
    // The mutant has no reducer-level adapter: at the reducer level only 'swift' is left.
    let reducer = await Self.fuzz(["--feature", "login", "--impl", "mutant", "--runs", "5"])
    #expect(reducer.status == 2)
    #expect(
      reducer.errorLines.prefix(2) == [
        "note: leaving out 'mutant': it runs only runtime-level scenarios of 'login', and fuzz works at the reducer level",
        "error: fuzz compares implementations at the reducer level, and only 'swift' runs them for 'login'; add another with --impl <name>",
      ])
    // A reducer-only twin at the runtime level.
    let twin = SwiftImplementation(
      name: "twin", features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())])
    let runtime = await Self.fuzz(
      ["--feature", "login", "--impl", "twin", "--level", "runtime", "--runs", "5"], extra: [twin])
    #expect(runtime.status == 2)
    #expect(
      runtime.errorLines.prefix(2) == [
        "note: leaving out 'twin': it runs no runtime-level scenarios of 'login', and fuzz works at the runtime level",
        "error: fuzz compares implementations at the runtime level, and only 'swift' runs them for 'login'; add another with --impl <name>",
      ])
  }

  @Test func aBadLevelIsAUsageError() async {
    let result = await Self.fuzz(["--feature", "login", "--impl", "mutant", "--level", "store"])
    #expect(result.status == 2)
    #expect(result.errorLines.first == "error: option '--level' takes reducer or runtime, got 'store'")
  }

  /// Runtime sequences mix every step kind, respond only to the first call of an earlier `send` step with a
  /// `LoginResult` or an error, favour the timeout's edges, and are the same for the same seed.
  @Test func runtimeSequencesMixEveryStepKind() throws {
    var generator = try FuzzGeneratorTests.generator("login")
    generator.level = .runtime
    var random = FuzzRandom(seed: 0)
    let cases = (0..<400).map { _ in generator.next(random: &random) }
    var again = FuzzRandom(seed: 0)
    #expect(cases == (0..<400).map { _ in generator.next(random: &again) })
    var kinds: [String: Int] = [:]
    var advances = Set<Int64>()
    for fuzzCase in cases {
      #expect(fuzzCase.level == .runtime)
      #expect((1...8).contains(fuzzCase.actions.count))
      for (index, step) in fuzzCase.actions.enumerated() {
        switch FuzzCase.runtimeStep(step) {
        case .send(let action):
          #expect(action["type"]?.stringValue != nil)
          kinds["send", default: 0] += 1
        case .respond(let call, let answer):
          #expect(call.index == 1 && call.step <= index)
          #expect(fuzzCase.actions[call.step - 1]["send"] != nil)
          switch answer {
          case .result(let result):
            #expect(["success", "failure"].contains(result["type"]?.stringValue ?? ""))
            kinds["result", default: 0] += 1
          case .error: kinds["error", default: 0] += 1
          case .cancellation: kinds["cancellation", default: 0] += 1
          case .complete: kinds["complete", default: 0] += 1
          }
        case .advance(let milliseconds):
          #expect((0...generator.advanceLimit).contains(milliseconds))
          advances.insert(milliseconds)
          kinds["advance", default: 0] += 1
        case .clear: kinds["clear", default: 0] += 1
        case .screen: kinds["screen", default: 0] += 1
        case .emit: kinds["emit", default: 0] += 1
        }
      }
    }
    #expect(Set(kinds.keys) == ["send", "result", "error", "cancellation", "advance", "clear"], "\(kinds)")
    #expect(generator.advanceEdges == [0, 1, 9_999, 10_000, 10_001])
    #expect(advances.isSuperset(of: generator.advanceEdges))
  }

  /// Advances aim at the durations the manifest declares, and at nothing else: a feature whose only wait is a 300 ms
  /// debounce gets advances of 299, 300 and 301 ms, none at login's 10,000, and none longer than 600 ms.
  @Test func advancesAimAtEachDeclaredDuration() throws {
    var manifest = try #require(FuzzGeneratorTests.loader.manifests["login"])
    manifest.durations = ["debounce": 300]
    let dictionary = FuzzDictionary(scenarios: [], manifestInitialState: manifest.initialState, unicodeAll: false)
    let generator = FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: false), maxSteps: 8,
      level: .runtime)
    #expect(generator.advanceEdges == [0, 1, 299, 300, 301])
    var random = FuzzRandom(seed: 0)
    var advances = Set<Int64>()
    for _ in 0..<400 {
      for step in generator.next(random: &random).actions {
        if case .advance(let milliseconds) = FuzzCase.runtimeStep(step) { advances.insert(milliseconds) }
      }
    }
    #expect(advances.isSuperset(of: [0, 1, 299, 300, 301]))
    #expect(advances.allSatisfy { $0 <= 600 }, "\(advances.sorted())")
    manifest.durations = ["debounce": 300, "timeout": 15_000, "retryDelay": 2_000]
    let several = FuzzGenerator(
      manifest: manifest, strings: FuzzStrings(dictionary: dictionary, unicodeAll: false), maxSteps: 8,
      level: .runtime)
    #expect(
      several.advanceEdges == [
        0, 1, 299, 300, 301, 1_999, 2_000, 2_001, 2_299, 2_300, 2_301, 14_999, 15_000, 15_001, 15_299, 15_300, 15_301,
        16_999, 17_000, 17_001,
      ])
    #expect(several.advanceLimit == 30_000)
  }

  /// Runtime cases start from the manifest's initial state or one a runtime-level scenario starts from, never from a
  /// reducer-level scenario's (login's "loading" ones have no call in flight behind them: no screen is there).
  @Test func runtimeSequencesStartOnlyWhereARuntimeScenarioStarts() throws {
    var generator = try FuzzGeneratorTests.generator("login")
    generator.level = .runtime
    let dictionary = generator.strings.dictionary
    #expect(dictionary.initialStates.contains { $0["isLoading"] == true })
    #expect(!dictionary.runtimeInitialStates.contains { $0["isLoading"] == true })
    let allowed = [generator.manifest.initialState] + dictionary.runtimeInitialStates
    var random = FuzzRandom(seed: 0)
    var starts: [JSONValue] = []
    for _ in 0..<1000 {
      let start = generator.next(random: &random).initialState
      #expect(allowed.contains(start), "\(start)")
      if !starts.contains(start) { starts.append(start) }
    }
    #expect(starts.count == allowed.count)
  }

  /// A respond to a call the reference never started (here to `emailChanged`'s step) cannot be named in a scenario:
  /// the written file leaves it out, names the submit's call `a1`, and still validates and passes on the reference.
  @Test func aRespondToACallNeverStartedIsLeftOutOfTheWrittenScenario() async throws {
    let manifests = FuzzGeneratorTests.loader.manifests
    let manifest = try #require(manifests["login"])
    func respond(_ step: Int64) -> JSONValue {
      [
        "respond": [
          "call": ["step": .number(.integer(step)), "index": 1], "result": ["type": "success", "userId": "u"],
        ]
      ]
    }
    let fuzzCase = FuzzCase(
      initialState: manifest.initialState,
      actions: [
        ["send": ["type": "emailChanged", "value": "a@b.co"]], respond(1),
        ["send": ["type": "passwordChanged", "value": "correct-horse"]], ["send": ["type": "submit"]], respond(4),
      ], level: .runtime)
    let observation = try #require(
      await Self.correct.bound(to: manifests).run(batch: [fuzzCase.request(id: "x", feature: "login")]).first
    )
    .observation
    guard case .trace(let trace, _) = observation else {
      Issue.record("no trace: \(observation)")
      return
    }
    let finding = FuzzFinding(
      feature: "login", manifestInitialState: manifest.initialState, fuzzCase: fuzzCase,
      observations: [("swift", observation), ("other", observation)], seed: 0)
    let text = finding.scenarioFile(reference: ("swift", trace))
    let file = try CLI.temporaryFolder().appendingPathComponent(finding.id + ".json")
    try Data(text.utf8).write(to: file)
    let scenario = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let steps = try #require(scenario["steps"] as? [[String: Any]])
    #expect(steps.count == 4, "\(text)")
    #expect((steps.last?["respond"] as? [String: Any])?["call"] as? String == "a1", "\(text)")
    let valid = await Fuzz.command(["validate", file.path], swift: Self.correct)
    #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
    let passes = await Fuzz.command(["run", file.path], swift: Self.correct)
    #expect(passes.status == 0, "\(passes.stdout)")
  }

  /// Removing a step renumbers the call references of later `respond` steps and drops those to its calls.
  @Test func removingAStepRenumbersCallReferences() {
    func respond(_ step: Int64) -> JSONValue {
      [
        "respond": [
          "call": ["step": .number(.integer(step)), "index": 1], "result": ["type": "success", "userId": "u"],
        ]
      ]
    }
    let submit: JSONValue = ["send": ["type": "submit"]]
    let fuzzCase = FuzzCase(
      initialState: [:], actions: [["advance": 1], submit, respond(2), submit, respond(4)], level: .runtime)
    #expect(fuzzCase.removingStep(at: 0).actions == [submit, respond(1), submit, respond(3)])
    #expect(fuzzCase.removingStep(at: 1).actions == [["advance": 1], submit, respond(3)])
    #expect(fuzzCase.removingStep(at: 2).actions == [["advance": 1], submit, submit, respond(3)])
  }
}
