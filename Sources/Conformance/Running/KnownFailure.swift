/// A failure that a known-divergence baseline entry records exactly (same step, same JSON paths): reported as
/// `known`, with the entry's reason, instead of failing the gate (Conformance/README.md §12).
public struct KnownFailure: Sendable {
  /// The failure as observed.
  public var failure: StepFailure
  /// The entry, as reports name it: `Conformance/known-divergences.json: entries[0]`.
  public var entry: String
  /// The entry's index in the file.
  public var entryIndex: Int
  /// The entry's reason.
  public var reason: String
  /// The entry's spec section.
  public var spec: String
  /// The entry's expiry date, `YYYY-MM-DD`, or `nil`.
  public var expires: String?
}
