// The `conformance` executable: a thin entry point over the testable ConformanceCLI library.
import ConformanceCLI
import Foundation

let console = Console.standard()
ConformanceCommand.installInterruptHandling(console: console)
exit(await ConformanceCommand.main(Array(CommandLine.arguments.dropFirst()), console: console))
