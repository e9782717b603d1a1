/// A value of a JSON report being read back (``RecordedRun``), with where it is: every wrong value is an
/// ``InputError`` naming the report file and the JSON path.
struct ReportValue {
  let value: JSONValue
  let path: JSONPath
  let file: String

  /// An error at this value.
  func error(_ message: String) -> InputError { InputError(file: file, path: path, message: message) }

  private func wrong(_ expected: String) -> InputError {
    error("expected \(expected), got \(JSONRenderer.compact(value, style: .display).prefix(60))")
  }

  /// The member `key`, which must be there.
  func member(_ key: String) throws(InputError) -> ReportValue {
    guard case .object(let object) = value else { throw wrong("an object") }
    guard let member = object[key] else { throw error("missing required key '\(key)'") }
    return ReportValue(value: member, path: path.appending(key: key), file: file)
  }

  /// The member `key`, or `nil` when it is absent or `null`.
  func optionalMember(_ key: String) -> ReportValue? {
    guard let member = value.objectValue?[key], member != .null else { return nil }
    return ReportValue(value: member, path: path.appending(key: key), file: file)
  }

  /// `nil` for `null`, else the value read by `read`.
  func optional<T>(_ read: (ReportValue) throws(InputError) -> T) throws(InputError) -> T? {
    value == .null ? nil : try read(self)
  }

  func string() throws(InputError) -> String {
    guard let string = value.stringValue else { throw wrong("a string") }
    return string
  }

  func bool() throws(InputError) -> Bool {
    guard let bool = value.boolValue else { throw wrong("true or false") }
    return bool
  }

  func int() throws(InputError) -> Int {
    guard case .number(let number) = value, let int = number.int64Value, let small = Int(exactly: int) else {
      throw wrong("a whole number")
    }
    return small
  }

  func double() throws(InputError) -> Double {
    guard case .number(let number) = value else { throw wrong("a number") }
    return number.doubleValue
  }

  func array() throws(InputError) -> [ReportValue] {
    guard let items = value.arrayValue else { throw wrong("an array") }
    return items.enumerated().map { ReportValue(value: $1, path: path.appending(index: $0), file: file) }
  }

  func strings() throws(InputError) -> [String] {
    try array().map { value throws(InputError) in try value.string() }
  }

  /// A JSON path as reports render it (`effects[0].email`, `["a-b"]`, `(root)`).
  func jsonPath() throws(InputError) -> JSONPath {
    let text = try string()
    guard let parsed = JSONPath(rendered: text) else { throw error("expected a JSON path such as 'state.items[0]'") }
    return parsed
  }
}

// MARK: - Report entries

extension ReportValue {
  /// An `invalid` entry: `{"file", "path", "line", "column", "message"}`.
  func inputError() throws(InputError) -> InputError {
    var error = InputError(
      file: try member("file").string(),
      path: try member("path").optional { value throws(InputError) in try value.jsonPath() },
      message: try member("message").string())
    error.line = try member("line").optional { value throws(InputError) in try value.int() }
    error.column = try member("column").optional { value throws(InputError) in try value.int() }
    // A syntax error has a line but is not "located" (its path follows the message): InputError(file:syntax:).
    error.isLocated = error.line != nil && !error.message.hasPrefix("invalid JSON: ")
    return error
  }

  /// A `results` entry.
  func verdict() throws(InputError) -> Verdict {
    var verdict = Verdict(
      scenarioID: try member("scenario").string(), feature: try member("feature").string(),
      file: try member("file").string(), implementation: try member("implementation").string(),
      outcome: try outcome(), notChecked: try member("notChecked").strings(),
      duration: try member("durationSeconds").double())
    verdict.failedAttempts = try (optionalMember("failedAttempts")?.array() ?? []).map {
      attempt throws(InputError) -> Verdict.FailedAttempt in
      guard case .noTrace(let fault) = try attempt.outcome(), fault.kind.isRetried else {
        throw try attempt.member("outcome").error("expected a retried fault (crashed or timed_out)")
      }
      return Verdict.FailedAttempt(fault: fault, duration: try attempt.member("durationSeconds").double())
    }
    return verdict
  }

