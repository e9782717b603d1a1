import Conformance
import LoginFeature
import Testing
import UnidirectionalFlow

// MARK: - The login flow end to end, through a Store

@Suite(.timeLimit(.minutes(1)))
struct LoginStoreTests {
  typealias LoginStore = Store<LoginState, LoginAction, LoginEffect>

  static let email = "  ada@example.com\u{3000}"
  static let password = "correct horse"

  /// The runner's LR3 timeout sleeps on a manual clock that these tests never advance: they are about cancellation
  /// and answers, and on a loaded machine a real 10-second timeout could fire between two of their steps.
  private func makeStore(_ client: FakeAuthenticationClient) -> LoginStore {
    Store(
      initialState: LoginState(), reducer: LoginReducer(),
      effectRunner: LoginEffectRunner(client: client, clock: ManualClock()))
  }

  /// Types the credentials and submits; returns the submit's task.
  @discardableResult
  private func submit(_ store: LoginStore) -> StoreTask {
    store.send(.emailChanged(Self.email))
    store.send(.passwordChanged(Self.password))
    return store.send(.submit)
  }

  @Test(
    arguments: [
      (LoginResult.success(userId: "u1"), nil),
      (.failure(message: "Wrong password."), "Wrong password."),
    ] as [(LoginResult, String?)])
  func submitAuthenticatesAndAppliesTheResponse(result: LoginResult, error: String?) async {
    let client = FakeAuthenticationClient()
    let store = makeStore(client)
    let task = submit(store)
    #expect(store.state.isLoading)
    await client.wait(for: .started(0))
    #expect(client.requests == [.init(email: "ada@example.com", password: Self.password)])
    client.answer(0, with: .success(result))
    await task.finish()
    #expect(store.state == LoginState(email: Self.email, password: Self.password, isLoading: false, error: error))
  }

  @Test func aClientErrorBecomesTheErrorMessage() async {
    let client = FakeAuthenticationClient()
    let store = makeStore(client)
    let task = submit(store)
    client.answer(0, with: .failure(LoginEffectRunnerTests.PlainError()))
    await task.finish()
    #expect(store.state.error == LoginEffectRunner.unknownFailureMessage)
    #expect(!store.state.isLoading)
  }

  @Test func invalidSubmitNeverCallsTheClient() async {
    let client = FakeAuthenticationClient()
    let store = makeStore(client)
    store.send(.emailChanged("nope"))
    await store.send(.submit).finish()
    #expect(store.state.error == "Enter a valid email address.")
    #expect(client.requests == [])
  }

  /// The stale response would be accepted by L4 (the second request is loading), so only the store's
  /// cancellation keeps it out.
  @Test(arguments: [false, true])
  func dismissWhileLoadingCancelsTheRequestAndItsLateResponseNeverLands(clientIgnoresCancellation: Bool) async {
    let client = FakeAuthenticationClient(ignoresCancellation: clientIgnoresCancellation)
    let store = makeStore(client)
    submit(store)
    await client.wait(for: .started(0))

    store.send(.dismissed)
    #expect(store.state.isLoading == false)
    if !clientIgnoresCancellation { await client.wait(for: .ended(0, .cancelled)) }

    let retry = store.send(.submit)
    await client.wait(for: .started(1))
    client.answer(0, with: .success(.failure(message: "Stale response.")))
    if clientIgnoresCancellation { await client.wait(for: .ended(0, .returned)) }
    #expect(store.state == LoginState(email: Self.email, password: Self.password, isLoading: true, error: nil))

    client.answer(1, with: .success(.success(userId: "u1")))
    await retry.finish()
    await store.finish()
    #expect(store.state == LoginState(email: Self.email, password: Self.password, isLoading: false, error: nil))
  }

  @Test(arguments: [false, true])
  func releasingTheStoreCancelsTheRequest(clientIgnoresCancellation: Bool) async throws {
    let client = FakeAuthenticationClient(ignoresCancellation: clientIgnoresCancellation)
    var store: LoginStore? = makeStore(client)
    weak let released = store
    let states = try #require(store?.states)
    let task = try #require(store.map(submit))
    await client.wait(for: .started(0))

    store = nil
    #expect(released == nil)
    client.answer(0, with: .success(.failure(message: "Late response.")))
    await task.finish()
    #expect(client.liveCount == 0)
    #expect(client.events.last == .ended(0, clientIgnoresCancellation ? .returned : .cancelled))
    var last: LoginState?
    for await state in states { last = state }
    #expect(last == LoginState(email: Self.email, password: Self.password, isLoading: true, error: nil))
  }
}
