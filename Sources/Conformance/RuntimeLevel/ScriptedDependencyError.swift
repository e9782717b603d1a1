// MARK: - ScriptedDependencyError

/// The ordinary error a scripted dependency call throws when a runtime scenario answers it with
/// `{"respond": {"call": …, "error": {"message": m}}}` (harness protocol §2.5): not a cancellation.
///
/// Login runtime rule LR2 turns any such error into `loginResponse(failure("Sign-in failed. Please try again."))`,
/// whatever its message.
public struct ScriptedDependencyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message the scenario gave, e.g. `connection reset`.
  public var message: String

  /// Creates an error with `message`.
  public init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