  /// A result's `outcome` with its `failure`.
  func outcome() throws(InputError) -> Outcome {
    let key = try member("outcome").string()
    guard let kind = Outcome.Kind.allCases.first(where: { $0.key == key }) else {
      throw try member("outcome").error("expected an outcome (passed, failed, known, errored, …), got '\(key)'")
    }
    if kind == .passed { return .passed }
    if kind == .flaky { return .flaky }
    let failure = try member("failure")
    func text(_ key: String) throws(InputError) -> String { try failure.member(key).string() }
    switch kind {
    case .passed: return .passed
    case .flaky: return .flaky
    case .failed: return .failed(try failure.stepFailure())
    case .known:
      return .known(
        KnownFailure(
          failure: try failure.stepFailure(), entry: try text("entry"), entryIndex: 0, reason: try text("reason"),
          spec: try text("spec"),
          expires: try failure.member("expires").optional { value throws(InputError) in try value.string() }))
    case .errored: return .noTrace(.errored(step: try failure.member("step").int(), message: try text("message")))
    case .crashed: return .noTrace(.crashed(message: try text("message"), stderrTail: try text("stderrTail")))
    case .timedOut:
      return .noTrace(.timedOut(seconds: try failure.member("seconds").double(), stderrTail: try text("stderrTail")))
    case .protocolError: return .noTrace(.protocolError(message: try text("message"), line: try text("line")))
    case .skipped: return .noTrace(.skipped(reason: try text("message")))
    case .notRun: return .noTrace(.notRun(reason: try text("message")))
    case .notApplicable: return .noTrace(.notApplicable(reason: try text("message")))
    }
  }

  /// A failing step, as ``JSONReporter`` writes it (`step` is 1-based).
  func stepFailure() throws(InputError) -> StepFailure {
    func json(_ key: String) -> JSONValue? { optionalMember(key)?.value }
    var failure = StepFailure(
      stepIndex: try member("step").int() - 1, stepCount: 0, action: try member("action").value,
      stepDescription: try optionalMember("stepDescription")?.string(),
      mismatches: try member("mismatches").array().map { value throws(InputError) in try value.mismatch() },
      expectedState: json("expectedState"), actualState: json("actualState") ?? .null,
      expectedEffects: optionalMember("expectedEffects")?.value.arrayValue ?? [],
      actualEffects: optionalMember("actualEffects")?.value.arrayValue ?? [],
      laterSteps: try (optionalMember("laterSteps")?.array() ?? []).map { later throws(InputError) in
        StepFailure.LaterStep(
          stepIndex: try later.member("step").int() - 1, action: try later.member("action").value,
          mismatches: try later.member("mismatches").array().map { value throws(InputError) in try value.mismatch() },
          title: try later.optionalMember("title")?.string())
      })
    failure.title = try optionalMember("title")?.string()
    failure.givenState = json("givenState")
    if let object = value.objectValue, object["actualCalls"] != nil {
      var runtime = StepFailure.RuntimeDetail(
        expectedCalls: json("expectedCalls"), actualCalls: object["actualCalls"] ?? .null,
        expectedCancelled: json("expectedCancelled"), actualCancelled: object["actualCancelled"] ?? .null)
      (runtime.expectedReceived, runtime.actualReceived) = (json("expectedReceived"), json("actualReceived"))
      (runtime.expectedEvents, runtime.actualEvents) = (json("expectedEvents"), json("actualEvents"))
      failure.runtime = runtime
    }
    return failure
  }

  /// A mismatch: `{"path", "kind", "expected", "actual"}`, with `note` and `tolerance` when set.
  func mismatch() throws(InputError) -> Mismatch {
    let expected = try member("expected").value, actual = try member("actual").value
    let kind: Mismatch.Kind
    switch try member("kind").string() {
    case "differs": kind = .differs(expected: expected, actual: actual)
    case "missing": kind = .missing(expected: expected)
    case "unexpected": kind = .unexpected(actual: actual)
    case let other: throw try member("kind").error("expected 'differs', 'missing' or 'unexpected', got '\(other)'")
    }
    var mismatch = Mismatch(path: try member("path").jsonPath(), kind: kind)
    mismatch.note = try optionalMember("note")?.string()
    mismatch.tolerance = try optionalMember("tolerance")?.double()
    return mismatch
  }

