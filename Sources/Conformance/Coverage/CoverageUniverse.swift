/// Everything a feature declares that scenarios can test (``CoverageItem``), in manifest order: the denominator of
/// `conformance coverage`.
///
/// Read from the manifest (format §2) and the rule ids its spec declares (``SpecRules``, §18.1): each action and
/// effect with the union cases and enum values of its fields, each dependency's call and answers, each event, each
/// state field (twice: asserted, and changed), each rule id (a rule split into clauses, `L3` into `L3.a`–`f`, through
/// its clauses), and each ordered pair of actions.
package struct CoverageUniverse: Sendable {
  /// The feature's name.
  package var feature: String
  /// The manifest file, as reports name it (`Conformance/features/login.json`).
  package var manifestFile: String
  /// The spec file, as reports name it, when it was read; rule items are declared there.
  package var specFile: String?
  /// Every item, in report order: by category, then as the manifest (or spec) declares them.
  package var items: [CoverageItem]

  /// The universe of one manifest.
  package init(_ manifest: FeatureManifest) {
    feature = manifest.feature
    manifestFile = manifest.file
    specFile = manifest.specFile
    let walk = CoverageWalk(manifest: manifest)
    var items: [CoverageItem] = []
    for action in manifest.actions.cases {
      items += walk.declared(action, at: "actions." + action.name).map { CoverageItem(.actions, $0) }
    }
    for effect in manifest.effects.cases {
      items += walk.declared(effect, at: "effects." + effect.name).map { CoverageItem(.effects, $0) }
    }
    for name in manifest.dependencies.keys.sorted() {
      guard let dependency = manifest.dependencies[name] else { continue }
      items += Self.answers(of: dependency, walk: walk).map { CoverageItem(.dependencies, $0) }
    }
    for event in manifest.events?.cases ?? [] {
      items += walk.declared(event, at: "events." + event.name).map { CoverageItem(.events, $0) }
    }
    items += manifest.stateFields.map { CoverageItem(.state, "state." + $0.name) }
    items += manifest.stateFields.map { CoverageItem(.changes, "state." + $0.name) }
    // A rule split into clauses (L3 into L3.a–f) is covered through its clauses, which the spec makes the rules.
    let rules = manifest.ruleIDs ?? []
    let split = Set(
      rules.compactMap { $0.split(separator: ".").count == 2 ? String($0.split(separator: ".")[0]) : nil })
    items += rules.filter { !split.contains($0) }.map { CoverageItem(.rules, $0) }
    let actions = manifest.actions.cases.map(\.name)
    for first in actions {
      items += actions.map { CoverageItem(.transitions, Self.transition(first, $0)) }
    }
    self.items = items
  }

  /// A dependency's items: called; then answered with a result (and each union case of it) or an error; for a stream
  /// (format v1.3, `emits`): an element emitted, the stream completed, an error.
  static func answers(of dependency: FeatureManifest.Dependency, walk: CoverageWalk) -> [String] {
    let path = "dependencies." + dependency.name
    if dependency.isStream { return [path, path + ".emit", path + ".complete", path + ".error"] }
    var names = [path, path + ".result"]
    walk.declared(in: dependency.result, at: path + ".result", into: &names, seen: [])
    return names + [path + ".error"]
  }

  /// How a transition is named: `submit → dismissed`.
  static func transition(_ first: String, _ next: String) -> String { "\(first) → \(next)" }
}
