/// One difference between what a step expected and what an implementation did, located by JSON path.
///
/// Paths start at `state` or `effects`, e.g. `state.isLoading` or `effects[0].email` (scenario format §4); at the
/// runtime level at `state`, `calls`, `cancelled`, `received`, `respond`, `pending` or `inFlight` (§11.2, §13.4,
/// §14).
package struct Mismatch: Sendable, Equatable, CustomStringConvertible {
  /// The kind of difference.
  package enum Kind: Sendable, Equatable {
    /// Both sides have a value at the path and they differ.
    case differs(expected: JSONValue, actual: JSONValue)
    /// The expected value has the path; the actual does not.
    case missing(expected: JSONValue)
    /// The actual value has the path; the expected does not.
    case unexpected(actual: JSONValue)
  }

  /// Where, e.g. `effects[0].email`.
  package var path: JSONPath
  /// What differs.
  package var kind: Kind
  /// A sentence that replaces the `path: expected …, got …` rendering, for differences a person reads better as
  /// prose: the calls and cancellations of runtime steps (`expected call a1 (authenticate) to be cancelled, but it
  /// was not`). `nil` for state and effect differences.
  package var note: String? = nil
  /// The tolerance the two numbers were compared within (manifest `"tolerance"`, README §17.4), shown after them;
  /// `nil` when they compare exactly.
  package var tolerance: Double? = nil

  /// Whether the mismatch is the end-of-scenario check of a runtime scenario (`pending.NAME`, README §13.4;
  /// `inFlight[i]`, §14.2), which reports carry with the last step but print under `at the end`.
  package var isAtEnd: Bool { path.components.first == .key("pending") || path.components.first == .key("inFlight") }

  /// Whether the path names an effect (`effects[i]`) rather than a field inside one.
  var isWholeEffect: Bool {
    path.components.count == 2 && path.components.first == .key("effects")
  }

  /// The one-line rendering used in every report, e.g. `state.isLoading: expected true, got false`.
  package var description: String {
    if let note { return note }
    switch kind {
    case .differs(let expected, let actual):
      let within = tolerance.map { " (tolerance \(render(.number(.double($0)))))" } ?? ""
      return "\(path): expected \(render(expected)), got \(render(actual))\(within)"
    case .missing(let expected):
      return isWholeEffect
        ? "\(path): missing effect \(render(expected))"
        : "\(path): missing, expected \(render(expected))"
    case .unexpected(let actual):
      return isWholeEffect
        ? "\(path): unexpected effect \(render(actual))" : "\(path): unexpected, got \(render(actual))"
    }
  }

  private func render(_ value: JSONValue) -> String {
    let text = JSONRenderer.compact(value, style: .display)
    return text.count > 300 ? String(text.prefix(297)) + "…" : text
  }
}
