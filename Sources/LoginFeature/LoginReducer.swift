import UnidirectionalFlow

// MARK: - LoginReducer

/// The login screen's logic: login spec L1–L5, as a pure (state, action) → (state, effects) function.
///
/// ```swift
/// var state = LoginState(email: " ada@example.com ", password: "correct horse")
/// let effects = LoginReducer().reduce(into: &state, action: .submit)
/// // state.isLoading == true
/// // effects == [.authenticate(email: "ada@example.com", password: "correct horse")]
/// ```
public struct LoginReducer: Reducer {
  /// The login screen's state (login spec, "State").
  public typealias State = LoginState
  /// The login screen's actions (login spec L1–L5).
  public typealias Action = LoginAction
  /// The login screen's effects (login spec, "Effects").
  public typealias Effect = LoginEffect

  /// Creates the login reducer; it has no configuration.
  public init() {}

  // MARK: - Reducer

  /// Applies one login action (login spec L1–L5).
  ///
  /// - Parameters:
  ///   - state: The login state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: `[.authenticate(email:password:)]` for a valid submit (L3.f),
  ///   `[.cancel(id: "authenticate")]` for a dismiss while loading (L5), otherwise `[]`.
  public func reduce(into state: inout LoginState, action: LoginAction) -> [LoginEffect] {
    switch action {
    case .emailChanged(let value):
      state.email = value  // L1: verbatim
      return []
    case .passwordChanged(let value):
      state.password = value  // L2: verbatim
      return []
    case .submit:
      return submit(&state)
    case .loginResponse(let result):
      respond(to: result, in: &state)
      return []
    case .dismissed:
      return dismiss(&state)
    }
  }

  // MARK: - Rules

  /// L3: validate in the order c, d, e; start the request (f) only when all pass.
  private func submit(_ state: inout LoginState) -> [LoginEffect] {
    guard !state.isLoading else { return [] }  // L3.a
    let trimmed = LoginValidation.trimmingWhiteSpace(state.email)  // L3.b
    if trimmed.isEmpty {  // L3.c
      state.error = LoginValidation.emailRequiredMessage
      return []
    }
    if !LoginValidation.isValidEmailAddress(trimmed) {  // L3.d
      state.error = LoginValidation.invalidEmailMessage
      return []
    }
    if LoginValidation.graphemeCount(state.password) < LoginValidation.minimumPasswordLength {  // L3.e
      state.error = LoginValidation.passwordTooShortMessage
      return []
    }
    state.isLoading = true  // L3.f
    state.error = nil
    return [.authenticate(email: trimmed, password: state.password)]
  }

  /// L4: apply a response only while loading.
  private func respond(to result: LoginResult, in state: inout LoginState) {
    guard state.isLoading else { return }  // L4.a
    state.isLoading = false  // L4.b
    switch result {
    case .success: state.error = nil
    case .failure(let message): state.error = message
    }
  }

  /// L5: stop loading and cancel the request; ignored when not loading.
  private func dismiss(_ state: inout LoginState) -> [LoginEffect] {
    guard state.isLoading else { return [] }
    state.isLoading = false
    return [.cancel(id: LoginEffect.authenticateID)]
  }
}
