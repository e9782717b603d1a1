import Foundation

/// Renders a run as a versioned event stream: one compact JSON object per line (NDJSON), written as each event
/// happens, for CI tools that read JSON lines (Conformance/README.md §11.5; schema
/// `Conformance/schema/events.schema.json`).
///
/// Every record has `"version": 1` and a `"kind"`, in this order:
/// ```json
/// {"kind":"header","format":"udf-conformance-events","version":1,"tool":{"name":"conformance","version":"1.0.0"},
///  "implementations":[{"name":"swift","language":"Swift","version":"1.0.0","features":["login"],
///                      "levels":{"login":["reducer"]},"started":true,"startError":null}],"baseline":null,
///  "options":{…},"shard":{"index":2,"total":3}}
/// {"kind":"implementation","version":1,"name":"kotlin-viewmodel","language":"Kotlin",…,"started":true,…}
/// {"kind":"scenario","version":1,"scenario":"login-ok","feature":"login","level":"reducer","file":"…","line":3,"tags":[],
///  "text":"✓ login-ok"}
/// {"kind":"started","version":1,"scenario":"login-ok","implementation":"swift","attempt":1}
/// {"kind":"finished","version":1,"scenario":"login-ok","implementation":"swift","attempt":1,"outcome":"passed","durationMs":0.1}
/// {"kind":"started","version":1,"scenario":"login-ok","implementation":"kotlin","attempt":1}
/// {"kind":"finished","version":1,"scenario":"login-ok","implementation":"kotlin","attempt":1,"outcome":"crashed","durationMs":3.2}
/// {"kind":"started","version":1,"scenario":"login-ok","implementation":"kotlin","attempt":2}
/// {"kind":"finished","version":1,"scenario":"login-ok","implementation":"kotlin","attempt":2,"outcome":"flaky","durationMs":0.4}
/// {"kind":"divergence","version":1,"scenario":"…","file":"…","step":2,"paths":["state.error"],"known":false}
/// {"kind":"invalid","version":1,"file":"…","path":"steps[0]","line":3,"column":5,"message":"…","text":"error: …"}
/// {"kind":"summary","version":1,"scenarios":3,"passed":2,…,"exitCode":1}
/// ```
/// A `scenario` record precedes every record that names its scenario; `summary` is always last, so a stream without
/// one was cut short. (When the tool runs the command again after a trap, the second run's stream follows the first
/// on standard output, so a reader starts over at each `header`.) `outcome` uses the words of the JSON report
/// (``Outcome/key``); a pair retried after a crash or timeout (`--retries`) has a `started` and `finished` pair per
/// attempt, numbered from 1, the last one's outcome the pair's (`flaky` when it passed); `step` is 1-based;
/// `durationMs` is milliseconds; a scenario's `line` is where it is in its file (``ScenarioVerdict/line``), so that a
/// reader can open the file there. `text` is what the text report prints for the scenario or the invalid file,
/// without colour (``VerdictText``, ``ReportText/error(_:)``), so that a reader shows a failure in the tool's own words
/// rather than rewording it from the fields. Keys are sorted within a line (shown above in reading order). Readers
/// must ignore kinds and fields they do not know.
package final class EventStreamReporter: RunReporter {
  /// The stream's format name, in the `header` record.
  package static let format = "udf-conformance-events"

  private let options: JSONValue
  private let baseline: String?
  /// The shard the run covers (`--shard`), recorded in the header; `nil` for an unsharded run.
  package var shard: Shard?
  private let emit: ((String) -> Void)?
  private let spool = Spool()
  /// The run's implementations, from the `started` event: with more than one, a scenario's text is a matrix row.
  private var implementations: [String] = []

  /// Creates a reporter that hands each line (newline-terminated) to `emit` as soon as it is rendered.
  ///
  /// - Parameters:
  ///   - options: The options that shape the run (a JSON object: filter, tags, jobs, …), copied into the `header`
  ///     record.
  ///   - baseline: The known-divergence baseline file as shown to the user, or `nil` for none.
  ///   - emit: Receives each line; it should write it out at once (the stream is read while the run goes on).
  package init(options: JSONValue, baseline: String?, emit: @escaping (String) -> Void) {
    self.options = options
    self.baseline = baseline
    self.emit = emit
  }

  /// Creates a reporter that keeps the lines (in a ``Spool``, so memory stays flat) for ``write(to:)``: the
  /// `--events` file is written whole after the run, like the other report files.
  package init(options: JSONValue, baseline: String?) {
    self.options = options
    self.baseline = baseline
    self.emit = nil
  }

  /// Writes every line kept so far to `sink`, in order (for a reporter made without `emit`).
  ///
  /// - Throws: Whatever `sink` throws.
  package func write(to sink: (Data) throws -> Void) rethrows {
    try spool.copy(to: sink)
  }

  /// Renders one event as one or more lines.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      implementations = started.map(\.name)
      line("header", header(started))
    case .implementationStarted(let name, let info, let startError):
      line("implementation", Self.implementation((name, info, startError)))
    case .invalid(_, let errors):
      for error in errors { line("invalid", invalid(error)) }
    case .scenario(let report):
      scenario(report)
    case .finished(let run):
      for error in run.invalidBaseline { line("invalid", invalid(error)) }
      line("summary", summary(run))
    }
  }

  /// Writes one record: `fields` with `kind` and `version` added.
  private func line(_ kind: String, _ fields: JSONValue) {
    guard case .object(var object) = fields else { return }
    object["kind"] = .string(kind)
    object["version"] = 1
    let text = JSONRenderer.compact(.object(object)) + "\n"
    if let emit { emit(text) } else { spool.append(text) }
  }

  private func header(_ started: [(name: String, info: ImplementationInfo?, startError: String?)]) -> JSONValue {
    let implementations = started.map(Self.implementation)
    var header = JSONReporter.members([
      "format": .string(Self.format),
      "tool": ["name": "conformance", "version": .string(ConformanceVersion.current)],
      "implementations": .array(implementations), "baseline": baseline.map(JSONValue.string) ?? .null,
      "options": options,
    ])
    // Absent when the run is not a shard.
    header["shard"] = shard.map {
      ["index": .number(.integer(Int64($0.index))), "total": .number(.integer(Int64($0.total)))]
    }
    return .object(header)
  }

  /// One implementation as the `header` lists it and an `implementation` record (a late start) gives it: `started`
  /// is whether it has answered `hello`; `false` with a `null` `startError` in the header for one that starts with
  /// the first scenario that needs it (then an `implementation` record comes just before that scenario's).
  private static func implementation(_ entry: (name: String, info: ImplementationInfo?, startError: String?))
    -> JSONValue
  {
    var levels = JSONObject()
    for feature in (entry.info?.features.keys).map(Array.init) ?? [] {
      let declared = entry.info?.levels(of: feature).sorted() ?? []
      levels[feature] = .array(declared.map { .string($0.rawValue) })
    }
    return [
      "name": .string(entry.name), "language": entry.info.map { .string($0.language) } ?? .null,
      "version": entry.info.map { .string($0.version) } ?? .null,
      "features": .array((entry.info?.features.keys.sorted() ?? []).map(JSONValue.string)),
      "levels": .object(levels), "started": .bool(entry.info != nil),
      "startError": entry.startError.map(JSONValue.string) ?? .null,
    ]
  }

  /// The `scenario` record, then `started` and `finished` for each implementation, then its divergence, if any.
  private func scenario(_ report: ScenarioVerdict) {
    let id = JSONValue.string(report.id)
    line(
      "scenario",
      [
        "scenario": id, "feature": .string(report.feature), "level": .string(report.level.rawValue),
        "file": .string(report.file), "line": .number(.integer(Int64(report.line))),
        "tags": .array(report.tags.map(JSONValue.string)), "text": .string(text(report)),
      ])
    for verdict in report.verdicts {
      let attempts =
        verdict.failedAttempts.map { ($0.fault.kind.key, $0.duration) } + [(verdict.outcome.key, verdict.duration)]
      for (index, (outcome, duration)) in attempts.enumerated() {
        let pair: JSONValue = [
          "scenario": id, "implementation": .string(verdict.implementation),
          "attempt": .number(.integer(Int64(index + 1))),
        ]
        line("started", pair)
        guard case .object(var finished) = pair else { continue }
        finished["outcome"] = .string(outcome)
        finished["durationMs"] = .number(.double(duration * 1000))
        line("finished", .object(finished))
      }
    }
    if let divergence = report.divergence {
      line(
        "divergence",
        [
          "scenario": id, "file": .string(report.file), "step": .number(.integer(Int64(divergence.stepIndex + 1))),
          "paths": .array(divergence.rows.map { .string($0.path.description) }),
          "known": .bool(report.divergenceIsKnown),
        ])
    }
  }

  /// The lines the text report prints for `report` (``TextReporter``), plain and whole: a `not run` reason is given in
  /// full rather than as "the same reason as above", as a reader may show one scenario alone.
  private func text(_ report: ScenarioVerdict) -> String {
    let lines =
      implementations.count > 1
      ? VerdictText.matrixLines(report, implementations: implementations, style: .plain)
      : VerdictText.singleLines(report, style: .plain, sameReasonAsAbove: false)
    return lines.joined(separator: "\n")
  }

  /// An `invalid` record: the JSON report's fields and the line the text report prints on standard error.
  private func invalid(_ error: InputError) -> JSONValue {
    guard case .object(var fields) = JSONReporter.encode(error) else { return JSONReporter.encode(error) }
    fields["text"] = .string(ReportText.error(error.description))
    return .object(fields)
  }

  /// The closing totals: those of the JSON report's `summary` (README §11.2), the exit status included.
  private func summary(_ run: RunSummary) -> JSONValue {
    JSONReporter.encode(run)
  }
}
