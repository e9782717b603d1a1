import UnidirectionalFlow

/// A counter with an optional limit that can save its count: the team's feature, with synthesized `Codable` only.
public struct CounterState: Codable, Equatable, Sendable {
  public var count = 0
  public var limit: Int? = 3
  public var isSaving = false
  public var message: String? = nil
  public init() {}
}

public enum SaveResult: Codable, Equatable, Sendable {
  case saved
  case failed(reason: String)
}

public enum CounterAction: Codable, Equatable, Sendable {
  case increment
  case decrement
  case setLimit(value: Int?)
  case save
  case saveResponse(result: SaveResult)
}

public enum CounterEffect: Codable, Equatable, Sendable, EffectIdentifying {
  case persist(count: Int)

  /// A new save replaces the one in flight (the manifest's `cancellationId`).
  public var cancellationID: String? { "persist" }

  /// Replace, not run beside: TCA's `cancelInFlight: true` (the store's default lets both run).
  public var cancelsInFlight: Bool { true }
}

/// Rules C1–C5 of Conformance/features/counter.md.
public struct CounterReducer: Reducer {
  public init() {}

  public func reduce(into state: inout CounterState, action: CounterAction) -> [CounterEffect] {
    switch action {
    case .increment:
      guard state.limit.map({ state.count < $0 }) ?? true else {  // C1
        state.message = "Limit reached."
        return []
      }
      state.count += 1
      state.message = nil
      return []
    case .decrement:
      state.count = max(0, state.count - 1)  // C2
      return []
    case .setLimit(let value):
      state.limit = value  // C3
      return []
    case .save:
      guard !state.isSaving else { return [] }  // C4
      state.isSaving = true
      return [.persist(count: state.count)]
    case .saveResponse(let result):
      guard state.isSaving else { return [] }  // C5
      state.isSaving = false
      switch result {
      case .saved: state.message = "Saved."
      case .failed(let reason): state.message = reason
      }
      return []
    }
  }
}
