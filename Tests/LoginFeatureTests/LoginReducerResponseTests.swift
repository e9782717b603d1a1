import LoginFeature
import Testing

// MARK: - L4: loginResponse

struct LoginReducerResponseTests {
  @Test(arguments: [
    // (state before, result, state after)
    (LoginState(isLoading: false), LoginResult.success(userId: "u1"), LoginState(isLoading: false)),
    (LoginState(isLoading: false, error: "Old."), .failure(message: "Wrong password."), LoginState(error: "Old.")),
    (LoginState(isLoading: true), .success(userId: "u1"), LoginState(isLoading: false, error: nil)),
    (LoginState(isLoading: true), .failure(message: "Wrong password."), LoginState(error: "Wrong password.")),
    (LoginState(isLoading: true), .failure(message: ""), LoginState(error: "")),
  ])
  func responseAppliesOnlyWhileLoading(before: LoginState, result: LoginResult, after: LoginState) {
    let (next, effects) = reduce(before, .loginResponse(result))
    #expect(next == after)
    #expect(effects == [])
  }

  @Test func responseKeepsTheFieldsVerbatim() {
    let before = LoginState(email: " e\u{301}@x.io ", password: "p\u{301}assword", isLoading: true)
    let (next, _) = reduce(before, .loginResponse(.success(userId: "u1")))
    #expect(next.email.scalars == before.email.scalars)
    #expect(next.password.scalars == before.password.scalars)
  }
}

// MARK: - L5: dismissed

struct LoginReducerDismissTests {
  @Test(arguments: [nil, "Old."] as [String?])
  func dismissWhileLoadingStopsLoadingAndCancelsAuthentication(error: String?) {
    let before = LoginState(email: "ada@example.com", password: "12345678", isLoading: true, error: error)
    let (next, effects) = reduce(before, .dismissed)
    #expect(next == LoginState(email: "ada@example.com", password: "12345678", isLoading: false, error: error))
    #expect(effects == [.cancel(id: "authenticate")])
  }

  @Test(arguments: [LoginState(), LoginState(email: "a", password: "b", error: "Email is required.")])
  func dismissWhenNotLoadingIsIgnored(before: LoginState) {
    let (next, effects) = reduce(before, .dismissed)
    #expect(next == before)
    #expect(effects == [])
  }

  @Test func aResponseAfterDismissDoesNotLand() {
    let loading = LoginState(email: "ada@example.com", password: "12345678", isLoading: true)
    let dismissed = reduce(loading, .dismissed).state
    let (next, effects) = reduce(dismissed, .loginResponse(.failure(message: "Too late.")))
    #expect(next == dismissed)
    #expect(effects == [])
  }
}
