/// One thing a feature declares that scenarios can test, as `conformance coverage` counts it (docs/coverage.md): an
/// action, a union case or enum value in its fields, an effect, a dependency's call or answer, an event, a state field,
/// a spec rule, or one action following another.
///
/// ``name`` is where the item is declared, as a path into the manifest (`actions.loginResponse.result.failure`,
/// `state.error`, `dependencies.authenticate.error`), a rule id of the spec (`L3.a`), or for a transition the two
/// actions (`submit → dismissed`).
package struct CoverageItem: Sendable, Hashable {
  /// What kind of item it is.
  package var category: Category
  /// Where it is declared (see the type's discussion).
  package var name: String

  /// Creates an item.
  package init(_ category: Category, _ name: String) {
    self.category = category
    self.name = name
  }

  /// The kinds of item, in report order; the raw value is the word `--require` takes.
  package enum Category: String, Sendable, CaseIterable, Comparable {
    /// An action sent (or received back at runtime level), and each union case and enum value used in its fields.
    case actions
    /// An effect an implementation returned (reducer level) or left running (runtime level), and the union cases and
    /// enum values in its fields.
    case effects
    /// A dependency called, answered with a result (and each case of a union result), with an error; for a stream
    /// dependency, an element emitted and the stream completed (runtime level).
    case dependencies
    /// A one-off event the screen received (format v1.3, runtime level).
    case events
    /// A state field some step asserts: an exhaustive scenario's expected change, or a field a non-exhaustive one
    /// names. A field only exhaustive checks of "unchanged" see is not asserted.
    case state
    /// A state field some implementation's trace changes.
    case changes
    /// A rule id the feature's spec declares, cited by a scenario's `rules` (format v1.4).
    case rules
    /// One action reduced directly after another: the order of each step's sent action and the actions its effects sent
    /// back (runtime level), as an implementation's trace shows them.
    case transitions

    /// Whether the category counts in the total percentage: transitions do not, as most of the n × n orders of n
    /// actions are not worth a scenario; `--require transitions` still gates on them.
    package var countsInTotal: Bool { self != .transitions }

    /// Orders categories as they are declared, the order every report lists them in.
    package static func < (lhs: Self, rhs: Self) -> Bool {
      (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
  }
}
