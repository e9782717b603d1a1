import Conformance
import Foundation

/// Prints invalid-file errors to stderr when the text report is not shown (`--format json`).
final class InvalidFilePrinter: RunReporter {
  private let console: Console
  init(console: Console) { self.console = console }
  func handle(_ event: RunEvent) {
    switch event {
    case .invalid(_, let errors):
      for error in errors { console.error("\(error)") }
    case .started(let started):
      for entry in started {
        guard let error = entry.startError else { continue }
        ReportText.startErrorLines(implementation: entry.name, error: error).forEach(console.err)
      }
    case .implementationStarted(let name, _, let startError?):
      ReportText.startErrorLines(implementation: name, error: startError).forEach(console.err)
    case .finished(let summary):
      for error in summary.invalidBaseline { console.error("\(error)") }
    default: break
    }
  }
}
