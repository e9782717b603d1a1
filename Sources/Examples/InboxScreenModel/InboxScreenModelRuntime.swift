import Conformance
import InboxFeature
import InboxRuntime

// MARK: - The inbox view model under runtime scenarios

/// ``InboxScreenModel`` under the inbox's runtime scenarios, plugged in as a team plugs in a `@MainActor` view model
/// whose state is not the manifest's: the scenario's actions become the screen's gestures (a tap, the failed phase's
/// retry callback), the screen's `.task {}` and event listener run while it shows, and the `state` closure projects
/// the model onto the neutral `InboxState` (Conformance/README.md §16, docs/runtime-scenarios.md).
///
/// ```swift
/// await ConformanceCommand.main(swift: [], runtimes: [inboxScreenModelRuntime], name: "swift-viewmodel")
/// ```
public let inboxScreenModelRuntime = CodableRuntime(
  "inbox", initialState: InboxState(),
  mainActor: { state, environment in
    let model = InboxScreenModel(messages: state.messages, client: ScriptedInboxClient(environment: environment))
    return RuntimeHandle(mainActor: { model.perform($0) }, state: { model.neutralState }, clear: model.clear)
      .task { await model.task() }
      .events { model.events() }
  })

extension InboxScreenModel {
  /// The model projected onto the manifest's state: the phase becomes `isLoading` and `error`, and the retry callback,
  /// which no JSON can hold, is left out.
  var neutralState: InboxState {
    switch phase {
    case .loading: InboxState(messages: messages, isLoading: true, error: nil, userName: userName)
    case .loaded: InboxState(messages: messages, isLoading: false, error: nil, userName: userName)
    case .failed(let message, _): InboxState(messages: messages, isLoading: false, error: message, userName: userName)
    }
  }

  /// A scenario's action as the user's gesture on this screen. The results the manifest lists as actions
  /// (`profileLoaded`, `messagesChanged`) and the Swift store's own `created` and `task` are no gestures of this
  /// screen: the model gets them from its own tasks.
  func perform(_ action: InboxAction) {
    switch action {
    case .messageTapped(let id): messageTapped(id)
    case .retryTapped: if case .failed(_, let retry) = phase { retry() }
    case .created, .task, .profileLoaded, .messagesChanged: break
    }
  }
}
