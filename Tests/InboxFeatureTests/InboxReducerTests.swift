import InboxFeature
import Testing

/// The inbox's pure rules IB1–IB6 (inbox.md §3): one row per clause.
struct InboxReducerTests {
  static let welcome = InboxMessage(id: "m1", subject: "Welcome", read: false)
  static let invoice = InboxMessage(id: "m2", subject: "Your invoice", read: true)

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let state: InboxState
    let action: InboxAction
    let expected: InboxState
    let effects: [InboxEffect]
    var testDescription: String { name }
  }

  static let loaded = InboxState(isLoading: false, userName: "Ada")
  static let failed = InboxState(isLoading: false, error: "The server is unavailable.")
  static let listed = InboxState(messages: [welcome, invoice], isLoading: false, userName: "Ada")

  static let cases: [Case] = [
    Case(
      name: "IB1 creation loads the profile", state: InboxState(), action: .created, expected: InboxState(),
      effects: [.loadProfile]),
    Case(
      name: "IB2 loaded sets the name", state: InboxState(), action: .profileLoaded(result: .loaded(name: "Ada")),
      expected: loaded, effects: []),
    Case(
      name: "IB2 failed shows the message and keeps the name",
      state: InboxState(isLoading: true, userName: "Ada"),
      action: .profileLoaded(result: .failed(message: "The server is unavailable.")),
      expected: InboxState(isLoading: false, error: "The server is unavailable.", userName: "Ada"), effects: []),
    Case(
      name: "IB3 retry after an error loads again", state: failed, action: .retryTapped, expected: InboxState(),
      effects: [.loadProfile]),
    Case(
      name: "IB3 retry while loading is ignored", state: InboxState(), action: .retryTapped,
      expected: InboxState(), effects: []),
    Case(name: "IB3 retry once loaded is ignored", state: loaded, action: .retryTapped, expected: loaded, effects: []),
    Case(
      name: "IB4 the screen's task observes messages", state: loaded, action: .task, expected: loaded,
      effects: [.observeMessages]),
    Case(
      name: "IB4 an element replaces the list", state: listed, action: .messagesChanged(messages: [invoice]),
      expected: InboxState(messages: [invoice], isLoading: false, userName: "Ada"), effects: []),
    Case(
      name: "IB6 a tap marks read and opens", state: listed, action: .messageTapped(id: "m1"),
      expected: InboxState(
        messages: [InboxMessage(id: "m1", subject: "Welcome", read: true), invoice], isLoading: false,
        userName: "Ada"),
      effects: [.openMessage(id: "m1")]),
    Case(
      name: "IB6 a tap on a read message opens again", state: listed, action: .messageTapped(id: "m2"),
      expected: listed, effects: [.openMessage(id: "m2")]),
    Case(
      name: "IB6 an unknown id is ignored", state: listed, action: .messageTapped(id: "m9"), expected: listed,
      effects: []),
  ]

  @Test(arguments: cases)
  func eachRuleGivesItsStateAndEffects(_ rule: Case) {
    var state = rule.state
    let effects = InboxReducer().reduce(into: &state, action: rule.action)
    #expect(state == rule.expected)
    #expect(effects == rule.effects)
  }

  @Test func onlyTheProfileLoadIsCancellableByID() {
    #expect(InboxEffect.loadProfile.cancellationID == "loadProfile")
    #expect(InboxEffect.observeMessages.cancellationID == nil)
    #expect(InboxEffect.openMessage(id: "m1").cancellationID == nil)
  }
}
