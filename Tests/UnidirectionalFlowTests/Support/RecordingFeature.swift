import UnidirectionalFlow

// MARK: - RecordingFeature

/// A tiny feature for exercising ``Store``: it records every applied action in its state, and asks for
/// effects that a ``ControlledRunner`` performs under the test's control.
struct RecordingFeature: Reducer {
  struct State: Equatable, Sendable {
    /// One entry per applied action, in the order applied.
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    /// Appends the value to the log; no effects.
    case record(String)
    /// Starts effect `key`, cancellable under `id` when non-nil.
    case start(Int, id: String? = nil)
    /// Starts effect `key` under `id`, cancelling every effect already under `id` (cancel in flight).
    case replace(Int, id: String)
    /// Starts several effects at once, without ids.
    case startAll([Int])
    /// Cancels the effect running under `id`.
    case cancel(String)
  }

  /// The cancel command also reports `id` as its `cancellationID`, so that every test using it also
  /// checks that a store ignores `cancellationID` on cancel commands (never runs them, never registers
  /// them under the id).
  enum Effect: Equatable, EffectIdentifying {
    case work(key: Int, id: String?)
    case replacing(key: Int, id: String)
    case cancel(id: String)

    var cancellationID: String? {
      switch self {
      case .work(_, let id), .cancel(let id as String?), .replacing(_, let id as String?): id
      }
    }

    /// Only `.replacing` cancels in flight; `.cancel` says so too, so that the tests check a store ignores it there.
    var cancelsInFlight: Bool {
      switch self {
      case .work: false
      case .replacing, .cancel: true
      }
    }

    /// The key of the work this effect does, or `nil` for a cancel command.
    var key: Int? {
      switch self {
      case .work(let key, _), .replacing(let key, _): key
      case .cancel: nil
      }
    }

    var cancelledID: String? {
      if case .cancel(let id) = self { id } else { nil }
    }
  }

  func reduce(into state: inout State, action: Action) -> [Effect] {
    switch action {
    case .record(let value):
      state.log.append(value)
      return []
    case .start(let key, let id):
      state.log.append("start \(key)")
      return [.work(key: key, id: id)]
    case .replace(let key, let id):
      state.log.append("replace \(key)")
      return [.replacing(key: key, id: id)]
    case .startAll(let keys):
      state.log.append("start \(keys.map(String.init).joined(separator: ","))")
      return keys.map { .work(key: $0, id: nil) }
    case .cancel(let id):
      state.log.append("cancel \(id)")
      return [.cancel(id: id)]
    }
  }
}

/// A store running ``RecordingFeature`` with `runner`.
typealias RecordingStore = Store<RecordingFeature.State, RecordingFeature.Action, RecordingFeature.Effect>

extension RecordingStore {
  convenience init(runner: ControlledRunner) {
    self.init(initialState: RecordingFeature.State(), reducer: RecordingFeature(), effectRunner: runner)
  }
}
