/// The first step of a scenario whose observation did not match the expectation.
package struct StepFailure: Sendable {
  /// The 0-based index of the step; -1 for the creation (the scenario's `start`, step 0, format v1.3).
  package var stepIndex: Int
  /// The number of steps in the scenario.
  package var stepCount: Int
  /// The action the step sent.
  package var action: JSONValue
  /// The step's own description, if it has one.
  package var stepDescription: String?
  /// Every difference, state first, then effects.
  package var mismatches: [Mismatch]
  /// The state the step expected (after merging `changes`); `nil` for non-exhaustive scenarios, which check only the
  /// leaves their steps give (see ``mismatches``), so no whole state is expected.
  package var expectedState: JSONValue?
  /// The state the implementation reported.
  package var actualState: JSONValue
  /// The effects the step expected.
  package var expectedEffects: [JSONValue]
  /// The effects the implementation reported.
  package var actualEffects: [JSONValue]
  /// The later steps that also failed, each with its own mismatches, in order. A later step may fail only because
  /// an earlier one left a different state behind, so the first failure is the one to read first.
  package var laterSteps: [LaterStep]
  /// How a runtime-level step reads (``Step/title``, e.g. `advance 1`); `nil` at reducer level, where reports show
  /// `send` and the action.
  package var title: String? = nil
  /// A runtime-level step's calls and cancellations, expected and actual, with the scenario's call names; `nil` at
  /// reducer level, where ``expectedEffects`` and ``actualEffects`` say what the step did instead.
  package var runtime: RuntimeDetail? = nil
  /// The `state` or `changes` a non-exhaustive step gave (the leaves it checks); `nil` for an exhaustive step, whose
  /// whole expected state is ``expectedState``. Reports diff each array the step gave that differs.
  package var givenState: JSONValue? = nil

  /// What a failing runtime-level step expected and got besides its state (README §11.2): calls as
  /// `{"call", "dependency", "arguments"}`, cancellations as sorted call names. An expected list is `nil` when a
  /// non-exhaustive step does not check it.
  package struct RuntimeDetail: Sendable {
    package var expectedCalls: JSONValue?
    package var actualCalls: JSONValue
    package var expectedCancelled: JSONValue?
    package var actualCancelled: JSONValue
    /// The actions the step expected its effects to send back (format v1.2); `nil` when not checked.
    package var expectedReceived: JSONValue? = nil
    /// The actions the implementation's effects sent back; `nil` when it does not report them.
    package var actualReceived: JSONValue? = nil
    /// The one-off events the step expected the screen to receive (format v1.3); `nil` when not checked.
    package var expectedEvents: JSONValue? = nil
    /// The one-off events the screen received; `nil` when the implementation does not report them.
    package var actualEvents: JSONValue? = nil
  }

  /// A failing step after the first: which step, what it sent, and what differed.
  package struct LaterStep: Sendable {
    /// The 0-based index of the step; -1 for the creation.
    package var stepIndex: Int
    /// The action the step sent.
    package var action: JSONValue
    /// Every difference, state first, then effects.
    package var mismatches: [Mismatch]
    /// How a runtime-level step reads; `nil` at reducer level.
    package var title: String? = nil
  }
}

// MARK: - Mismatch

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
  /// was not`), and an effect whose `type` the manifest does not declare (that rendering, then why). `nil` for other
  /// state and effect differences.
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

// MARK: - StructuralDiff

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
