import Foundation

extension Baseline {
  /// What an entry expects.
  package enum Expectation: String, Sendable, Equatable, CaseIterable {
    /// Each listed implementation fails the scenario's expectation at ``Entry/step`` with ``Entry/paths``.
    case fails
    /// The listed implementations' traces differ at ``Entry/step`` in ``Entry/paths``, none failing.
    case diverges
  }

  /// One entry of the file.
  package struct Entry: Sendable, Equatable {
    /// A scenario id or a `*` pattern.
    package var scenario: String
    /// The implementations it covers.
    package var implementations: [String]
    /// What is expected.
    package var expect: Expectation
    /// The 1-based step.
    package var step: Int
    /// The differing JSON paths, sorted.
    package var paths: [String]
    /// The paths later steps also fail at, beyond ``paths`` (`fails` entries), sorted; empty when the file has none.
    package var laterPaths: [String]
    /// Why the pair is expected to fail or diverge.
    package var reason: String
    /// The spec section, e.g. `login.md §3.3`.
    package var spec: String
    /// The last day the entry holds, `YYYY-MM-DD`, or `nil`.
    package var expires: String?

    /// Creates an entry; `paths` and `laterPaths` are sorted.
    package init(
      scenario: String, implementations: [String], expect: Expectation, step: Int, paths: [String],
      laterPaths: [String] = [], reason: String, spec: String, expires: String? = nil
    ) {
      self.scenario = scenario
      self.implementations = implementations
      self.expect = expect
      self.step = step
      self.paths = paths.sorted()
      self.laterPaths = laterPaths.sorted()
      self.reason = reason
      self.spec = spec
      self.expires = expires
    }

    /// Whether `id` matches ``scenario``: equal, or matched by its `*` wildcards.
    package func matches(_ id: String) -> Bool {
      guard scenario.contains("*") else { return scenario == id }
      return Self.glob(Array(scenario.unicodeScalars), Array(id.unicodeScalars))
    }

    /// Whether the entry has expired on `today` (`YYYY-MM-DD`): true from the day after ``expires``.
    package func hasExpired(today: String) -> Bool {
      guard let expires else { return false }
      return expires < today
    }

    private static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
      // Iterative wildcard match with one backtrack point: linear in practice.
      var p = 0
      var t = 0
      var star: Int?
      var mark = 0
      while t < text.count {
        if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
          p += 1
          t += 1
        } else if p < pattern.count, pattern[p] == "*" {
          star = p
          mark = t
          p += 1
        } else if let star {
          p = star + 1
          mark += 1
          t = mark
        } else {
          return false
        }
      }
      while p < pattern.count, pattern[p] == "*" { p += 1 }
      return p == pattern.count
    }
  }
}
