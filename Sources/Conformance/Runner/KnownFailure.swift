/// A failure that a known-divergence baseline entry records exactly (same step, same JSON paths): reported as
/// `known`, with the entry's reason, instead of failing the gate (Conformance/README.md §12).
package struct KnownFailure: Sendable {
  /// The failure as observed.
  package var failure: StepFailure
  /// The entry, as reports name it: `Conformance/known-divergences.json: entries[0]`.
  package var entry: String
  /// The entry's index in the file.
  package var entryIndex: Int
  /// The entry's reason.
  package var reason: String
  /// The entry's spec section.
  package var spec: String
  /// The entry's expiry date, `YYYY-MM-DD`, or `nil`.
  package var expires: String?
}
