// `FuzzBenchTool`: the figures of scripts/bench-fuzz that need `conformance fuzz` in process, measured from the
// repository root: fuzz throughput of the Swift implementation against a second in-process copy of itself, and the
// time `fuzz` takes with its default budget to find (search) and then shrink each seeded login mutant
// (`LoginMutation`), for seeds 0 to 4. Prints one `bench: …` line per figure; exits 0 when every run ended as
// expected, 1 when one did not, 2 for a usage error. Never a product, never shipped.
//
// Usage: FuzzBenchTool [--time S]   (S: seconds per throughput run, default 5)
//
// Offering extra in-process implementations to `fuzz` is internal API, so the tool needs a testable build: debug,
// or release with `-Xswiftc -enable-testing -Xswiftc -DFUZZ_BENCH` as scripts/bench-fuzz builds it. Any other
// release build compiles the stub at the end, so that `swift build -c release` still builds the whole package.
import Foundation

#if DEBUG || FUZZ_BENCH
  import FuzzMutants
  import LoginFeature
  import SignupFeature

  @testable import ConformanceCLI

  /// What one in-process command wrote, line by line, and its exit status.
  struct CommandResult {
    var status: Int32
    var lines: [String]
    var errorLines: [String]
  }

  /// Collects a console's output from the command's tasks.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }
  }

  /// `conformance fuzz ARGUMENTS` in process from the current directory, with `extra` selectable by `--impl`.
  func fuzz(_ arguments: [String], swift: SwiftImplementation, extra: [any Implementation]) async -> CommandResult {
    let out = Collected()
    let err = Collected()
    let console = Console(
      out: { out.append($0) }, err: { err.append($0) },
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    let status: Int32
    do {
      status = try await FuzzCommand.run(arguments, console: console, swift: swift, extra: extra)
    } catch {
      status = ConformanceCommand.report(error, console: console)
    }
    return CommandResult(status: status, lines: out.lines, errorLines: err.lines)
  }

  /// The in-process Swift implementation of the bundled login and signup, named `name`.
  func bundled(name: String = SwiftImplementation.defaultName) -> SwiftImplementation {
    SwiftImplementation(
      name: name,
      features: [
        CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()),
        CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()),
      ])
  }

  var arguments = Array(CommandLine.arguments.dropFirst())
  var seconds = "5"
  if arguments.count == 2, arguments[0] == "--time", let value = Double(arguments[1]), value > 0 {
    seconds = arguments[1]
    arguments = []
  }
  guard arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: FuzzBenchTool [--time S]\n".utf8))
    exit(2)
  }

  var unexpected: [String] = []
  for feature in ["login", "signup"] {
    let arguments = ["--feature", feature, "--impl", "twin", "--time", seconds]
    let result = await fuzz(arguments, swift: bundled(), extra: [bundled(name: "twin")])
    if result.status != 0 {
      unexpected.append("fuzz \(arguments.joined(separator: " ")): exit \(result.status), not 0")
      unexpected += result.errorLines
    }
    print("bench: in-process \(feature): \(result.lines.dropFirst().first ?? "")")
  }
  let correct = SwiftImplementation(
    features: [CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())])
  for mutation in LoginMutation.allCases {
    for seed in 0..<5 {
      let arguments = ["--feature", "login", "--impl", "mutant", "--seed", "\(seed)"]
      let start = ContinuousClock.now
      let result = await fuzz(arguments, swift: correct, extra: [mutation.implementation])
      let elapsed = ContinuousClock.now - start
      if result.status != 1 {
        unexpected.append("fuzz \(arguments.joined(separator: " ")) on \(mutation): exit \(result.status), not 1")
        unexpected += result.errorLines
      }
      let search = result.lines.dropFirst().first ?? ""
      let found = result.lines.first { $0.hasPrefix("divergence between") } ?? "not found"
      let shrunk = result.lines.first { $0.hasPrefix("shrunk in") } ?? ""
      print("bench: mutant \(mutation) seed \(seed): \(found); search \(search); \(shrunk); total \(elapsed)")
    }
  }
  if !unexpected.isEmpty {
    let text = (["error: a run ended unexpectedly"] + unexpected).map { "\($0)\n" }.joined()
    FileHandle.standardError.write(Data(text.utf8))
    exit(1)
  }
#else
  FileHandle.standardError.write(
    Data("error: this build of FuzzBenchTool is not testable; run scripts/bench-fuzz, which builds it so\n".utf8))
  exit(2)
#endif
