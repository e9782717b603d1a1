import Foundation
import Testing

@testable import Conformance

@Suite("Runtime protocol (§2.5): run requests, runtime replies, hello levels, and the Swift harness side")
struct RuntimeProtocolTests {
  typealias F = RuntimeFixtures

  static let hello =
    #"{"protocol":1,"implementation":{"name":"h","language":"Kotlin","version":"1"},"features":{"login":{"initialState":{}"#

  /// The `run` line the runner writes for `request`, as text.
  func runLine(seq: Int, _ request: RunRequest) -> String {
    var bytes: [UInt8] = []
    HarnessCodec.writeRunLine(seq: seq, request, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  func hello(_ feature: String) -> Result<ImplementationInfo, HarnessCodec.Violation> {
    HarnessCodec.decodeHello(Data((Self.hello + feature + "}}}").utf8))
  }

  @Test func aRuntimeRequestCarriesTheLevelAndTheStepsWithCallReferences() throws {
    let scenario = try #require(
      F.scenario(
        [
          F.typeEmail, F.typePassword, F.submit,
          #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}}}"#,
          #"{"advance": 9999}"#, #"{"clear": true}"#,
        ].joined(separator: ",")))
    let request = RunRequest(
      id: "r", feature: "login", initialState: ["email": ""], steps: scenario.runtimeSteps)
    #expect(
      runLine(seq: 3, request)
        == #"{"cmd":"run","feature":"login","id":"r","initialState":{"email":""},"level":"runtime","seq":3,"steps":[{"send":{"type":"emailChanged","value":"a@b.c"}},{"send":{"type":"passwordChanged","value":"pw"}},{"send":{"type":"submit"}},{"respond":{"call":{"index":1,"step":3},"result":{"type":"success","userId":"u1"}}},{"advance":9999},{"clear":true}]}"#
        + "\n")
    let error = RunRequest(
      id: "r", feature: "login", initialState: [:],
      steps: [.respond(CallReference(step: 3, index: 1), .error(message: "connection reset"))])
    #expect(
      runLine(seq: 4, error)
        == #"{"cmd":"run","feature":"login","id":"r","initialState":{},"level":"runtime","seq":4,"steps":[{"respond":{"call":{"index":1,"step":3},"error":{"message":"connection reset"}}}]}"#
        + "\n")
  }

  @Test func theClientsOwnCancellationIsSentAsAnErrorWithCancellationTrue() {
    let request = RunRequest(
      id: "r", feature: "login", initialState: [:],
      steps: [.respond(CallReference(step: 3, index: 1), .cancellation(message: "Timed out waiting for 5000 ms"))])
    #expect(
      runLine(seq: 4, request)
        == #"{"cmd":"run","feature":"login","id":"r","initialState":{},"level":"runtime","seq":4,"steps":[{"respond":{"call":{"index":1,"step":3},"error":{"cancellation":true,"message":"Timed out waiting for 5000 ms"}}}]}"#
        + "\n")
  }

  @Test func theSwiftHarnessRejectsABadCancellationFlagOrAnUnknownErrorKey() throws {
    let server = HarnessServer(
      implementation: SwiftImplementation(features: [], runtimes: [FakeRuntime(feature: "login")]))
    for (error, message) in [
      (
        #"{"message":"m","cancellation":1}"#, "steps[0].respond.error.cancellation: expected true or false, got integer"
      ),
      (
        #"{"message":"m","code":7}"#, "steps[0].respond.error.code: unknown key 'code' (allowed: message, cancellation)"
      ),
      (#"{"cancellation":true}"#, "steps[0].respond.error: missing required key 'message'"),
    ] {
      let request = try JSONParser().parse(
        #"{"cmd":"run","seq":5,"id":"r","feature":"login","level":"runtime","initialState":{},"steps":[{"respond":{"call":{"step":1,"index":1},"error":"#
          + error + "}}]}")
      #expect(
        server.runReply(request, diagnose: { _ in }).map { JSONRenderer.compact($0) }
          == #"{"errored":{"message":"\#(message)","step":1},"seq":5}"#)
    }
  }

  @Test func aReducerRequestIsUnchanged() {
    let request = RunRequest(id: "r", feature: "login", initialState: [:], actions: [["type": "submit"]])
    #expect(
      runLine(seq: 1, request)
        == #"{"actions":[{"type":"submit"}],"cmd":"run","feature":"login","id":"r","initialState":{},"seq":1}"# + "\n")
  }

  @Test func aRuntimeReplyIsDecodedOneEntryPerStep() {
    let line =
      #"{"seq":3,"trace":[{"state":{"a":1},"calls":[{"dependency":"authenticate","arguments":{"email":"e"}}],"cancelled":[]},{"state":{"a":2},"calls":[],"cancelled":[{"step":1,"index":1}]}]}"#
    let decoded = HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: 2, level: .runtime)
    #expect(
      decoded
        == .success(
          .trace([
            TraceEntry(
              state: ["a": 1], calls: [DependencyCall(dependency: "authenticate", arguments: ["email": "e"])],
              cancelled: []),
            TraceEntry(state: ["a": 2], calls: [], cancelled: [CallReference(step: 1, index: 1)]),
          ])))
  }

  @Test(arguments: [
    (
      #"{"seq":3,"trace":[{"state":{},"effects":[]}]}"#,
      "trace[0]: missing required key 'calls'; trace[0]: missing required key 'cancelled'; trace[0].effects: unknown key 'effects' (allowed: state, calls, cancelled, received, inFlight, events)"
    ),
    (
      #"{"seq":3,"trace":[{"state":{},"calls":[{"dependency":"authenticate"}],"cancelled":[{"step":-1,"index":1}]}]}"#,
      "trace[0].calls[0]: missing required key 'arguments'; trace[0].cancelled[0].step: expected an integer from 0, got -1"
    ),
    (
      #"{"seq":3,"trace":[]}"#,
      "the trace has 0 entries, but the scenario has 1 step; a runtime trace has exactly one entry per step"
    ),
    (
      #"{"seq":3,"errored":{"step":2,"message":"x"}}"#,
      "errored.step: expected a step number from 0 (the initial state) to 1 (the last step), got 2"
    ),
  ])
  func aBrokenRuntimeReplyIsAProtocolError(line: String, message: String) {
    #expect(
      HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: 1, level: .runtime)
        == .failure(HarnessCodec.Violation(message: message)))
  }

  /// A `cancelled` reference must name a call the trace started at or before that step, once (F5 of the runtime
  /// tryout: these were judged as behaviour, or passed).
  @Test(arguments: [
    (
      #"[{"state":{},"calls":[{"dependency":"d","arguments":{}}],"cancelled":[]},{"state":{},"calls":[],"cancelled":[{"step":99,"index":1}]}]"#,
      "trace[1].cancelled[0]: call 99.1 never started: the scenario has 2 steps"
    ),
    (
      #"[{"state":{},"calls":[],"cancelled":[{"step":2,"index":1}]},{"state":{},"calls":[{"dependency":"d","arguments":{}}],"cancelled":[]}]"#,
      "trace[0].cancelled[0]: call 2.1 is cancelled at step 1, before step 2 started it"
    ),
    (
      #"[{"state":{},"calls":[{"dependency":"d","arguments":{}}],"cancelled":[]},{"state":{},"calls":[],"cancelled":[{"step":1,"index":2}]}]"#,
      "trace[1].cancelled[0]: call 1.2 never started: step 1 started 1 call"
    ),
    (
      #"[{"state":{},"calls":[{"dependency":"d","arguments":{}}],"cancelled":[]},{"state":{},"calls":[],"cancelled":[{"step":1,"index":1},{"step":1,"index":1}]}]"#,
      "trace[1].cancelled[1]: call 1.1 is listed twice in this entry"
    ),
    (
      #"[{"state":{},"calls":[{"dependency":"d","arguments":{}}],"cancelled":[{"step":1,"index":1}]},{"state":{},"calls":[],"cancelled":[{"step":1,"index":1}]}]"#,
      "trace[1].cancelled[0]: call 1.1 was already cancelled at step 1"
    ),
  ])
  func aCancelledReferenceToACallNotStartedOrCancelledTwiceIsAProtocolError(trace: String, message: String) {
    let line = #"{"seq":3,"trace":"# + trace + "}"
    #expect(
      HarnessCodec.decodeRun(Data(line.utf8), seq: 3, actionCount: 2, level: .runtime)
        == .failure(HarnessCodec.Violation(message: message)))
  }

  @Test func erroredAndSkippedRuntimeRepliesAreAsForReducerTraces() {
    #expect(
      HarnessCodec.decodeRun(
        Data(#"{"seq":3,"errored":{"step":1,"message":"steps[0].send.type: unknown action 'submitt'"}}"#.utf8), seq: 3,
        actionCount: 1, level: .runtime)
        == .success(.errored(step: 1, message: "steps[0].send.type: unknown action 'submitt'")))
  }

  @Test func helloLevelsAbsentMeanReducerOnly() throws {
    let info = try hello("").get()
    #expect(info.levels == [:])
    #expect(info.levels(of: "login") == [.reducer])
    #expect(info.supports(.reducer, of: "login"))
    #expect(!info.supports(.runtime, of: "login"))
    #expect(!info.supports(.reducer, of: "signup"))
  }

  @Test func helloLevelsAreRead() throws {
    let info = try hello(#","levels":["runtime"]"#).get()
    #expect(info.levels(of: "login") == [.runtime])
    #expect(!info.supports(.reducer, of: "login"))
    #expect(info.supports(.runtime, of: "login"))
  }

  @Test func anEmptyOrUnknownLevelIsAnInvalidHelloReply() {
    #expect(
      hello(#","levels":[]"#)
        == .failure(
          HarnessCodec.Violation(
            message:
              #"features.login.levels: the list of levels is empty; declare at least one of "reducer", "runtime", or leave 'levels' out for reducer only"#
          )))
    #expect(
      hello(#","levels":["reducer","store"]"#)
        == .failure(
          HarnessCodec.Violation(
            message: #"features.login.levels[1]: unknown level "store" (known: "reducer", "runtime")"#)))
    #expect(
      hello(#","levels":["runtime","runtime"]"#)
        == .failure(
          HarnessCodec.Violation(message: #"features.login.levels[1]: duplicate level "runtime"; list each level once"#)
        ))
  }

  @Test func theSwiftHarnessDeclaresLevelsPerFeature() {
    let swift = SwiftImplementation(features: [TestFeatures.login], runtimes: [FakeRuntime(feature: "login")])
    let server = HarnessServer(implementation: swift)
    let features = server.helloReply()["features"]
    #expect(features?["login"]?["levels"] == ["reducer", "runtime"])
    let reducerOnly = HarnessServer(implementation: TestFeatures.swift).helloReply()["features"]
    #expect(reducerOnly?["signup"]?["levels"] == ["reducer"])
    let runtimeOnly = SwiftImplementation(features: [], runtimes: [FakeRuntime(feature: "login")])
    #expect(runtimeOnly.info.levels == ["login": [.runtime]])
    #expect(runtimeOnly.info.features["login"] == FakeRuntime(feature: "login").initialState)
  }

  @Test func theSwiftHarnessAnswersARuntimeRequestForAReducerOnlyFeatureAsSkipped() throws {
    let server = HarnessServer(implementation: TestFeatures.loginOnly)
    let request = try JSONParser().parse(
      #"{"cmd":"run","seq":5,"id":"r","feature":"login","level":"runtime","initialState":{},"steps":[{"advance":1}]}"#)
    #expect(
      server.runReply(request, diagnose: { _ in }).map { JSONRenderer.compact($0) }
        == #"{"seq":5,"skipped":{"reason":"'swift' does not declare level 'runtime' for feature 'login' (it declares: reducer)"}}"#
    )
  }

  @Test func theSwiftHarnessRejectsABadRuntimeStepWithItsNumber() throws {
    let server = HarnessServer(
      implementation: SwiftImplementation(features: [], runtimes: [FakeRuntime(feature: "login")]))
    let request = try JSONParser().parse(
      #"{"cmd":"run","seq":5,"id":"r","feature":"login","level":"runtime","initialState":{},"steps":[{"advance":1},{"respond":{"call":{"step":-1,"index":1},"result":1}}]}"#
    )
    #expect(
      server.runReply(request, diagnose: { _ in }).map { JSONRenderer.compact($0) }
        == #"{"errored":{"message":"steps[1].respond.call.step: expected an integer from 0, got -1","step":2},"seq":5}"#
    )
  }

  @Test func runtimeStepsRoundTripThroughTheProtocolForm() {
    let steps: [RuntimeStep] = [
      .send(["type": "submit"]), .respond(CallReference(step: 1, index: 2), .result(["type": "success"])),
      .respond(CallReference(step: 1, index: 1), .error(message: "boom")),
      .respond(CallReference(step: 1, index: 1), .cancellation(message: "gave up")), .advance(milliseconds: 0), .clear,
    ]
    for step in steps {
      var issues = IssueList()
      #expect(HarnessCodec.decodeStep(HarnessCodec.encode(step), at: .root, issues: &issues) == step)
      #expect(issues.isEmpty)
    }
  }

  @Test func aRuntimeTraceIsBoundedForTheReplyLimit() throws {
    let scenario = try #require(F.scenario([F.typeEmail, F.typePassword, F.submit].joined(separator: ",")))
    let bound = TraceSize.upperBound(of: scenario)
    let actual = JSONRenderer.compact([
      "seq": 1,
      "trace": .array(
        [
          TraceEntry(
            state: ["email": "a@b.c", "password": "", "isLoading": false, "error": .null], calls: [], cancelled: []),
          TraceEntry(state: F.typed, calls: [], cancelled: []),
          TraceEntry(state: F.loading, calls: [F.call], cancelled: []),
        ].map(HarnessCodec.encodeRuntime)),
    ])
    #expect(bound >= actual.utf8.count)
    var reducer = scenario
    for index in reducer.steps.indices { reducer.steps[index].runtime = nil }
    #expect(bound > TraceSize.upperBound(of: reducer))
  }
}

/// A runtime adapter that never runs: the driver is tested on its own, so only what the core does around
/// it is tested here.
struct FakeRuntime: RuntimeAdapter {
  var feature: String
  var initialState: JSONValue { ["email": "", "password": "", "isLoading": false, "error": .null] }

  func start(initialState: JSONValue, environment: RuntimeEnvironment) throws(CodecError) -> any FeatureRuntime {
    throw CodecError(path: .root, message: "not started")
  }
}
