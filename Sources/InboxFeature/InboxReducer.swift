import UnidirectionalFlow

// MARK: - InboxReducer

/// The inbox's rules IB1–IB6 (inbox.md §3), as a pure reducer.
///
/// ```swift
/// let store = Store(initialState: InboxState(), reducer: InboxReducer(), effectRunner: runner)
/// store.send(.created)  // IB1: loads the profile
/// // In the view: .task { await store.send(.task).finish() }
/// ```
public struct InboxReducer: Reducer {
  /// Creates the reducer.
  public init() {}

  /// Applies one action (inbox.md IB1–IB6).
  ///
  /// - Parameters:
  ///   - state: The state, updated in place.
  ///   - action: The action to apply.
  /// - Returns: `[.loadProfile]` at creation and for a retry after an error, `[.observeMessages]` for the screen's
  ///   task, `[.openMessage(id)]` for a tap on a message in the list, and nothing otherwise.
  public func reduce(into state: inout InboxState, action: InboxAction) -> [InboxEffect] {
    switch action {
    case .created:
      // IB1
      return [.loadProfile]
    case .task:
      // IB4: observed for as long as the screen's task runs.
      return [.observeMessages]
    case .messageTapped(let id):
      // IB6: an id not in the list is ignored.
      guard let index = state.messages.firstIndex(where: { $0.id == id }) else { return [] }
      state.messages[index].read = true
      return [.openMessage(id: id)]
    case .retryTapped:
      // IB3: only while an error shows.
      guard state.error != nil else { return [] }
      state.error = nil
      state.isLoading = true
      return [.loadProfile]
    case .profileLoaded(.loaded(let name)):
      // IB2
      state.userName = name
      state.isLoading = false
      state.error = nil
      return []
    case .profileLoaded(.failed(let message)):
      // IB2
      state.error = message
      state.isLoading = false
      return []
    case .messagesChanged(let messages):
      // IB4
      state.messages = messages
      return []
    }
  }
}
