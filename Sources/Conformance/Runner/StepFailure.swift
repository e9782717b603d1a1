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
