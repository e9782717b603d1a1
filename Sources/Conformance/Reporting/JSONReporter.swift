import Foundation

/// Collects a run into one machine-readable JSON report (Conformance/README.md §11.2; schema
/// `Conformance/schema/report.schema.json`).
///
/// Shape:
/// ```json
/// {"format": "udf-conformance-report", "version": 1, "tool": {"name": "conformance", "version": "1.0.0"},
///  "implementations": [{"name": "swift", "language": "Swift", "version": "1.0.0", "started": true, "startError": null}],
///  "results": [{"scenario": "login-…", "feature": "login", "file": "…", "implementation": "swift",
///               "outcome": "passed", "durationSeconds": 0.0001, "failure": null, "notChecked": [],
///               "attempts": 1, "failedAttempts": []}],
///  "divergences": [{"scenario": "…", "file": "…", "step": 3, "action": {…},
///                   "rows": [{"path": "state.error", "checked": true, "expected": null, "values": {"swift": null, "kotlin": "…"}}]}],
///  "invalid": [{"file": "…", "path": "steps[0].send.type", "line": null, "column": null, "message": "…"}],
///  "summary": {"scenarios": 59, "passed": 59, "flaky": 0, "failed": 0, "skipped": 0, "divergences": 0, "invalidFiles": 0,
///              "byImplementation": {"swift": {"passed": 59}}, "durationSeconds": 0.02, "exitCode": 0,
///              "known": 0, "knownDivergences": 0, "baseline": "Conformance/known-divergences.json",
///              "baselineProblems": [], "conformanceFolder": "Conformance"}}
/// ```
/// `outcome` is one of `passed`, `flaky` (passed on a retry, `--retries`), `failed`, `errored`, `crashed`, `timed_out`, `protocol_error`, `skipped`,
/// `not_run`, `known`, `not_applicable` (a runtime-level scenario on a reducer-only implementation, or the reverse;
/// counted in the summary's `notApplicable`, never a failure); `failure` holds the details of every outcome but `passed` (step numbers are 1-based; a `failed`
/// one has the first failing step in full and every later failing step in `laterSteps`; a `known` one names the
/// baseline entry with its `reason`, `spec` and `expires`, and the step and mismatches it records). With a
/// known-divergence baseline (Conformance/README.md §12), each divergence says whether it is `known`, the summary
/// counts `known` pairs and `knownDivergences` and lists `baselineProblems` (`{"kind": "fixed" | "different" |
/// "expired", "entry", "scenario", "implementation", "message"}`), and entries that match no scenario are listed in
/// `invalid` with their JSON path (`entries[3]`). Every
/// (scenario, implementation) pair appears once. Absent values are an explicit `null`. `durationSeconds` of a
/// result is the implementation's time for the scenario alone (``Verdict/duration``), on its last attempt.
/// `attempts` counts the runs of the pair (1 unless a crash or timeout was retried), and `failedAttempts` has one
/// `{"outcome": "crashed" | "timed_out", "durationSeconds", "failure"}` per attempt before the last, in order, its
/// `failure` shaped as a result's (``Verdict/failedAttempts``).
///
/// Results, divergences and invalid files are rendered as they come and spooled to temporary files (``Spool``), so
/// memory stays flat however many scenarios run; ``write(to:)`` puts the document together.
package final class JSONReporter: RunReporter {
  /// The implementations, as the `started` event gave them, each updated by its late start, if any.
  private var implementations: [(name: String, info: ImplementationInfo?, startError: String?)] = []
  private let results = Spool()
  private let divergences = Spool()
  private let invalid = Spool()
  private var summary: JSONValue = .null
  /// A shard's scenarios and invalid files in run order, as `merge-reports` replays them (`shard.items`), or `nil`
  /// when the run is not a shard.
  private let items: Spool?
  private var shard: JSONValue = .null

  /// Creates an empty reporter.
  ///
  /// - Parameter sharded: Whether the run is one shard of a corpus (`--shard`): the report then also carries the
  ///   `shard` object, with what `merge-reports` needs to rebuild the whole run (README §11.2).
  package init(sharded: Bool = false) {
    items = sharded ? Spool() : nil
  }

  /// Records one event.
  package func handle(_ event: RunEvent) {
    switch event {
    case .started(let started):
      implementations = started
    case .implementationStarted(let name, let info, let startError):
      guard let index = implementations.firstIndex(where: { $0.name == name }) else { return }
      implementations[index] = (name, info, startError)
    case .invalid(let file, let errors):
      for error in errors { Self.append(Self.encode(error), to: invalid) }
      if let items { Self.append(["invalid": .string(file)], to: items) }
    case .scenario(let report):
      for verdict in report.verdicts { Self.append(Self.encode(verdict), to: results) }
      if let items { Self.append(Self.encode(scenario: report), to: items) }
      if let divergence = report.divergence { Self.append(Self.encode(divergence, report: report), to: divergences) }
    case .finished(let run):
      for error in run.invalidBaseline { Self.append(Self.encode(error), to: invalid) }
      summary = Self.encode(run)
      if let shardRun = run.shard { shard = Self.encode(shardRun, allowsSkipped: run.allowsSkipped) }
    }
  }

  /// The report as one JSON document (compact, sorted keys, newline-terminated).
  package var document: String {
    var data = Data()
    write { data.append($0) }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes the document to `sink` piece by piece, the spooled sections copied in; the bytes are those of
  /// ``document``: one compact JSON object with its keys sorted, and a newline.
  ///
  /// - Throws: Whatever `sink` throws.
  package func write(to sink: (Data) throws -> Void) rethrows {
    func text(_ string: String) throws { try sink(Data(string.utf8)) }
    try text("{\"divergences\":[")
    try divergences.copy(to: sink)
    try text("],\"format\":\"udf-conformance-report\",\"implementations\":")
    try text(JSONRenderer.compact(.array(implementations.map(Self.encode(implementation:)))))
    try text(",\"invalid\":[")
    try invalid.copy(to: sink)
    try text("],\"results\":[")
    try results.copy(to: sink)
    try text("]")
    if let items, case .object(let shard) = shard {
      // The shard object with its keys sorted: `items` falls between `index` and `total`.
      let head = shard.members.filter { $0.key < "items" }, tail = shard.members.filter { $0.key > "items" }
      try text(",\"shard\":" + JSONRenderer.compact(.object(JSONObject(unsortedMembers: head))).dropLast())
      try text(",\"items\":[")
      try items.copy(to: sink)
      try text("]," + JSONRenderer.compact(.object(JSONObject(unsortedMembers: tail))).dropFirst())
    }
    try text(",\"summary\":" + JSONRenderer.compact(summary))
    try text(
      ",\"tool\":" + JSONRenderer.compact(["name": "conformance", "version": .string(ConformanceVersion.current)]))
    try text(",\"version\":1}\n")
  }

  /// One entry of `implementations`: `started` is whether it answered `hello`; `false` with a `null` `startError` when
  /// no scenario of the run needed it, so it was never started (``RunSummary/notStarted``).
  private static func encode(implementation entry: (name: String, info: ImplementationInfo?, startError: String?))
    -> JSONValue
  {
    [
      "name": .string(entry.name), "language": entry.info.map { .string($0.language) } ?? .null,
      "version": entry.info.map { .string($0.version) } ?? .null, "started": .bool(entry.info != nil),
      "startError": entry.startError.map(JSONValue.string) ?? .null,
    ]
  }

  /// Appends one array element, with a comma before every element but the first.
  private static func append(_ value: JSONValue, to spool: Spool) {
    spool.append((spool.isEmpty ? "" : ",") + JSONRenderer.compact(value))
  }

  // MARK: - Encoding

  static func encode(_ error: InputError) -> JSONValue {
    [
      "file": .string(error.file), "path": error.path.map { .string($0.description) } ?? .null,
      "line": error.line.map { .number(.integer(Int64($0))) } ?? .null,
      "column": error.column.map { .number(.integer(Int64($0))) } ?? .null, "message": .string(error.message),
    ]
  }

  static func encode(_ result: Verdict) -> JSONValue {
    [
      "scenario": .string(result.scenarioID), "feature": .string(result.feature), "file": .string(result.file),
      "implementation": .string(result.implementation), "outcome": .string(result.outcome.key),
      "durationSeconds": .number(.double(result.duration)), "failure": encode(result.outcome),
      "notChecked": .array(result.notChecked.map(JSONValue.string)),
      "attempts": .number(.integer(Int64(result.attempts))),
      "failedAttempts": .array(
        result.failedAttempts.map { attempt in
          [
            "outcome": .string(attempt.fault.kind.key), "durationSeconds": .number(.double(attempt.duration)),
            "failure": encode(.noTrace(attempt.fault)),
          ]
        }),
    ]
  }

  static func encode(_ outcome: Outcome) -> JSONValue {
    switch outcome {
    case .passed, .flaky: return .null
    case .failed(let failure): return encode(failure)
    case .noTrace(.errored(let step, let message)):
      return ["step": .number(.integer(Int64(step))), "message": .string(message)]
    case .noTrace(.crashed(let message, let tail)):
      return ["message": .string(message), "stderrTail": .string(tail)]
    case .noTrace(.timedOut(let seconds, let tail)):
      return [
        "message": .string("no reply within \(ReportText.seconds(seconds))"), "stderrTail": .string(tail),
        "seconds": .number(.double(seconds)),
      ]
    case .noTrace(.protocolError(let message, let line)):
      return ["message": .string(message), "line": .string(line)]
    case .noTrace(.skipped(let reason)), .noTrace(.notRun(let reason)), .noTrace(.notApplicable(let reason)):
      return ["message": .string(reason)]
    case .known(let known):
      return [
        "entry": .string(known.entry), "reason": .string(known.reason), "spec": .string(known.spec),
        "expires": known.expires.map(JSONValue.string) ?? .null,
        "step": .number(.integer(Int64(known.failure.stepIndex + 1))), "action": known.failure.action,
        "mismatches": .array(known.failure.mismatches.map(encode)),
        "message": .string(known.failure.mismatches.map(\.description).joined(separator: "\n")),
      ]
    }
  }

  /// A failing step: where, what differed (also as one `message`), the states, and the effects at reducer level or
  /// the calls and cancellations at runtime level (README §11.2).
  static func encode(_ failure: StepFailure) -> JSONValue {
    let base: JSONValue = [
      "step": .number(.integer(Int64(failure.stepIndex + 1))), "action": failure.action,
      "mismatches": .array(failure.mismatches.map(encode)),
      "expectedState": failure.expectedState ?? .null, "actualState": failure.actualState,
      "message": .string(
        failure.mismatches.map { $0.isAtEnd ? "at the end: \($0)" : $0.description }.joined(separator: "\n")),
      "laterSteps": .array(
        failure.laterSteps.map { later in
          var object = members([
            "step": .number(.integer(Int64(later.stepIndex + 1))), "action": later.action,
            "mismatches": .array(later.mismatches.map(encode)),
          ])
          object["title"] = later.title.map(JSONValue.string)
          return .object(object)
        }),
    ]
    guard case .object(var object) = base else { return base }
    // What the text report shows beside the mismatches, present only when set, so merge-reports can show it too.
    object["stepDescription"] = failure.stepDescription.map(JSONValue.string)
    object["title"] = failure.title.map(JSONValue.string)
    object["givenState"] = failure.givenState
    // Runtime steps have no effects (README §13.3): their calls and cancellations instead.
    if let runtime = failure.runtime {
      object["expectedCalls"] = runtime.expectedCalls ?? .null
      object["actualCalls"] = runtime.actualCalls
      object["expectedCancelled"] = runtime.expectedCancelled ?? .null
      object["actualCancelled"] = runtime.actualCancelled
      // Format v1.2, in a file that checks received actions: null when not checked, or not reported.
      if runtime.expectedReceived != nil || runtime.actualReceived != nil {
        object["expectedReceived"] = runtime.expectedReceived ?? .null
        object["actualReceived"] = runtime.actualReceived ?? .null
      }
      // Format v1.3, for a feature that declares events: null when not checked, or not reported.
      if runtime.expectedEvents != nil || runtime.actualEvents != nil {
        object["expectedEvents"] = runtime.expectedEvents ?? .null
        object["actualEvents"] = runtime.actualEvents ?? .null
      }
    } else {
      object["expectedEffects"] = .array(failure.expectedEffects)
      object["actualEffects"] = .array(failure.actualEffects)
    }
    return .object(object)
  }

  static func encode(_ mismatch: Mismatch) -> JSONValue {
    var object: JSONObject
    switch mismatch.kind {
    case .differs(let expected, let actual):
      object = members([
        "path": .string(mismatch.path.description), "kind": "differs", "expected": expected, "actual": actual,
      ])
    case .missing(let expected):
      object = members([
        "path": .string(mismatch.path.description), "kind": "missing", "expected": expected, "actual": .null,
      ])
    case .unexpected(let actual):
      object = members([
        "path": .string(mismatch.path.description), "kind": "unexpected", "expected": .null, "actual": actual,
      ])
    }
    object["note"] = mismatch.note.map(JSONValue.string)
    object["tolerance"] = mismatch.tolerance.map { .number(.double($0)) }
    return .object(object)
  }

  static func encode(_ divergence: Divergence, report: ScenarioVerdict) -> JSONValue {
    var object = members([
      "scenario": .string(report.id), "file": .string(report.file),
      "step": .number(.integer(Int64(divergence.stepIndex + 1))), "action": divergence.action,
      "known": .bool(report.divergenceIsKnown),
      "rows": .array(
        divergence.rows.map { row in
          var values = JSONObject()
          for (name, value) in row.values { values[name] = value ?? .null }
          var object = members([
            "path": .string(row.path.description), "checked": .bool(row.isSpecified), "expected": row.expected ?? .null,
            "values": .object(values),
          ])
          // Which nulls stand for no value at all ("expected" for the expectation): only when there are some.
          let absent =
            (row.expected == nil ? ["expected"] : []) + row.values.filter { $0.value == nil }.map(\.implementation)
          if !absent.isEmpty { object["absent"] = .array(absent.map(JSONValue.string)) }
          return .object(object)
        }),
    ])
    object["title"] = divergence.title.map(JSONValue.string)
    if !divergence.laterPaths.isEmpty { object["laterPaths"] = .array(divergence.laterPaths.map(JSONValue.string)) }
    return .object(object)
  }

  /// The members of an object literal, to add optional ones to.
  static func members(_ value: JSONValue) -> JSONObject { value.objectValue ?? JSONObject() }

  static func encode(_ summary: RunSummary) -> JSONValue {
    var byImplementation = JSONObject()
    for (name, tally) in summary.tallies {
      var object = JSONObject()
      for (kind, count) in tally.nonZero { object[kind.key] = .number(.integer(Int64(count))) }
      byImplementation[name] = .object(object)
    }
    return [
      "scenarios": .number(.integer(Int64(summary.scenarios))), "passed": .number(.integer(Int64(summary.passed))),
      "flaky": .number(.integer(Int64(summary.flaky))),
      "failed": .number(.integer(Int64(summary.failed))), "skipped": .number(.integer(Int64(summary.skipped))),
      "notApplicable": .number(.integer(Int64(summary.notApplicable))),
      "runFailures": .array(summary.runFailures.map(JSONValue.string)),
      "divergences": .number(.integer(Int64(summary.divergences))),
      "invalidFiles": .number(.integer(Int64(summary.invalidFiles))), "byImplementation": .object(byImplementation),
      "durationSeconds": .number(.double(summary.duration)), "exitCode": .number(.integer(Int64(summary.exitCode))),
      "known": .number(.integer(Int64(summary.known))),
      "knownDivergences": .number(.integer(Int64(summary.knownDivergences))),
      "baseline": summary.baselineFile.map(JSONValue.string) ?? .null,
      "conformanceFolder": summary.conformanceFolder.map(JSONValue.string) ?? .null,
      "baselineProblems": .array(summary.baselineProblems.map { encode($0) }),
    ]
  }

  static func encode(_ problem: BaselineProblem, withIndex: Bool = false) -> JSONValue {
    var object = members([
      "kind": .string(problem.kind.rawValue), "entry": .string(problem.entry),
      "scenario": problem.scenario.map(JSONValue.string) ?? .null,
      "implementation": problem.implementation.map(JSONValue.string) ?? .null,
      "message": .string(problem.message),
    ])
    if withIndex { object["index"] = .number(.integer(Int64(problem.index))) }
    return .object(object)
  }

  // MARK: - A shard's record

  /// What a shard adds for `merge-reports` (README §11.2): `{"index", "total", "filesBeforeSharding", "allowSkipped",
  /// "unmatchedBaseline": [invalid entry] | null, "expiredBaseline": [problem with "index"], "selection"}`; `items` (the scenarios,
  /// and `{"invalid": file}` for each invalid file, in run order) is spliced in by ``write(to:)``.
  static func encode(_ run: ShardRun, allowsSkipped: Bool) -> JSONValue {
    var object = members([
      "index": .number(.integer(Int64(run.shard.index))), "total": .number(.integer(Int64(run.shard.total))),
      "filesBeforeSharding": .number(.integer(Int64(run.filesBeforeSharding))), "allowSkipped": .bool(allowsSkipped),
      "unmatchedBaseline": run.unmatchedBaseline.map { .array($0.map(encode)) } ?? .null,
      "expiredBaseline": .array(run.expiredBaseline.map { encode($0, withIndex: true) }),
    ])
    if let selection = run.selection { object["selection"] = encode(selection) }
    return .object(object)
  }

  /// What a shard is a shard of (README §11.6): `{"corpus": "fnv1a64:…", "filter": string | null, "tags": [string],
  /// "retries": integer, "noFlaky": boolean}`.
  static func encode(_ selection: ShardRun.Selection) -> JSONValue {
    [
      "corpus": .string(selection.corpus), "filter": selection.filter.map(JSONValue.string) ?? .null,
      "tags": .array(selection.tags.map(JSONValue.string)), "retries": .number(.integer(Int64(selection.retries))),
      "noFlaky": .bool(selection.noFlaky),
    ]
  }

  /// A scenario as a shard records it, with what its results leave out: `{"scenario", "file", "feature",
  /// "description", "steps", "level", "tags", "exhaustive", "baselineProblems": [problem with "index"]}`.
  static func encode(scenario report: ScenarioVerdict) -> JSONValue {
    [
      "scenario": .string(report.id), "file": .string(report.file), "feature": .string(report.feature),
      "description": .string(report.description), "steps": .number(.integer(Int64(report.stepCount))),
      "level": .string(report.level.rawValue), "tags": .array(report.tags.map(JSONValue.string)),
      "exhaustive": .bool(report.verdicts.first?.isExhaustive ?? true),
      "baselineProblems": .array(report.baselineProblems.map { encode($0, withIndex: true) }),
    ]
  }
}
