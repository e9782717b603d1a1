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
