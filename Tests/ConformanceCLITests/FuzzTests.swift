import Foundation
import FuzzMutants
import LoginFeature
import Testing

@testable import ConformanceCLI

/// `conformance fuzz` in process, against the seeded login mutants (``LoginMutation``): each is found
/// against the correct Swift login with a fixed seed and a `--runs` budget, shrunk within the targets (at most 3 steps
/// and 3 non-ASCII scalars), and written as a scenario that validates, passes on the correct implementation and
/// fails on the mutant.
@Suite("conformance fuzz against seeded mutants")
struct FuzzTests {
  /// The budget each mutant must be found within.
  static let runs = "3000"

  @Test(arguments: LoginMutation.allCases)
  func findsShrinksAndRecordsTheMutant(_ mutation: LoginMutation) async throws {
    let out = try CLI.temporaryFolder()
    let result = await Fuzz.run(
      ["--feature", "login", "--impl", "mutant", "--runs", Self.runs, "--reference", "swift", "--out", out.path],
      mutation: mutation)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.lines.first == "fuzz login on swift, mutant: seed 0, 3000 sequences of 1 to 8 steps")
    #expect(result.lines.contains { $0.hasPrefix("divergence between swift and mutant in sequence ") })
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    try #require(files.count == 1, "\(result.stdout)")
    let file = out.appendingPathComponent(files[0])
    #expect(result.lines.last == "wrote \(file.path) (expectations from swift)")
    let scenario = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let steps = try #require(scenario["steps"] as? [[String: Any]])
    #expect((1...3).contains(steps.count), "\(result.stdout)")
    let nonASCII = steps.map { step in
      Fuzz.nonASCIIScalars(in: step["send"] ?? "")
    }.reduce(Fuzz.nonASCIIScalars(in: scenario["initialState"] ?? ""), +)
    #expect(nonASCII <= 3, "\(result.stdout)")
    #expect(scenario["id"] as? String == file.deletingPathExtension().lastPathComponent)
    #expect(scenario["tags"] as? [String] == ["fuzz"])

    await Fuzz.expectWritten(
      file, passesOn: Fuzz.correct,
      failsOn: SwiftImplementation(
        name: "swift",
        features: [CodableFeature("login", reducer: MutantLoginReducer(mutation: mutation), initialState: LoginState())]
      ))
  }

  @Test func theSameSeedPrintsTheSameOutput() async {
    let arguments = ["--feature", "login", "--impl", "mutant", "--runs", "500", "--seed", "7"]
    let first = await Fuzz.run(arguments, mutation: .lowercasesEmail)
    let second = await Fuzz.run(arguments, mutation: .lowercasesEmail)
    #expect(first.status == 1)
    #expect(first.stdout == second.stdout)
    #expect(first.lines.last?.hasPrefix("nothing written: no expectations without a reference") == true)
    let other = await Fuzz.run(
      ["--feature", "login", "--impl", "mutant", "--runs", "500", "--seed", "8"], mutation: .lowercasesEmail)
    #expect(other.stdout != first.stdout)
  }

  @Test func anExistingFindingIsNotWrittenAgain() async throws {
    let out = try CLI.temporaryFolder()
    let arguments = [
      "--feature", "login", "--impl", "mutant", "--runs", "500", "--reference", "swift", "--out", out.path,
    ]
    let first = await Fuzz.run(arguments, mutation: .lacksLateResponseGuard)
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
    let second = await Fuzz.run(arguments, mutation: .lacksLateResponseGuard)
    #expect(first.status == 1)
    #expect(second.status == 1)
    #expect(
      second.lines.last == "\(out.appendingPathComponent(file).path) already holds this scenario: nothing written")
    try Data("{}".utf8).write(to: out.appendingPathComponent(file))
    let third = await Fuzz.run(arguments, mutation: .lacksLateResponseGuard)
    #expect(
      third.errorLines.last
        == "error: \(out.appendingPathComponent(file).path) exists with other content: not replaced; move it away to write this finding"
    )
    #expect(try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8) == "{}")
  }

  @Test func theCorrectLoginAgainstItselfHasNoDivergence() async {
    let twin = SwiftImplementation(
      name: "twin", features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())])
    let result = await Fuzz.command(
      ["fuzz", "--feature", "login", "--impl", "twin", "--runs", "1000", "--unicode-all"], swift: Fuzz.correct,
      extra: [twin])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(
      result.lines == [
        "fuzz login on swift, twin: seed 0, 1000 sequences of 1 to 8 steps, all Unicode versions",
        "no divergence in 1000 sequences (\(result.lines.last?.split(separator: "(").last ?? "")",
      ])
  }

  @Test func withTimeTheBudgetAndTheRateArePrinted() async {
    let twin = SwiftImplementation(
      name: "twin", features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())])
    let result = await Fuzz.command(
      ["fuzz", "--feature", "login", "--impl", "twin", "--time", "0.2", "--max-steps", "3"], swift: Fuzz.correct,
      extra: [twin])
    #expect(result.status == 0)
    #expect(result.lines.count == 3)
    #expect(result.lines.first == "fuzz login on swift, twin: seed 0, 0.2 s of 1 to 3 steps")
    #expect(result.lines.dropFirst().first?.contains(" sequences/s, ") == true)
    #expect(result.lines.last?.hasPrefix("no divergence in ") == true)
    #expect(result.stderr == "")
  }

  @Test func usageErrorsNameTheProblem() async {
    let one = await Fuzz.command(["fuzz", "--feature", "login"], swift: Fuzz.correct)
    #expect(one.status == 2)
    #expect(
      one.errorLines.first
        == "error: fuzz compares implementations, and only 'swift' is selected; add another with --impl <name> (a harness of your own: --harness <name>=<command> --impl <name>), or --all"
    )
    let noFeature = await Fuzz.run(["--impl", "mutant"], mutation: .lowercasesEmail)
    #expect(noFeature.errorLines.first == "error: fuzz needs a feature: add --feature <name>, e.g. --feature login")
    let unknown = await Fuzz.run(["--feature", "logn", "--impl", "mutant"], mutation: .lowercasesEmail)
    #expect(unknown.status == 2)
    #expect(
      unknown.errorLines.first
        == "error: unknown feature 'logn'; did you mean 'login'? (known: inbox, login, signup, timer)")
    let both = await Fuzz.run(
      ["--feature", "login", "--impl", "mutant", "--runs", "3", "--time", "1"], mutation: .lowercasesEmail)
    #expect(both.errorLines.first == "error: give either --time or --runs, not both")
    let reference = await Fuzz.run(
      ["--feature", "login", "--impl", "mutant", "--reference", "kotlin"], mutation: .lowercasesEmail)
    #expect(
      reference.errorLines.first
        == "error: --reference 'kotlin' is not among the implementations compared (swift, mutant); select it with --impl"
    )
  }
}

