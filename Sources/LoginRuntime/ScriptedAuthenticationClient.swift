import Conformance
import LoginFeature

// MARK: - ScriptedAuthenticationClient

/// The ``AuthenticationClient`` of login runtime scenarios: each sign-in request is the scripted dependency call
/// `authenticate(email, password) → LoginResult` (login.md LR1), answered by the scenario's `respond` steps.
///
/// Written as a team writes its own fake: one line over ``RuntimeEnvironment/call(_:arguments:returning:)``.
///
/// ```swift
/// LoginEffectRunner(client: ScriptedAuthenticationClient(environment: environment), clock: environment.clock)
/// ```
///
/// The call suspends until answered. Cancelling the requesting task ends it at once with `CancellationError` and
/// records it as cancelled; a `respond … error` makes it throw ``ScriptedDependencyError``.
public struct ScriptedAuthenticationClient: AuthenticationClient {
  /// The scenario's environment, whose scripted dependencies answer the requests.
  public let environment: RuntimeEnvironment

  /// Creates a client whose requests the scenario in `environment` answers.
  public init(environment: RuntimeEnvironment) {
    self.environment = environment
  }

  /// Calls the scripted dependency `authenticate` with `{"email": email, "password": password}`.
  ///
  /// - Returns: The `respond` step's `result`, decoded as a ``LoginResult``.
  /// - Throws: ``ScriptedDependencyError`` when answered with an `error`; `CancellationError` when cancelled, or when
  ///   answered with `"cancellation": true` (the client's own cancellation, login.md LR2).
  public func authenticate(email: String, password: String) async throws -> LoginResult {
    try await environment.call(
      "authenticate", arguments: ["email": email, "password": password], returning: LoginResult.self)
  }
}
