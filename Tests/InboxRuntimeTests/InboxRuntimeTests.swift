import Conformance
import Foundation
import InboxRuntime
import Testing

// MARK: - The inbox store under runtime steps (inbox.md IB1–IB6)

/// The in-process driver's format v1.3 steps on the inbox store: the start entry, the screen's task, the stream
/// dependency and the events the screen gets.
@Suite(.timeLimit(.minutes(1)))
struct InboxRuntimeTests {
  static let initialState: JSONValue = ["messages": [], "isLoading": true, "error": .null, "userName": .null]
  static let welcome: JSONValue = ["id": "m1", "subject": "Welcome", "read": false]
  static let loadProfile = DependencyCall(dependency: "loadProfile", arguments: [:])
  static let observeMessages = DependencyCall(dependency: "observeMessages", arguments: [:])
  static let p1 = CallReference(step: 0, index: 1)
  static let loaded = RuntimeStep.respond(p1, .result(["type": "loaded", "name": "Ada"]))

  static func observe(_ steps: [RuntimeStep]) -> (start: TraceEntry?, trace: [TraceEntry]) {
    guard
      case .trace(let trace, let start) = RuntimeDriver.observe(
        boundInboxRuntime, initialState: initialState,
        steps: steps)
    else { return (nil, []) }
    return (start, trace)
  }

  /// IB1: the call at creation is the start entry's, named step 0, and a later step answers it.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func creationCallsLoadProfileAsStepZero() {
    let (start, trace) = Self.observe([Self.loaded])
    #expect(start?.calls == [Self.loadProfile])
    #expect(start?.state == Self.initialState)
    #expect(start?.events == [])
    #expect(trace.first?.state["userName"] == "Ada")
    #expect(trace.first?.state["isLoading"] == false)
  }

  /// IB4, IB5: appear starts the stream call, emit delivers, disappear cancels it in the same step, and a late element
  /// changes nothing.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theStreamRunsWhileTheScreenShows() {
    let o1 = CallReference(step: 1, index: 1)
    let (_, trace) = Self.observe([
      .screen(.appear), .emit(o1, [Self.welcome]), .screen(.disappear), .emit(o1, []),
    ])
    #expect(trace.map(\.calls) == [[Self.observeMessages], [], [], []])
    #expect(trace.map(\.cancelled) == [[], [], [o1], []])
    #expect(trace.map { $0.state["messages"] } == [[], [Self.welcome], [Self.welcome], [Self.welcome]])
  }

  /// IB5: appearing again starts a new call.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func appearingAgainStartsANewCall() {
    let (_, trace) = Self.observe([.screen(.appear), .screen(.disappear), .screen(.appear), .screen(.disappear)])
    #expect(trace.map(\.calls) == [[Self.observeMessages], [], [Self.observeMessages], []])
    #expect(trace.map(\.cancelled) == [[], [CallReference(step: 1, index: 1)], [], [CallReference(step: 3, index: 1)]])
  }

  /// IB4: a stream ended by complete or by an error is over: disappearing cancels nothing.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: [CallAnswer.complete, .error(message: "connection lost")])
  func anEndedStreamIsNotCancelledAtDisappear(end: CallAnswer) {
    let o1 = CallReference(step: 1, index: 1)
    let (_, trace) = Self.observe([.screen(.appear), .emit(o1, [Self.welcome]), .respond(o1, end), .screen(.disappear)])
    #expect(trace.map(\.cancelled) == [[], [], [], []])
    #expect(trace.last?.state["messages"] == [Self.welcome])
    // The observation ended with the stream: only the profile load, still unanswered, is in flight.
    #expect(trace.last?.inFlight == [["type": "loadProfile", "id": "loadProfile"]])
  }

  /// IB6: the screen gets one openMessage per tap on a message in the list, none for an unknown id.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func aTapSendsOneEventToTheShowingScreen() {
    let o1 = CallReference(step: 1, index: 1)
    let (_, trace) = Self.observe([
      .screen(.appear), .emit(o1, [Self.welcome]), .send(["type": "messageTapped", "id": "m1"]),
      .send(["type": "messageTapped", "id": "m9"]), .screen(.disappear),
    ])
    #expect(trace.map(\.events) == [[], [], [["type": "openMessage", "id": "m1"]], [], []])
  }

  /// Clearing the owner while the screen shows ends the showing: the stream call is cancelled.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func clearWhileShowingCancelsTheStream() {
    let (_, trace) = Self.observe([.screen(.appear), .clear])
    #expect(trace.map(\.cancelled) == [[], [CallReference(step: 1, index: 1), Self.p1]])
  }
}

/// The inbox runtime adapter bound to the bundled inbox manifest, as the runner binds it.
let boundInboxRuntime: any RuntimeAdapter = {
  let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let features = repository.appendingPathComponent("Conformance/features")
  let manifests = ManifestLoader().loadAll(in: features, displayPath: { $0.lastPathComponent }).manifests
  guard let manifest = manifests["inbox"] else { fatalError("the bundled inbox manifest did not load") }
  return inboxRuntime.bound(to: manifest)
}()
