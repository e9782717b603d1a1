import LoginFeature
import Observation

// MARK: - LoginScreenViewModel

/// The login screen's view model written the way an iOS team writes one: `@MainActor`, `@Observable`, no reducer and
/// no effect values. ``send(_:)`` updates ``state`` in place and starts the sign-in request with a plain `Task {}`.
/// The Swift twin of Kotlin's `LoginScreenViewModel` (the `kotlin-viewmodel` implementation), served as
/// `swift-viewmodel` at the runtime level only.
///
/// It behaves as the login store does (login.md L1–L5, LR1–LR5):
/// - submit validates with the reducer's checks and messages (L3.b–e), is ignored while loading (L3.a), and starts one
///   request (L3.f);
/// - a request's result lands only while that request is the current one and the screen is loading (L4, LR1); an
///   error the client throws is `failure("Sign-in failed. Please try again.")` (LR2), its own cancellation included;
///   after 10,000 ms on `clock` the request is cancelled and the result is the timeout failure (LR3);
/// - dismiss while loading stops loading and cancels the request; its late result is dropped (L5, LR4);
/// - ``clear()`` cancels the request; afterwards actions change nothing and start nothing (LR5).
@MainActor
@Observable
public final class LoginScreenViewModel {
  /// The screen state.
  public private(set) var state: LoginState

  @ObservationIgnored let client: any AuthenticationClient
  @ObservationIgnored let clock: any Clock<Duration>
  /// The sign-in request in flight, if any.
  @ObservationIgnored private var authentication: Task<Void, Never>?
  @ObservationIgnored private var isCleared = false

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - state: The state to start from.
  ///   - client: The server call.
  ///   - clock: The clock of the LR3 timeout.
  public init(
    state: LoginState = LoginState(), client: some AuthenticationClient,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.state = state
    self.client = client
    self.clock = clock
  }

  /// Handles one action: updates the state and starts or cancels the sign-in request.
  ///
  /// - Parameter action: What happened (user input, a response, the screen going away).
  public func send(_ action: LoginAction) {
    guard !isCleared else { return }
    switch action {
    case .emailChanged(let value): state.email = value
    case .passwordChanged(let value): state.password = value
    case .submit: submit()
    case .loginResponse(let result): land(result)
    case .dismissed: dismiss()
    }
  }

  /// Cancels the request in flight; later actions change nothing (LR5). A second call does nothing.
  public func clear() {
    isCleared = true
    authentication?.cancel()
    authentication = nil
  }

  // MARK: - Rules

  private func submit() {
    guard !state.isLoading else { return }
    if let message = validationError() {
      state.error = message
      return
    }
    state.isLoading = true
    state.error = nil
    let email = LoginValidation.trimmingWhiteSpace(state.email)
    let password = state.password
    authentication?.cancel()
    authentication = Task {
      let result = await authenticate(email: email, password: password)
      // Dropped when this request was cancelled (dismiss, clear) meanwhile.
      guard !Task.isCancelled else { return }
      authentication = nil
      land(result)
    }
  }

  private func validationError() -> String? {
    let trimmed = LoginValidation.trimmingWhiteSpace(state.email)
    if trimmed.isEmpty { return LoginValidation.emailRequiredMessage }
    if !LoginValidation.isValidEmailAddress(trimmed) { return LoginValidation.invalidEmailMessage }
    if LoginValidation.graphemeCount(state.password) < LoginValidation.minimumPasswordLength {
      return LoginValidation.passwordTooShortMessage
    }
    return nil
  }

  /// A result lands only while loading (L4.a).
  private func land(_ result: LoginResult) {
    guard state.isLoading else { return }
    state.isLoading = false
    switch result {
    case .success: state.error = nil
    case .failure(let message): state.error = message
    }
  }

  private func dismiss() {
    guard state.isLoading else { return }
    state.isLoading = false
    authentication?.cancel()
    authentication = nil
  }
}
