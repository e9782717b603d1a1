/// One difference between what a step expected and what an implementation did, located by JSON path.
///
/// Paths start at `state` or `effects`, e.g. `state.isLoading` or `effects[0].email` (scenario format §4).
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
  /// Whether the path names an effect (`effects[i]`) rather than a field inside one.
  var isWholeEffect: Bool {
    path.components.count == 2 && path.components.first == .key("effects")
  }

  /// The one-line rendering used in every report, e.g. `state.isLoading: expected true, got false`.
  package var description: String {
    switch kind {
    case .differs(let expected, let actual):
      return "\(path): expected \(render(expected)), got \(render(actual))"
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

// MARK: - Structural diff

enum StructuralDiff {
  /// Every difference between `expected` and `actual`, depth first in key order.
  static func mismatches(expected: JSONValue, actual: JSONValue, at path: JSONPath) -> [Mismatch] {
    if expected == actual { return [] }
    switch (expected, actual) {
    case (.object(let e), .object(let a)):
      var result: [Mismatch] = []
      var keys = e.keys
      for key in a.keys where !e.contains(key) { keys.append(key) }
      keys.sort { ScalarOrder.less($0, $1) }
      for key in keys {
        let child = path.appending(key: key)
        switch (e[key], a[key]) {
        case (let ev?, let av?): result += mismatches(expected: ev, actual: av, at: child)
        case (let ev?, nil): result.append(Mismatch(path: child, kind: .missing(expected: ev)))
        case (nil, let av?): result.append(Mismatch(path: child, kind: .unexpected(actual: av)))
        case (nil, nil): break
        }
      }
      return result
    case (.array(let e), .array(let a)) where e.count == a.count:
      return zip(e, a).enumerated().flatMap { index, pair in
        mismatches(expected: pair.0, actual: pair.1, at: path.appending(index: index))
      }
    default:
      return [Mismatch(path: path, kind: .differs(expected: expected, actual: actual))]
    }
  }

  /// Differences between two effect lists, element by element: a different `type` replaces the whole effect,
  /// extra or missing elements are reported as unexpected or missing effects.
  static func effectMismatches(expected: [JSONValue], actual: [JSONValue]) -> [Mismatch] {
    var result: [Mismatch] = []
    for index in 0..<max(expected.count, actual.count) {
      let path = JSONPath([.key("effects"), .index(index)])
      let e: JSONValue? = index < expected.count ? expected[index] : nil
      let a: JSONValue? = index < actual.count ? actual[index] : nil
      switch (e, a) {
      case (let e?, let a?):
        if e["type"] != a["type"] {
          result.append(Mismatch(path: path, kind: .differs(expected: e, actual: a)))
        } else {
          result += mismatches(expected: e, actual: a, at: path)
        }
      case (let e?, nil): result.append(Mismatch(path: path, kind: .missing(expected: e)))
      case (nil, let a?): result.append(Mismatch(path: path, kind: .unexpected(actual: a)))
      case (nil, nil): break
      }
    }
    return result
  }
}
