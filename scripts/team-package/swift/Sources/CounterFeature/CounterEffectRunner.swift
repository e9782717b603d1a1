import UnidirectionalFlow

/// Where the counter saves its count: a server or a database in the app, a scripted fake under runtime scenarios.
public protocol CounterStorage: Sendable {
  /// Saves `count` and says whether it was saved (the manifest's dependency `save(count) → SaveResult`).
  func save(count: Int) async throws -> SaveResult
}

/// Runs the counter's effects (rule C6 of Conformance/features/counter.md): `persist` saves the count and sends the
/// answer back as `saveResponse`.
public struct CounterEffectRunner: EffectRunner {
  /// The reason shown when a save throws (C6); the error's own text is never shown.
  public static let failureReason = "Could not save. Please try again."

  private let storage: any CounterStorage

  /// Creates a runner that saves through `storage`.
  public init(storage: some CounterStorage) {
    self.storage = storage
  }

  public func run(_ effect: CounterEffect) async throws -> [CounterAction] {
    switch effect {
    case .persist(let count):
      do {
        return [.saveResponse(result: try await storage.save(count: count))]
      } catch {
        try Task.checkCancellation()  // cancelled (C7): send nothing
        return [.saveResponse(result: .failed(reason: Self.failureReason))]
      }
    }
  }
}