/// Runs commands in process, with the correct login as `swift` and a mutant as `mutant`.
enum Fuzz {
  static let correct = SwiftImplementation(
    features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())])

  /// `conformance fuzz ARGUMENTS` with `mutation` selectable as `--impl mutant`.
  static func run(_ arguments: [String], mutation: LoginMutation) async -> CLI.Result {
    await command(["fuzz"] + arguments, swift: correct, extra: [mutation.implementation])
  }

  /// Any command, in process, from the repository; `extra` implementations are offered to `fuzz`.
  static func command(_ arguments: [String], swift: SwiftImplementation, extra: [any Implementation] = []) async
    -> CLI.Result
  {
    let output = Output()
    let console = Console(
      out: { output.append(out: $0) }, err: { output.append(err: $0) }, currentDirectory: CLI.repository)
    let status: Int32
    if arguments.first == "fuzz" {
      do {
        status = try await FuzzCommand.run(Array(arguments.dropFirst()), console: console, swift: swift, extra: extra)
      } catch {
        status = ConformanceCommand.report(error, console: console)
      }
    } else {
      status = await ConformanceCommand.main(arguments, console: console, swift: swift)
    }
    return CLI.Result(status: status, stdout: output.out, stderr: output.err)
  }

  /// The non-ASCII scalars of every string in a parsed JSON value.
  /// Checks a scenario `fuzz` wrote: it is valid, passes on `correct` and fails on `mutant`.
  static func expectWritten(
    _ file: URL, passesOn correct: SwiftImplementation, failsOn mutant: SwiftImplementation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let valid = await command(["validate", file.path], swift: correct)
    #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)", sourceLocation: sourceLocation)
    let passes = await command(["run", file.path], swift: correct)
    #expect(passes.status == 0, "\(passes.stdout)", sourceLocation: sourceLocation)
    let fails = await command(["run", file.path], swift: mutant)
    #expect(fails.status == 1, "\(fails.stdout)", sourceLocation: sourceLocation)
  }

  static func nonASCIIScalars(in value: Any) -> Int {
    switch value {
    case let string as String: return string.unicodeScalars.filter { !$0.isASCII }.count
    case let array as [Any]: return array.map(nonASCIIScalars).reduce(0, +)
    case let object as [String: Any]: return object.values.map(nonASCIIScalars).reduce(0, +)
    default: return 0
    }
  }

  final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var out = ""
    private(set) var err = ""
    func append(out text: String) { lock.withLock { out += text } }
    func append(err text: String) { lock.withLock { err += text } }
  }
}
