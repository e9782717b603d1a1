/// Reading what format v1.2 adds to runtime scenarios (Conformance/README.md §14): the actions a step's effects send
/// back (`expect.received`) and the effects a scenario leaves running (`leavesRunning`).
extension ScenarioLoader {
  /// `expect.received`: an array of actions of the manifest, in the order the runtime must apply them.
  func readReceived(_ value: JSONValue, at path: JSONPath, manifest: FeatureManifest?, issues: inout IssueList)
    -> [JSONValue]
  {
    guard case .array(let actions) = value else {
      issues.add(path, "expected an array of actions, got \(value.typeName)")
      return []
    }
    for (offset, action) in actions.enumerated() {
      manifest?.checkAction(action, at: path.appending(index: offset), issues: &issues)
    }
    return actions
  }

  /// `leavesRunning`: only at the runtime level; an array of `{"type": effect, "id"?: string}`, each type one of the
  /// manifest's effects.
  func readLeavesRunning(
    _ value: JSONValue, level: ScenarioLevel, manifest: FeatureManifest?, issues: inout IssueList
  ) -> [ExpectedEffect] {
    let path = JSONPath([.key("leavesRunning")])
    guard level == .runtime else {
      issues.add(path, Self.runtimeOnly("leavesRunning"))
      return []
    }
    guard case .array(let elements) = value else {
      issues.add(path, "expected an array of effects {\"type\", \"id\"?}, got \(value.typeName)")
      return []
    }
    var effects: [ExpectedEffect] = []
    for (offset, element) in elements.enumerated() {
      let elementPath = path.appending(index: offset)
      guard var reader = ObjectReader(element, at: elementPath, what: "an effect {\"type\", \"id\"?}", issues: &issues)
      else { continue }
      let type = reader.string("type", required: true, issues: &issues)
      let id = reader.string("id", required: false, issues: &issues)
      reader.reportUnknownKeys(allowed: ["type", "id"], issues: &issues)
      guard let type else { continue }
      if let manifest, manifest.effects.case(named: type) == nil {
        let known = manifest.effects.cases.map(\.name).joined(separator: ", ")
        issues.add(
          elementPath.appending(key: "type"),
          "unknown effect \(JSONRenderer.compact(.string(type), style: .display)) (known: \(known))")
        continue
      }
      effects.append(ExpectedEffect(type: type, id: id))
    }
    return effects
  }
}
