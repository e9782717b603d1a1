enum StructuralDiff {
  /// Every difference between `expected` and `actual`, depth first in key order; arrays element by element.
  ///
  /// Numbers where `tolerance` reaches a tolerance are equal within it (README §17.4); all else compares exactly
  /// (§5).
  static func mismatches(
    expected: JSONValue, actual: JSONValue, at path: JSONPath, tolerance: ToleranceNode? = nil
  ) -> [Mismatch] {
    if expected == actual { return [] }
    let node = tolerance?.resolved(for: expected)
    switch (expected, actual) {
    case (.object(let e), .object(let a)):
      var result: [Mismatch] = []
      var keys = e.keys
      for key in a.keys where !e.contains(key) { keys.append(key) }
      keys.sort { ScalarOrder.less($0, $1) }
      for key in keys {
        let child = path.appending(key: key)
        switch (e[key], a[key]) {
        case (let ev?, let av?):
          result += mismatches(expected: ev, actual: av, at: child, tolerance: node?.fields[key])
        case (let ev?, nil): result.append(Mismatch(path: child, kind: .missing(expected: ev)))
        case (nil, let av?): result.append(Mismatch(path: child, kind: .unexpected(actual: av)))
        case (nil, nil): break
        }
      }
      return result
    case (.array(let e), .array(let a)):
      // Element by element, so that a wrong item in a list of objects is named by its index and field, as every
      // other difference is; items past the shorter list are missing or unexpected at their own index.
      var result = zip(e, a).enumerated().flatMap { index, pair in
        mismatches(expected: pair.0, actual: pair.1, at: path.appending(index: index), tolerance: node?.items)
      }
      for index in a.count..<max(e.count, a.count) {
        result.append(Mismatch(path: path.appending(index: index), kind: .missing(expected: e[index])))
      }
      for index in e.count..<max(e.count, a.count) {
        result.append(Mismatch(path: path.appending(index: index), kind: .unexpected(actual: a[index])))
      }
      return result
    case (.number(let e), .number(let a)) where tolerance?.here != nil:
      let within = tolerance?.here.map { abs(e.doubleValue - a.doubleValue) <= $0 } ?? false
      return within
        ? [] : [Mismatch(path: path, kind: .differs(expected: expected, actual: actual), tolerance: tolerance?.here)]
    default:
      return [Mismatch(path: path, kind: .differs(expected: expected, actual: actual))]
    }
  }

  /// Differences between two effect lists, element by element: a different `type` replaces the whole effect,
  /// extra or missing elements are reported as unexpected or missing effects.
  static func effectMismatches(expected: [JSONValue], actual: [JSONValue], tolerance: ToleranceNode? = nil)
    -> [Mismatch]
  {
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
          result += mismatches(expected: e, actual: a, at: path, tolerance: tolerance)
        }
      case (let e?, nil): result.append(Mismatch(path: path, kind: .missing(expected: e)))
      case (nil, let a?): result.append(Mismatch(path: path, kind: .unexpected(actual: a)))
      case (nil, nil): break
      }
    }
    return result
  }
}
