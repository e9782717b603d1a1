import Foundation
import LoginFeature
import Testing

// MARK: - LoginEffectRunner

@Suite(.timeLimit(.minutes(1)))
struct LoginEffectRunnerTests {
  struct PlainError: Error {}

  struct DescribedError: LocalizedError {
    var errorDescription: String? { "The server is unreachable." }
  }

  struct UndescribedError: LocalizedError {}

  /// A client that answers every request at once with a fixed outcome.
  struct StubClient: AuthenticationClient {
    let outcome: Result<LoginResult, any Error>

    func authenticate(email: String, password: String) async throws -> LoginResult {
      try outcome.get()
    }
  }

  @Test(arguments: [
    ("success", Result<LoginResult, any Error>.success(.success(userId: "u1")), LoginResult.success(userId: "u1")),
    ("failure", .success(.failure(message: "Wrong password.")), .failure(message: "Wrong password.")),
    ("plain error", .failure(PlainError()), .failure(message: "Sign-in failed. Please try again.")),
    // LR2: the same text on both platforms, whatever the error says.
    ("LocalizedError", .failure(DescribedError()), .failure(message: "Sign-in failed. Please try again.")),
    // A client that gave up on its own (a timeout inside it) is a failure, not this task's cancellation.
    (
      "CancellationError from the client", .failure(CancellationError()),
      .failure(message: "Sign-in failed. Please try again.")
    ),
    (
      "LocalizedError without description", .failure(UndescribedError()),
      .failure(message: "Sign-in failed. Please try again.")
    ),
  ])
  func authenticateAnswersWithOneLoginResponse(
    name: String, outcome: Result<LoginResult, any Error>, expected: LoginResult
  ) async throws {
    let runner = LoginEffectRunner(client: StubClient(outcome: outcome))
    let actions = try await runner.run(.authenticate(email: "a@b.c", password: "12345678"))
    #expect(actions == [.loginResponse(expected)], "\(name)")
  }

  @Test func unknownFailureMessageIsTheDocumentedText() {
    #expect(LoginEffectRunner.unknownFailureMessage == "Sign-in failed. Please try again.")
  }

  @Test func authenticatePassesTheEffectsFieldsToTheClient() async throws {
    let client = FakeAuthenticationClient()
    client.answer(0, with: .success(.success(userId: "u1")))
    let runner = LoginEffectRunner(client: client)
    _ = try await runner.run(.authenticate(email: "e\u{301}@x.io", password: "p a s s"))
    #expect(client.requests.map(\.email.scalars) == ["e\u{301}@x.io".scalars])
    #expect(client.requests.map(\.password) == ["p a s s"])
  }

  @Test func cancellingTheTaskWhileTheClientWaitsThrowsCancellation() async {
    let client = FakeAuthenticationClient(ignoresCancellation: true)
    let runner = LoginEffectRunner(client: client)
    let task = Task { try await runner.run(.authenticate(email: "a@b.c", password: "12345678")) }
    await client.wait(for: .started(0))
    task.cancel()
    client.answer(0, with: .success(.success(userId: "late")))
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancelEffectProducesNoActions() async throws {
    let client = FakeAuthenticationClient()
    let actions = try await LoginEffectRunner(client: client).run(.cancel(id: "authenticate"))
    #expect(actions == [])
    #expect(client.requests == [])
  }
}
