import Conformance
import LoginFeature
import Testing

// MARK: - LoginEffectRunner: the LR3 timeout, on virtual time

/// The runner runs on a manual executor with a manual clock (the runtime kit's), so each test decides exactly when
/// time moves and when work runs.
@Suite(.timeLimit(.minutes(1)))
struct LoginEffectRunnerTimeoutTests {
  let clock = ManualClock()
  let executor = ManualTaskExecutor()
  let client = FakeAuthenticationClient()
  let outcome = OutcomeBox()

  final class OutcomeBox: @unchecked Sendable {
    var result: Result<[LoginAction], any Error>?
    var actions: [LoginAction]? { try? result?.get() }
  }

  /// Starts `.authenticate` on the executor and runs it until the client is called.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @discardableResult
  func authenticate() -> Task<Void, Never> {
    let runner = LoginEffectRunner(client: client, clock: clock)
    let task = Task(executorPreference: executor) { [outcome] in
      do {
        outcome.result = .success(try await runner.run(.authenticate(email: "a@b.co", password: "12345678")))
      } catch {
        outcome.result = .failure(error)
      }
    }
    executor.drain()
    return task
  }

  func advance(_ milliseconds: Int64) {
    clock.advance(by: .milliseconds(milliseconds)) { executor.drain() }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theTimeoutIs10000MillisecondsWithItsOwnMessage() {
    #expect(LoginEffectRunner.timeout == .milliseconds(10_000))
    #expect(LoginEffectRunner.timeoutMessage == "Sign-in timed out. Please try again.")
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func nothingHappensAt9999Milliseconds() {
    authenticate()
    advance(9_999)
    #expect(outcome.result == nil)
    #expect(client.events == [.started(0)])
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func at10000MillisecondsTheCallIsCancelledAndTheTimeoutAnswered() {
    authenticate()
    advance(9_999)
    advance(1)
    #expect(outcome.actions == [.loginResponse(.failure(message: "Sign-in timed out. Please try again."))])
    #expect(client.events == [.started(0), .ended(0, .cancelled)])
    #expect(clock.sleeperCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func anAnswerBeforeTheTimeoutWinsAndStopsTheTimer() {
    authenticate()
    advance(9_999)
    client.answer(0, with: .success(.success(userId: "u1")))
    executor.drain()
    #expect(outcome.actions == [.loginResponse(.success(userId: "u1"))])
    #expect(clock.sleeperCount == 0)
    advance(1)
    #expect(outcome.actions == [.loginResponse(.success(userId: "u1"))])
  }

  /// LR2 still holds under the race: a thrown error is the fallback message, not a timeout.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aThrownErrorBeforeTheTimeoutIsTheFallbackMessage() {
    authenticate()
    client.answer(0, with: .failure(LoginEffectRunnerTests.PlainError()))
    executor.drain()
    #expect(outcome.actions == [.loginResponse(.failure(message: "Sign-in failed. Please try again."))])
    #expect(clock.sleeperCount == 0)
  }

  /// LR4: cancelling the effect cancels both the call and the timer, and answers nothing.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func cancellingTheEffectCancelsTheCallAndTheTimer() {
    let task = authenticate()
    task.cancel()
    executor.drain()
    #expect(
      outcome.result.map { if case .failure(let error) = $0 { error is CancellationError } else { false } } == true)
    #expect(client.events == [.started(0), .ended(0, .cancelled)])
    #expect(clock.sleeperCount == 0)
    advance(10_000)
    #expect(client.events == [.started(0), .ended(0, .cancelled)])
  }
}
