import Foundation
import Testing

@testable import Conformance

/// Format v1.3 (Conformance/README.md §16): `screen` steps, `start`, `expect.events`, `emit` and `respond` with
/// `complete`, and the manifest's `events` and `emits`; every validation error verbatim, by file and JSON path.
@Suite("Runtime scenarios (format v1.3): screens, start, events and streams, and every validation error")
struct ScreenScenarioLoaderTests {
  typealias F = FeedFixtures

  @Test func theFixtureManifestDeclaresEventsAndAStream() throws {
    let manifest = try #require(F.manifests["feed"])
    #expect(manifest.events?.cases.map(\.name) == ["openItem"])
    #expect(manifest.dependencies["observeItems"]?.isStream == true)
    #expect(manifest.dependencies["observeItems"]?.result == .array(.string))
    #expect(manifest.dependencies["loadHeader"]?.isStream == false)
  }

  @Test func everyFixtureScenarioIsValid() throws {
    for name in TestPaths.jsonFiles(in: F.scenarios) {
      let result = F.loader.load(name, displayName: name.lastPathComponent)
      if case .failure(let failure) = result { Issue.record("\(failure.errors.map(\.description))") }
    }
  }

  @Test func aValidFileLoadsWithStartStepTitlesAndProtocolSteps() throws {
    let scenario = try #require(
      F.scenario(
        [
          #"{"respond": {"call": "h1", "result": "Hi"}, "expect": {"changes": {"header": "Hi"}}}"#, F.appear,
          #"{"emit": {"call": "o1", "value": ["a"]}, "expect": {"changes": {"items": ["a"]}}}"#,
          #"{"send": {"type": "itemTapped", "id": "a"}, "expect": {"events": [{"type": "openItem", "id": "a"}]}}"#,
          #"{"respond": {"call": "o1", "complete": true}}"#, #"{"screen": "disappear"}"#,
        ].joined(separator: ","), start: F.startCallsHeader))
    #expect(scenario.start?.title == "start (creation)")
    #expect(scenario.checksEvents)
    #expect(
      scenario.steps.map(\.title) == [
        "respond h1 (result)", "screen appear", "emit o1", "send itemTapped", "respond o1 (complete)",
        "screen disappear",
      ])
    #expect(
      scenario.declaredCalls.map(\.reference) == [CallReference(step: 0, index: 1), CallReference(step: 2, index: 1)])
    #expect(
      scenario.runtimeSteps == [
        .respond(CallReference(step: 0, index: 1), .result("Hi")), .screen(.appear),
        .emit(CallReference(step: 2, index: 1), ["a"]), .send(["type": "itemTapped", "id": "a"]),
        .respond(CallReference(step: 2, index: 1), .complete), .screen(.disappear),
      ])
    #expect(scenario.steps[3].runtime?.events == [["type": "openItem", "id": "a"]])
  }

  @Test func aScenarioOfAFeatureWithoutEventsDoesNotCheckThem() throws {
    let scenario = try #require(
      try? F.loader.load(F.document(#"{"advance": 1}"#, feature: "login"), file: "x.json").get())
    #expect(!scenario.checksEvents)
  }

  // MARK: - Screen steps

  @Test(arguments: [
    (
      #""apear""#,
      #"x.json: steps[0].screen: unknown screen step "apear"; did you mean "appear"? (allowed: "appear", "disappear")"#
    ),
    ("true", #"x.json: steps[0].screen: unknown screen step true (allowed: "appear", "disappear")"#),
  ])
  func anUnknownScreenStepIsInvalid(value: String, message: String) {
    #expect(F.problems(#"{"screen": \#(value)}"#) == [message])
  }

  @Test func appearWhileShowingIsInvalid() {
    #expect(
      F.problems([#"{"advance": 1}"#, F.appear, #"{"screen": "appear"}"#].joined(separator: ",")) == [
        "x.json: steps[2].screen: the screen is already showing (appeared at step 2); add a 'disappear' step before it"
      ])
  }

  @Test func disappearWhileNotShowingIsInvalid() {
    #expect(
      F.problems(#"{"screen": "disappear"}"#) == [
        "x.json: steps[0].screen: the screen is not showing (it does not show when the runtime is created); add an 'appear' step before it"
      ])
    #expect(
      F.problems([F.appear, F.disappear, #"{"screen": "disappear"}"#].joined(separator: ",")) == [
        "x.json: steps[2].screen: the screen is not showing (it disappeared at step 2); add an 'appear' step before it"
      ])
    #expect(
      F.problems(
        [F.appear, #"{"clear": true, "expect": {"cancelled": ["o1"]}}"#, #"{"screen": "disappear"}"#].joined(
          separator: ",")) == [
          "x.json: steps[2].screen: the screen is not showing (the owner was cleared at step 2)"
        ])
  }

  @Test func clearWhileShowingIsValidAndAppearAfterDisappearIsValid() {
    #expect(F.problems([F.appear, F.disappear, #"{"screen": "appear"}"#].joined(separator: ",")) == [])
    #expect(F.problems([F.appear, #"{"clear": true}"#].joined(separator: ",")) == [])
  }

  // MARK: - Reducer level

  @Test func v13KeysAreInvalidInAReducerLevelFile() {
    let steps = [
      #"{"send": {"type": "itemTapped", "id": "a"}, "screen": "appear", "expect": {"events": []}}"#,
      #"{"send": {"type": "itemTapped", "id": "a"}, "emit": {"call": "o1", "value": []}}"#,
    ].joined(separator: ",")
    #expect(
      F.problems(steps, start: #"{"expect": {}}"#, level: "reducer") == [
        #"x.json: start: 'start' is only valid in a runtime-level scenario ("level": "runtime")"#,
        #"x.json: steps[0].screen: 'screen' is only valid in a runtime-level scenario ("level": "runtime")"#,
        #"x.json: steps[0].expect.events: 'events' is only valid in a runtime-level scenario ("level": "runtime")"#,
        #"x.json: steps[1].emit: 'emit' is only valid in a runtime-level scenario ("level": "runtime")"#,
      ])
  }

  // MARK: - Start

  @Test func startErrorsNameTheirPath() {
    #expect(
      F.problems(
        #"{"advance": 1}"#,
        start:
          #"{"expect": {"calls": [{"call": "h1", "dependency": "loadHeadr", "arguments": {}}], "events": [{"type": "open"}]}, "note": 1}"#
      ) == [
        "x.json: start.note: unknown key 'note' (allowed: expect, description)",
        "x.json: start.expect.calls[0].dependency: unknown dependency 'loadHeadr'; did you mean 'loadHeader'? (the feed manifest declares: loadHeader, observeItems)",
        "x.json: start.expect.events[0].type: unknown event 'open' (the feed manifest defines: openItem)",
      ])
    #expect(F.problems(#"{"advance": 1}"#, start: "{}") == ["x.json: start: missing required key 'expect'"])
  }

  @Test func aCallNameDeclaredByStartIsUniqueInTheFile() {
    let step =
      #"{"screen": "appear", "expect": {"calls": [{"call": "h1", "dependency": "observeItems", "arguments": {}}]}}"#
    #expect(
      F.problems(step, start: F.startCallsHeader) == [
        "x.json: steps[0].expect.calls[0].call: call name 'h1' is already declared by start (at start.expect.calls[0]); names are unique in a file"
      ])
  }

  // MARK: - Events

  @Test func eventsAreCheckedAgainstTheManifest() {
    let step = #"{"send": {"type": "itemTapped", "id": "a"}, "expect": {"events": [{"type": "openItem"}, 3]}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].expect.events[0]: missing field 'id' of event 'openItem'",
        "x.json: steps[0].expect.events[1]: expected an event (an object with a 'type' key), got integer",
      ])
    #expect(
      F.problems(#"{"send": {"type": "itemTapped", "id": "a"}, "expect": {"events": {}}}"#) == [
        "x.json: steps[0].expect.events: expected an array of events, got object"
      ])
  }

  @Test func eventsInAFeatureWithoutEventsAreInvalid() {
    #expect(
      F.problems(#"{"advance": 1, "expect": {"events": []}}"#, feature: "login") == [
        "x.json: steps[0].expect.events: the login manifest declares no one-off events; declare them under 'events' in login.json, or remove 'events'"
      ])
  }

  // MARK: - Streams

  @Test func emitErrorsNameTheirPath() {
    #expect(
      F.problems(#"{"emit": {"call": "o9", "value": []}}"#) == [
        "x.json: steps[0].emit.call: emits to call 'o9', which no earlier step's expect.calls declares"
      ])
    #expect(
      F.problems([F.appear, #"{"emit": {"call": "o1", "value": [1]}}"#].joined(separator: ",")) == [
        "x.json: steps[1].emit.value[0]: expected string, got 1"
      ])
    #expect(
      F.problems(#"{"emit": {"call": "h1", "value": "x"}}"#, start: F.startCallsHeader) == [
        "x.json: steps[0].emit.call: call 'h1' goes to 'loadHeader', which returns a result, not a stream; answer it with respond"
      ])
    #expect(
      F.problems([F.appear, #"{"emit": {"call": "o1"}, "expect": {}}"#].joined(separator: ",")) == [
        "x.json: steps[1].emit: missing required key 'value'"
      ])
  }

  @Test func emitAfterTheStreamEndedIsInvalid() {
    let steps = [
      F.appear, #"{"respond": {"call": "o1", "complete": true}}"#, #"{"emit": {"call": "o1", "value": []}}"#,
    ]
    #expect(
      F.problems(steps.joined(separator: ",")) == [
        "x.json: steps[2].emit.call: call 'o1' was already answered at step 2; a stream that completed or failed takes no more elements"
      ])
  }

  @Test func emitToACancelledStreamIsValid() {
    let steps = [F.appear, F.disappear, #"{"emit": {"call": "o1", "value": ["late"]}}"#]
    #expect(F.problems(steps.joined(separator: ",")) == [])
  }

  @Test func respondToAStreamTakesCompleteOrErrorNeverResult() {
    #expect(
      F.problems([F.appear, #"{"respond": {"call": "o1", "result": []}}"#].joined(separator: ",")) == [
        "x.json: steps[1].respond.result: call 'o1' goes to 'observeItems', which is a stream dependency (emits array of string); send its elements with emit, and end it with 'complete' or 'error'"
      ])
    #expect(
      F.problems([F.appear, #"{"respond": {"call": "o1", "error": {"message": "offline"}}}"#].joined(separator: ","))
        == [])
    #expect(
      F.problems(#"{"respond": {"call": "h1", "complete": true}}"#, start: F.startCallsHeader) == [
        "x.json: steps[0].respond.complete: call 'h1' goes to 'loadHeader', which returns a result, not a stream; only a stream dependency (emits) completes"
      ])
    #expect(
      F.problems([F.appear, #"{"respond": {"call": "o1", "complete": false}}"#].joined(separator: ",")) == [
        "x.json: steps[1].respond.complete: expected true (the only value 'complete' takes), got false"
      ])
    #expect(
      F.problems(
        [F.appear, #"{"respond": {"call": "o1", "complete": true, "error": {"message": "x"}}}"#].joined(
          separator: ",")) == [
          "x.json: steps[1].respond: 'complete' cannot be given with 'result' or 'error'; a stream either completes or throws"
        ])
  }

  // MARK: - Manifest

  @Test func aDependencyNeedsExactlyOneOfResultAndEmits() throws {
    guard
      case .object(var object) = try JSONParser().parse(
        Data(contentsOf: F.features.appendingPathComponent("feed.json")))
    else {
      Issue.record("no manifest")
      return
    }
    object["dependencies"] = [
      "both": ["arguments": [:], "result": ["type": "string"], "emits": ["type": "string"]],
      "neither": ["arguments": [:]],
    ]
    object["events"] = ["OpenItem": ["fields": [:], "cancellationId": "x"]]
    guard case .failure(let failure) = ManifestLoader().load(.object(object), file: "feed.json", expectedFeature: nil)
    else {
      Issue.record("expected the manifest to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "feed.json: events.OpenItem: case name 'OpenItem' is not lower camel case (e.g. 'emailChanged')",
        "feed.json: events.OpenItem.cancellationId: only effects have a cancellation id",
        "feed.json: dependencies.both: a dependency has 'result' and 'emits'; give 'result' for a call that returns once or 'emits' for a stream",
        "feed.json: dependencies.neither: missing 'result' (the value a call returns) or 'emits' (the elements of a stream); give exactly one",
      ])
  }
}
