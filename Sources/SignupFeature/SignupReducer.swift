import UnidirectionalFlow

// MARK: - SignupReducer

/// The sign-up screen's logic: signup spec S1–S8, as a pure (state, action) → (state, effects) function.
///
/// ```swift
/// var state = SignupState()
/// let effects = SignupReducer().reduce(into: &state, action: .usernameChanged(value: " Kate "))
/// // state.availability == .checking
/// // effects == [.checkAvailability(username: "kate")]
/// ```
public struct SignupReducer: Reducer {
  /// The sign-up screen's state (signup spec §1).
  public typealias State = SignupState
  /// The sign-up screen's actions (signup spec S1–S8).
  public typealias Action = SignupAction
  /// The sign-up screen's effects (signup spec §4).
  public typealias Effect = SignupEffect

  /// Creates the sign-up reducer; it has no configuration.
  public init() {}

  // MARK: - Reducer

  /// Applies one sign-up action (signup spec S1–S8).
  ///
  /// - Parameters:
  ///   - state: The sign-up state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: `[.checkAvailability]` or `[.cancel("availability")]` for some username edits (S1),
  ///   `[.register]` for a valid submit (S6), up to two cancels for a dismiss (S8), otherwise `[]`.
  public func reduce(into state: inout SignupState, action: SignupAction) -> [SignupEffect] {
    switch action {
    case .usernameChanged(let value):
      return changeUsername(to: value, in: &state)
    case .availabilityResponse(let username, let available):
      respondToAvailability(of: username, available: available, in: &state)
      return []
    case .displayNameChanged(let value):
      state.displayName = value  // S3: verbatim
      state.errors.displayName = nil
      return []
    case .ageChanged(let value):
      state.age = value  // S4: verbatim
      state.errors.age = nil
      return []
    case .termsToggled:
      state.acceptedTerms.toggle()  // S5
      state.errors.terms = nil
      return []
    case .submit:
      return submit(&state)
    case .registerResponse(let result):
      respondToRegister(with: result, in: &state)
      return []
    case .dismissed:
      return dismiss(&state)
    }
  }

  // MARK: - Rules

  /// S1: store verbatim; start a check for a valid normalized name, else cancel a running one.
  private func changeUsername(to value: String, in state: inout SignupState) -> [SignupEffect] {
    state.username = value
    state.errors.username = nil
    let normalized = SignupValidation.normalize(value)
    if SignupValidation.isValidUsername(normalized) {  // S1 valid
      state.availability = .checking
      return [.checkAvailability(username: normalized)]
    }
    let wasChecking = state.availability == .checking  // S1 otherwise
    state.availability = .unknown
    return wasChecking ? [.cancel(id: SignupEffect.availabilityID)] : []
  }

  /// S2: apply an answer only while checking, and only for the current normalized name.
  private func respondToAvailability(of username: String, available: Bool, in state: inout SignupState) {
    guard state.availability == .checking,
      SignupValidation.sameScalars(username, SignupValidation.normalize(state.username))
    else { return }  // S2: idle or stale
    state.availability = available ? .available : .taken
    state.errors.username = available ? nil : SignupValidation.usernameTakenMessage
  }

  /// S6: compute all four errors independently; register only when none is set.
  private func submit(_ state: inout SignupState) -> [SignupEffect] {
    guard !state.isSubmitting else { return [] }  // S6: double-submit guard
    let username = SignupValidation.normalize(state.username)
    let displayName = SignupValidation.trim(state.displayName)
    let ageText = SignupValidation.trim(state.age)
    let age = SignupValidation.ageValue(ageText)
    let errors = SignupState.FieldErrors(
      username: usernameError(username, availability: state.availability),
      displayName: displayNameError(displayName),
      age: ageError(ageText, value: age),
      terms: state.acceptedTerms ? nil : SignupValidation.termsMessage)  // S6.terms
    state.errors = errors
    state.submitError = nil
    guard errors == SignupState.FieldErrors(), let age else { return [] }
    state.isSubmitting = true
    return [.register(username: username, displayName: displayName, age: age)]
  }

  /// S6.username, clauses in order.
  private func usernameError(_ normalized: String, availability: SignupState.Availability) -> String? {
    if normalized.isEmpty { return SignupValidation.usernameRequiredMessage }  // S6.username 1
    if !SignupValidation.isValidUsername(normalized) { return SignupValidation.usernameInvalidMessage }  // 2
    if availability == .taken { return SignupValidation.usernameTakenMessage }  // 3
    return nil  // 4: "checking" and "unknown" do not block
  }

  /// S6.displayName, clauses in order.
  private func displayNameError(_ trimmed: String) -> String? {
    if trimmed.isEmpty { return SignupValidation.displayNameRequiredMessage }  // S6.displayName 1
    if SignupValidation.graphemeCount(trimmed) > SignupValidation.maximumDisplayNameLength {  // 2
      return SignupValidation.displayNameTooLongMessage
    }
    return nil
  }

  /// S6.age, clauses in order.
  private func ageError(_ trimmed: String, value: Int?) -> String? {
    if trimmed.isEmpty { return SignupValidation.ageRequiredMessage }  // S6.age 1
    guard let value else { return SignupValidation.ageNotDigitsMessage }  // 2
    if value < SignupValidation.minimumAge { return SignupValidation.ageTooLowMessage }  // 3
    if value > SignupValidation.maximumAge { return SignupValidation.ageTooHighMessage }  // 4
    return nil
  }

  /// S7: apply a register answer only while submitting.
  private func respondToRegister(with result: RegisterResult, in state: inout SignupState) {
    guard state.isSubmitting else { return }  // S7: stray or late
    state.isSubmitting = false
    switch result {
    case .success(let account): state.userId = account.userId  // S7.success
    case .failure(let message): state.submitError = message  // S7.failure
    case .usernameTaken:  // S7.usernameTaken
      state.availability = .taken
      state.errors.username = SignupValidation.usernameTakenMessage
    }
  }

  /// S8: cancel the availability check, then the register request, whichever run.
  private func dismiss(_ state: inout SignupState) -> [SignupEffect] {
    var effects: [SignupEffect] = []
    if state.availability == .checking {  // S8.1
      state.availability = .unknown
      effects.append(.cancel(id: SignupEffect.availabilityID))
    }
    if state.isSubmitting {  // S8.2
      state.isSubmitting = false
      effects.append(.cancel(id: SignupEffect.registerID))
    }
    return effects
  }
}
