/// The level a scenario runs at (scenario format v1.1, Conformance/README.md "Runtime scenarios").
///
/// JSON shape: the string `"reducer"` or `"runtime"` in a scenario's top-level `level` key (absent means `"reducer"`),
/// and in the `levels` list of a feature in a harness's `hello` reply (harness protocol §2.5).
package enum ScenarioLevel: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The pure reducer: each step sends an action and checks the state and the effects it returned.
  case reducer
  /// The real store or view model with scripted dependencies and virtual time: steps send actions, answer calls,
  /// advance the clock or clear the owner, and check the state, the calls started and the calls cancelled.
  case runtime

  /// Orders `reducer` before `runtime`, so that lists of levels print in a stable order.
  package static func < (lhs: ScenarioLevel, rhs: ScenarioLevel) -> Bool {
    lhs == .reducer && rhs == .runtime
  }
}
