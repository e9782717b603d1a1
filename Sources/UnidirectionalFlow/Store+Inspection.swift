// MARK: - Inspecting a store under a runtime scenario

extension Store {
  /// Starts keeping the actions that effects send back, so that ``takeReceivedActions()`` can report them.
  ///
  /// A runtime scenario (Conformance/README.md §14) asserts these actions, as TCA's `TestStore.receive` does. A store
  /// that never calls this keeps no log.
  package func recordReceivedActions() {
    core.recordReceived()
  }

  /// The actions effects sent back and the store applied since the last call, in the order they were applied.
  ///
  /// Empty until ``recordReceivedActions()`` is called. Actions of a cancelled effect are dropped, so they are never
  /// here.
  package func takeReceivedActions() -> [Action] {
    core.takeReceived()
  }

  /// The effects that are running and not cancelled, in the order they started.
  ///
  /// A cancelled effect whose runner has not returned yet is not here: its result will be dropped. A runtime scenario
  /// fails when this is not empty at its end, unless it declares the effects it leaves running (Conformance/README.md
  /// §14).
  package var effectsInFlight: [Effect] {
    core.effectsInFlight
  }
}
