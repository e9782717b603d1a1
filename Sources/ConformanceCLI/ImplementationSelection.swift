import Conformance
import Foundation

/// Turns `--impl`, `--all`, `--harness` and `--config` into the implementations to run, in order (`swift` first).
enum ImplementationSelection {
  static func resolve(_ scanner: ArgumentScanner, workspace: Workspace, command: String) throws(CLIError)
    -> [any Implementation]
  {
    let names = scanner.all("impl")
    var result: [any Implementation] = []
    for name in names.isEmpty ? ["swift"] : names {
      guard name == "swift" else { throw .usage("unknown implementation '\(name)'", command: command) }
      result.append(SwiftImplementation())
    }
    return result
  }
}
