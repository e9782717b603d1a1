import Conformance
import InboxFeature
import UnidirectionalFlow

// MARK: - The inbox runtime under runtime scenarios

/// The inbox feature's real runtime for runtime-level scenarios (inbox.md IB1–IB6): a `Store` with ``InboxReducer`` and
/// ``InboxEffectRunner``, created as the app creates it (it sends `.created`, which loads the profile, IB1), shown by
/// a screen whose `.task {}` sends `.task` and listens to the store's ``EventChannel`` of navigation events.
///
/// The `state` closure is where a team projects its UI state onto the manifest's neutral state; the inbox's Swift
/// state already is the neutral one, so it reads the store's state as it is.
///
/// Registered with the `conformance` command at the runtime level only (the inbox has no reducer-level scenarios):
///
/// ```swift
/// await ConformanceCommand.main(swift: [], runtimes: [inboxRuntime])
/// ```
public let inboxRuntime = CodableRuntime(
  "inbox", initialState: InboxState(), reportsReceived: true, reportsInFlight: true, runtime: inboxStore)

/// Creates the inbox store as the app does, and the handle the screen shows it through.
@Sendable private func inboxStore(state: InboxState, environment: RuntimeEnvironment)
  -> RuntimeHandle<InboxState, InboxAction>
{
  let events = EventChannel<InboxEvent>()
  let store = Store(
    initialState: state, reducer: InboxReducer(),
    effectRunner: InboxEffectRunner(client: ScriptedInboxClient(environment: environment), events: events),
    environment: environment)
  store.send(.created)
  return RuntimeHandle(store: store)
    .task { await store.send(.task).finish() }
    .events { events.listen() }
}
