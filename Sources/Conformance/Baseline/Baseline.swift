import Foundation

/// A baseline (the file `known-divergences.json`): the (scenario, implementation) pairs that are expected to fail, or to diverge from
/// the other implementations, each with its reason (Conformance/README.md §12; schema
/// `Conformance/schema/known-divergences.schema.json`). Modelled on protobuf's conformance failure lists and Bowtie's
/// expected failures, with strict rules: a listed pair that passes, fails differently, or outlives its expiry date
/// fails the gate, and an entry that matches no scenario makes the file invalid.
///
/// The file:
/// ```json
/// {
///   "$schema": "schema/known-divergences.schema.json",
///   "entries": [
///     {"scenario": "login-gbt-625-7", "implementations": ["swift"], "expect": "fails",
///      "step": 1, "paths": ["effects[0]", "state.error", "state.isLoading"],
///      "reason": "Swift 6.3 follows Unicode 17.0, where U+2701 is no longer Extended_Pictographic.",
///      "spec": "login.md §3.3", "expires": "2027-06-30"}
///   ]
/// }
/// ```
/// - `scenario` (required): a scenario id, or a pattern where `*` stands for any run of characters (`login-gbt-*`).
/// - `implementations` (required): one or more implementation names, unique.
/// - `expect` (required): `fails` (each listed implementation fails the scenario's expectation) or `diverges` (the
///   listed implementations' traces differ, although none fails the expectation: a non-exhaustive scenario).
/// - `step` (required): the 1-based step where it happens; `paths` (required): the JSON paths that differ there, as
///   reports print them (`state.error`, `effects[0]`), with every call left pending at the end (`pending.a1`); order
///   does not matter.
/// - `laterPaths` (optional): the paths later steps also fail (`fails`) or differ (`diverges`) at, beyond `paths`;
///   absent means none
///   (later steps may fail only at `paths`). ``RecordedFailure`` is the one definition both the check and
///   `--update-baseline` use.
/// - `reason` and `spec` (required): why, and the spec section; non-empty.
/// - `expires` (optional): `YYYY-MM-DD`; from the day after it, the entry fails the gate.
/// `$schema` is kept (``schema``) so a rewrite writes it back; any other key is an error.
package struct Baseline: Sendable, Equatable {
  /// The file name used for the default baseline, next to the `scenarios` folder.
  package static let defaultFileName = "known-divergences.json"

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

  /// The file, as reports name it.
  package var file: String
  /// The entries, in file order (their index is their JSON path, `entries[i]`).
  package var entries: [Entry]
  /// The file's `$schema` reference, if it has one; a rewrite (`--update-baseline`) writes it back unchanged.
  package var schema: String?
  /// Where the entries lie in the file's text, when read from a file: a rewrite keeps the text of the entries it
  /// keeps (``BaselineLayout``).
  package var layout: BaselineLayout?
  /// The file's bytes as read, when it was read from a file: `--update-baseline` replaces the file only while it
  /// still holds exactly these.
  package var source: Data?

  /// Creates a baseline.
  package init(file: String, entries: [Entry], schema: String? = nil) {
    self.file = file
    self.entries = entries
    self.schema = schema
  }

  /// How reports name entry `index`: `Conformance/known-divergences.json: entries[3]`.
  package func name(of index: Int) -> String { "\(file): entries[\(index)]" }
}

// MARK: - BaselineLayout

/// Where each entry of a baseline file lies in its text, so `--update-baseline` can rewrite the file keeping the
/// text of every entry it keeps (its layout and key order as written by hand) and the rest
/// of the file (`$schema` included) byte for byte, cutting the removed entries and appending the added ones.
package struct BaselineLayout: Sendable, Equatable {
  /// The file's text.
  var text: String
  /// The text of each element of the `entries` array, in file order.
  var spans: [Range<String.Index>]
  /// For each entry of the baseline this layout belongs to, its index in the file, or `nil` for an entry added since.
  var origins: [Int?]

  /// The layout of `text`, a baseline file with `count` entries, or `nil` when its `entries` array cannot be found
  /// with that many elements (the rewrite then renders the whole file).
  init?(text: String, count: Int) {
    guard let spans = JSONArraySpans.spans(of: "entries", in: text), spans.count == count else { return nil }
    self.text = text
    self.spans = spans
    self.origins = Array(0..<count)
  }

  /// The file with only the entries whose origin is given (in that order, which must be file order) and `added`
  /// (rendered by `render`, with `\n` line ends) after them, in the file's own line ending (CRLF when the file uses
  /// it); `nil` when no entry is kept, or the kept ones are not in file order.
  func splice(_ origins: [Int?], _ added: [String]) -> String? {
    let kept = origins.compactMap { $0 }
    guard let last = spans.last, !kept.isEmpty, zip(kept, kept.dropFirst()).allSatisfy({ $0 < $1 }) else {
      return nil
    }
    let newline = text.utf8.contains(13) ? "\r\n" : "\n"
    let arrayStart = text[..<spans[0].lowerBound]
    var out = String(arrayStart)
    for (position, index) in kept.enumerated() {
      if position > 0 { out += text[spans[index - 1].upperBound..<spans[index].lowerBound] }
      out += text[spans[index]]
    }
    for entry in added {
      out += "," + newline + (newline == "\n" ? entry : entry.replacingOccurrences(of: "\n", with: newline))
    }
    out += text[last.upperBound...]
    return out
  }
}