  /// A `divergences` entry, with whether it is known; row values in the order of `implementations`.
  func divergence(implementations: [String]) throws(InputError) -> (Divergence, Bool) {
    let rows = try member("rows").array().map { row throws(InputError) -> Divergence.Row in
      let absent = try row.optionalMember("absent")?.strings() ?? []
      let values = try row.member("values")
      guard let object = values.value.objectValue else { throw values.error("expected an object") }
      let names = implementations.filter { object[$0] != nil } + object.keys.filter { !implementations.contains($0) }
      return Divergence.Row(
        path: try row.member("path").jsonPath(),
        expected: absent.contains("expected") ? nil : try row.member("expected").value,
        isSpecified: try row.member("checked").bool(),
        values: names.map { name in (name, absent.contains(name) ? nil : object[name]) })
    }
    var divergence = Divergence(stepIndex: try member("step").int() - 1, action: try member("action").value, rows: rows)
    divergence.title = try optionalMember("title")?.string()
    divergence.laterPaths = try optionalMember("laterPaths")?.strings() ?? []
    return (divergence, try member("known").bool())
  }

  /// A baseline problem with its entry's `index`.
  func baselineProblem() throws(InputError) -> BaselineProblem {
    let kindName = try member("kind").string()
    guard let kind = BaselineProblem.Kind(rawValue: kindName) else {
      throw try member("kind").error("expected 'fixed', 'different' or 'expired', got '\(kindName)'")
    }
    return BaselineProblem(
      kind: kind, entry: try member("entry").string(), index: try member("index").int(),
      scenario: try member("scenario").optional { value throws(InputError) in try value.string() },
      implementation: try member("implementation").optional { value throws(InputError) in try value.string() },
      message: try member("message").string())
  }

  /// A scenario of `shard.items`, without its results (``RecordedRun`` adds them).
  func scenarioVerdict() throws(InputError) -> ScenarioVerdict {
    var verdict = ScenarioVerdict(
      id: try member("scenario").string(), file: try member("file").string(), feature: try member("feature").string(),
      description: try member("description").string(), stepCount: try member("steps").int(), verdicts: [])
    let levelName = try member("level").string()
    guard let level = ScenarioLevel(rawValue: levelName) else {
      throw try member("level").error("expected 'reducer' or 'runtime', got '\(levelName)'")
    }
    verdict.level = level
    verdict.tags = try member("tags").strings()
    verdict.baselineProblems = try member("baselineProblems").array().map { value throws(InputError) in
      try value.baselineProblem()
    }
    return verdict
  }

  /// The `shard` object.
  static func shard(_ value: ReportValue) throws(InputError) -> (
    run: ShardRun, allowsSkipped: Bool, scenarios: [ReportValue]
  ) {
    let index = try value.member("index").int(), total = try value.member("total").int()
    guard let shard = Shard(index: index, total: total) else {
      throw value.error("expected 1 ≤ index ≤ total ≤ \(Shard.maximumTotal), got \(index)/\(total)")
    }
    var run = ShardRun(shard: shard, filesBeforeSharding: try value.member("filesBeforeSharding").int())
    run.unmatchedBaseline = try value.member("unmatchedBaseline").optional { list throws(InputError) in
      try list.array().map { entry throws(InputError) in try entry.inputError() }
    }
    run.expiredBaseline = try value.member("expiredBaseline").array().map { entry throws(InputError) in
      try entry.baselineProblem()
    }
    // Absent in the reports of tools before it was recorded: merge-reports refuses those (ShardMerge).
    run.selection = try value.optionalMember("selection").map { selection throws(InputError) in
      ShardRun.Selection(
        corpus: try selection.member("corpus").string(),
        filter: try selection.member("filter").optional { filter throws(InputError) in try filter.string() },
        tags: try selection.member("tags").array().map { tag throws(InputError) in try tag.string() },
        retries: try selection.member("retries").int(), noFlaky: try selection.member("noFlaky").bool())
    }
    return (run, try value.member("allowSkipped").bool(), try value.member("items").array())
  }
}
