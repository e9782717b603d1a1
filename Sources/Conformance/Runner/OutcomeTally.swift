/// How many (scenario, implementation) pairs ended in each ``Outcome/Kind``: a typed bucket per kind, as Bowtie
/// counts its results, instead of counts keyed by label strings.
package struct OutcomeTally: Sendable, Equatable {
  private var counts: [Outcome.Kind: Int] = [:]

  /// An empty tally.
  package init() {}

  /// The count of one kind.
  package subscript(kind: Outcome.Kind) -> Int {
    get { counts[kind] ?? 0 }
    set { counts[kind] = newValue }
  }

  /// Every pair counted.
  package var total: Int { counts.values.reduce(0, +) }

  /// The kinds with a non-zero count and their counts, in report order (``Outcome/Kind/allCases``).
  package var nonZero: [(kind: Outcome.Kind, count: Int)] {
    Outcome.Kind.allCases.compactMap { kind in self[kind] == 0 ? nil : (kind, self[kind]) }
  }

  /// Counts one outcome.
  package mutating func add(_ kind: Outcome.Kind) { self[kind] += 1 }

}
