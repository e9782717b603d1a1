/// Something wrong with a baseline entry that fails the gate (Conformance/README.md §12).
///
/// Rendered by ``description`` as `FILE: entries[i]: MESSAGE`, for example
/// `Conformance/known-divergences.json: entries[0]: fixed: remove the entry ('login-x' now passes on 'swift')`.
package struct BaselineProblem: Sendable, Equatable, CustomStringConvertible {
  /// The kind of problem.
  package enum Kind: String, Sendable, Equatable {
    /// A listed pair now passes, or a listed divergence no longer happens: remove the entry.
    case fixed
    /// A listed pair fails, or diverges, differently than recorded (another step, other JSON paths, another outcome).
    case different
    /// The entry is past its expiry date.
    case expired
  }

  /// The kind.
  package var kind: Kind
  /// The entry, `FILE: entries[i]`.
  package var entry: String
  /// The entry's index in the file.
  package var index: Int
  /// The scenario, or `nil` for an expired entry.
  package var scenario: String?
  /// The implementation, or `nil` when the problem is not about one (a divergence, an expired entry).
  package var implementation: String?
  /// What is wrong and what to do.
  package var message: String

  /// `FILE: entries[i]: MESSAGE`.
  package var description: String { "\(entry): \(message)" }
}
