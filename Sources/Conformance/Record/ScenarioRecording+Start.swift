/// Recording the creation (format v1.3, scenario format §16.2): the file's `start`.
extension ScenarioRecording {
  /// What recording `start`, the implementation's entry for the creation, does to the document's `start`: writes it
  /// when the file has none and the creation did something, or when `update` and the file's differs; reports a
  /// difference (step index -1) when the file's `start` contradicts the entry.
  ///
  /// - Returns: The difference, whether `start` was filled in where the file had none, and whether the document
  ///   changed.
  static func recordStart(
    _ start: TraceEntry, into root: inout JSONObject, scenario: Scenario, names: inout RecordedCallNames,
    receives: Bool, events: Bool, update: Bool
  ) -> (difference: Difference?, filled: Bool, changed: Bool) {
    let recorded = expectation(
      start.keeping(received: receives, events: events), previous: scenario.initialState, level: .runtime,
      names: &names, step: 0)
    let old = meaning(
      of: scenario.step(0), state: ScenarioJudge.expectedStartState(of: scenario), scenario: scenario,
      receives: receives, events: events)
    let new = meaning(of: start, level: .runtime, names: names, receives: receives, events: events)
    let hasStart = root["start"] != nil
    guard old != new, hasStart || !recorded.isEmpty else { return (nil, false, false) }
    var difference: Difference?
    if hasStart {
      let paths = StructuralDiff.mismatches(expected: old, actual: new, at: .root).map(\.path.description)
      difference = Difference(stepIndex: -1, paths: paths)
      guard update else { return (difference, false, false) }
    }
    var startObject = root["start"]?.objectValue ?? JSONObject()
    startObject["expect"] = .object(recorded)
    root["start"] = .object(startObject)
    return (difference, !hasStart, true)
  }
}
