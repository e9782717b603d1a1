// The `conformance` executable: a thin entry point over the testable ConformanceCLI library.
import ConformanceCLI
import Foundation

let status = await ConformanceCommand.main(Array(CommandLine.arguments.dropFirst()), console: .standard())
exit(status)
