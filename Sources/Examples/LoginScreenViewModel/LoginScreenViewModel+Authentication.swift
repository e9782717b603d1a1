import LoginFeature

// MARK: - The request and its timeout

extension LoginScreenViewModel {
  /// The request raced against the LR3 timeout; a client error is LR2's failure.
  func authenticate(email: String, password: String) async -> LoginResult {
    await withTaskGroup(of: LoginResult?.self) { [client, clock] group in
      group.addTask {
        do {
          return try await client.authenticate(email: email, password: password)
        } catch {
          // Our own cancellation (dismiss, clear, the timeout) drops the result; anything else is LR2.
          return Task.isCancelled ? nil : .failure(message: LoginEffectRunner.unknownFailureMessage)
        }
      }
      group.addTask {
        do {
          try await clock.sleep(for: LoginEffectRunner.timeout)
          return .failure(message: LoginEffectRunner.timeoutMessage)
        } catch {
          return nil
        }
      }
      defer { group.cancelAll() }
      // The first child to finish decides; a nil is a cancelled child, and then this task is cancelled too.
      return await group.next().flatMap { $0 } ?? .failure(message: LoginEffectRunner.unknownFailureMessage)
    }
  }
}
