import SignupFeature

// MARK: - Test helpers

/// Applies one action with ``SignupReducer`` and returns the new state and the effects.
func reduce(_ state: SignupState, _ action: SignupAction) -> (state: SignupState, effects: [SignupEffect]) {
  var state = state
  let effects = SignupReducer().reduce(into: &state, action: action)
  return (state, effects)
}

/// A state that passes every S6 check: "kate", "Kate", "42", terms accepted, availability `available`.
let validForm = SignupState(
  username: "Kate", displayName: "Kate", age: "42", acceptedTerms: true, availability: .available)

extension String {
  /// The string's Unicode scalars: compare these to see differences that `==` hides (canonical equivalence).
  var scalars: [Unicode.Scalar] { Array(unicodeScalars) }
}
