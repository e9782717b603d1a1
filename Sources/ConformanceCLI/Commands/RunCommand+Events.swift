import Conformance
import Foundation

/// The event stream of `conformance run` (README §11.5): on standard output with `--format ndjson`, in a file with
/// `--events <file>`, or both.
struct RunEventStreams {
  /// The stream written to standard output line by line, with `--format ndjson`.
  var standardOutput: EventStreamReporter?
  /// The `--events` file and the reporter that keeps its lines until the run is over.
  var file: (file: ReportFile, reporter: EventStreamReporter)?

  /// The reporters to add to the run's.
  var reporters: [any RunReporter] { [standardOutput, file?.reporter].compactMap { $0 } }

  /// Builds the streams the options ask for; the header's `options` record the selection that shapes the run.
  ///
  /// - Throws: ``CLIError`` when `--events` names a file that cannot be written, is not an event stream, or is the
  ///   file of `--json`, `--junit` or `--html`.
  init(
    _ scanner: ArgumentScanner, format: String, jobs: Int, baseline: String?, shard: Shard? = nil,
    workspace: Workspace, console: Console
  ) throws(CLIError) {
    let options: JSONValue = [
      "filter": scanner.value("filter").map(JSONValue.string) ?? .null,
      "tags": .array(scanner.all("tag").map(JSONValue.string)), "failFast": .bool(scanner.has("fail-fast")),
      "allowSkipped": .bool(scanner.has("allow-skipped")), "missingOK": .bool(scanner.has("missing-ok")),
      "jobs": .number(.integer(Int64(jobs))), "paths": .array(scanner.positionals.map(JSONValue.string)),
      "retries": .number(.integer(Int64(scanner.value("retries").flatMap(Int.init) ?? 0))),
      "noFlaky": .bool(scanner.has("no-flaky")),
    ]
    if format == "ndjson" {
      standardOutput = EventStreamReporter(options: options, baseline: baseline) { line in
        console.outRaw(line)
        console.flush()
      }
      standardOutput?.shard = shard
    }
    guard let path = scanner.value("events") else { return }
    let target = FileWriter.target(of: workspace.url(for: path)).resolvingSymlinksInPath().path
    for other in ["json", "junit", "html", "summary"] {
      guard let given = scanner.value(other),
        FileWriter.target(of: workspace.url(for: given)).resolvingSymlinksInPath().path == target
      else { continue }
      throw .usage(
        "'--events' and '--\(other)' name the same file '\(path)'; give each report its own file",
        command: RunCommand.name)
    }
    let reporter = EventStreamReporter(options: options, baseline: baseline)
    reporter.shard = shard
    file = (try ReportFile(path, kind: .events, workspace: workspace), reporter)
  }
}
