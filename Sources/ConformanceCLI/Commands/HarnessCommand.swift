import Conformance
import Foundation

/// `conformance harness`: serves the in-process Swift implementation over the harness protocol on stdin/stdout, so the
/// out-of-process path can be exercised with a known implementation (Conformance/PROTOCOL.md).
struct HarnessCommand: CLICommand {
  static let name = "harness"
  static let abstract = "Serve the Swift implementation over the harness protocol on stdin/stdout."
  static let usage = "conformance harness"
  static var help: String {
    """
    OVERVIEW: \(abstract)

    Reads newline-delimited JSON requests (hello, run, bye) on stdin and writes one reply line per request on stdout;
    diagnostics go to stderr. Use it as an implementation: --harness swift-process='.build/debug/conformance harness'.

    USAGE: \(usage)

    OPTIONS:
    \(options.helpSection)
    """
  }

  /// The options `harness` parses: only `--help`; its OPTIONS section is rendered from them.
  static let options: [ArgumentScanner.OptionSpec] = [.help]

  static func run(_ arguments: [String], console: Console, swift: SwiftImplementation) async throws(CLIError)
    -> Int32
  {
    let scanner = try ArgumentScanner(arguments, options: options, command: name)
    if let extra = scanner.positionals.first { throw .usage("unexpected argument '\(extra)'", command: name) }
    // The manifests give the Codable bridge its platform names; a broken one is reported and its feature served
    // with the names as they are.
    let (loader, manifestErrors) = Workspace(currentDirectory: console.currentDirectory, paths: []).scenarioLoader()
    for error in manifestErrors { console.err("conformance harness: \(error)") }
    let bound = swift.bound(to: loader.manifests)
    // Swift types that cannot hold what the manifest declares (README §15.4) end the harness before `hello`, so the
    // runner reports the implementation as not started, with these lines in its stderr tail.
    do {
      _ = try await bound.start()
    } catch {
      console.err("conformance harness: \(error.message)")
      return ExitCode.invalidInput
    }
    HarnessServer(implementation: bound).serve(
      readLine: console.readLine,
      reply: { line in
        console.outRaw(line + "\n")
        console.flush()
      },
      diagnose: { console.err($0) })
    return ExitCode.success
  }
}
