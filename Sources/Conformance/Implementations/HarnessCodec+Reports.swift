// MARK: - What a runtime reports beyond calls (harness protocol §2.5.6, format v1.2)

extension HarnessCodec {
  /// A trace entry's `received` (`item` "action") or `events` (`item` "event", format v1.3): an array of objects, each
  /// checked against the manifest by the judge; anything else is a protocol error at its path.
  static func readObjects(_ value: JSONValue, of item: String, at path: JSONPath, issues: inout IssueList)
    -> [JSONValue]?
  {
    guard case .array(let objects) = value else {
      issues.add(path, "expected an array of \(item)s, got \(value.typeName)")
      return nil
    }
    for (offset, object) in objects.enumerated() where object.objectValue == nil {
      issues.add(path.appending(index: offset), "expected an \(item) (an object), got \(object.typeName)")
    }
    return objects
  }

  /// A trace entry's `inFlight`: an array of `{"type": string, "id": string or null}`.
  static func readInFlight(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> [JSONValue]? {
    guard case .array(let effects) = value else {
      issues.add(path, "expected an array of effects {\"type\", \"id\"}, got \(value.typeName)")
      return nil
    }
    for (offset, effect) in effects.enumerated() {
      let effectPath = path.appending(index: offset)
      guard var reader = ObjectReader(effect, at: effectPath, what: "an effect {\"type\", \"id\"}", issues: &issues)
      else { continue }
      _ = reader.string("type", required: true, issues: &issues)
      if let id = reader.value("id"), id != .null, id.stringValue == nil {
        issues.add(effectPath.appending(key: "id"), "expected a string or null, got \(id.typeName)")
      }
      reader.reportUnknownKeys(allowed: ["type", "id"], issues: &issues)
    }
    return effects
  }

  /// Checks a runtime trace against what the hello reply's `reports` declared for its feature (§2.5.6, §2.5.7; pass
  /// none for a reducer-level trace, which never carries them): every entry, and the `start` entry when given,
  /// carries exactly the declared keys of `received`, `inFlight` and `events`, so that a missing key never reads as
  /// "not reported" and a step is never quietly not applicable.
  static func checkReports(_ observation: Observation, declared: Set<RuntimeReport>) -> Result<Observation, Violation> {
    guard case .trace(let entries, let start) = observation else { return .success(observation) }
    // Paths are built only for the entry at fault: a good trace, the common case, allocates nothing here.
    if let start, let violation = reportViolation(start, declared: declared, at: { JSONPath([.key("start")]) }) {
      return .failure(violation)
    }
    for (index, entry) in entries.enumerated() {
      if let violation = reportViolation(entry, declared: declared, at: { JSONPath([.key("trace"), .index(index)]) }) {
        return .failure(violation)
      }
    }
    return .success(observation)
  }

  /// Whether `entry` carries exactly the `declared` reports: the violation for the first one it lacks or carries
  /// undeclared, at the path `path()` gives, or `nil`.
  private static func reportViolation(_ entry: TraceEntry, declared: Set<RuntimeReport>, at path: () -> JSONPath)
    -> Violation?
  {
    for report in RuntimeReport.allCases {
      let present: Bool
      switch report {
      case .received: present = entry.received != nil
      case .inFlight: present = entry.inFlight != nil
      case .events: present = entry.events != nil
      }
      guard present != declared.contains(report) else { continue }
      return Violation(
        message: present
          ? "\(path().appending(key: report.rawValue)): not declared in the hello reply's 'reports' for this feature"
          : "\(path()): missing '\(report.rawValue)', which the hello reply's 'reports' declare for this feature")
    }
    return nil
  }

  /// A feature's `reports` in the hello reply: distinct names, each `"received"`, `"inFlight"` or `"events"`.
  static func readReports(_ value: JSONValue, at path: JSONPath, issues: inout IssueList) -> Set<RuntimeReport> {
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of names (\"received\", \"inFlight\", \"events\"), got \(value.typeName)")
      return []
    }
    var reports = Set<RuntimeReport>()
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element, let report = RuntimeReport(rawValue: name) else {
        issues.add(
          path.appending(index: index),
          "unknown report \(JSONRenderer.compact(element, style: .display)) (known: \"events\", \"inFlight\", \"received\")"
        )
        continue
      }
      if !reports.insert(report).inserted {
        issues.add(path.appending(index: index), "duplicate report \"\(name)\"; list each once")
      }
    }
    return reports
  }
}

/// What a runtime-level implementation reports beyond state, calls and cancellations (hello `reports`, harness
/// protocol §2.5.6): the actions its effects send back, and the effects still in flight.
package enum RuntimeReport: String, Sendable, Hashable, CaseIterable {
  /// Trace entries carry `received`, the actions effects sent back during the step.
  case received
  /// Trace entries carry `inFlight`, the effects running after the step.
  case inFlight
  /// Trace entries (and the `start` entry) carry `events`, the one-off events the screen received during the step
  /// (format v1.3, §2.5.7).
  case events
}

/// A runtime adapter that says what its runtimes report (hello `reports`); one that does not conform reports neither.
package protocol RuntimeReporting {
  /// What every runtime it starts reports.
  var reports: Set<RuntimeReport> { get }
}
