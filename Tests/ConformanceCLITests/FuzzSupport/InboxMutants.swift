import Conformance
import InboxFeature
import InboxRuntime
import UnidirectionalFlow

/// The inbox's runtime mistakes (inbox.md IB5, IB6) as Swift stores: the real ``InboxReducer`` and
/// ``InboxEffectRunner``, wired wrongly. Each must fail a named bundled runtime scenario. Test support only: never
/// declared, never shipped.
enum InboxMutation: String, CaseIterable, Sendable {
  /// The view's `.task` sends `.task` and returns without awaiting `finish()`: cancelling the view's task cancels
  /// nothing, so the store keeps observing after the screen disappears.
  case keepsObservingAfterDisappear
  /// The navigation effect sends its event twice.
  case sendsOpenMessageTwice

  /// The correct inbox store, as the `conformance` executable registers it, at the runtime level.
  static let correct = SwiftImplementation(name: "swift", features: [], runtimes: [inboxRuntime])

  /// The in-process implementation named `swift` that runs the inbox store with this mistake, at the runtime level.
  var implementation: SwiftImplementation {
    SwiftImplementation(
      name: "swift", features: [],
      runtimes: [
        CodableRuntime(
          "inbox", initialState: InboxState(), reportsReceived: true, reportsInFlight: true
        ) { [self] state, environment in
          let events = EventChannel<InboxEvent>()
          let runner = InboxEffectRunner(client: ScriptedInboxClient(environment: environment), events: events)
          let store = Store(
            initialState: state, reducer: InboxReducer(),
            effectRunner: MutantInboxEffectRunner(runner: runner, mutation: self), environment: environment)
          store.send(.created)
          let handle = RuntimeHandle(store: store).events { events.listen() }
          guard self == .keepsObservingAfterDisappear else {
            return handle.task { await store.send(.task).finish() }
          }
          return handle.task { store.send(.task) }
        }
      ])
  }
}

/// ``InboxEffectRunner``, performing the navigation effect twice for ``InboxMutation/sendsOpenMessageTwice``.
struct MutantInboxEffectRunner: StreamingEffectRunner {
  let runner: InboxEffectRunner
  let mutation: InboxMutation

  func run(_ effect: InboxEffect, send: Send<InboxAction>) async throws {
    try await runner.run(effect, send: send)
    if mutation == .sendsOpenMessageTwice, case .openMessage = effect {
      try await runner.run(effect, send: send)
    }
  }
}
