import Testing

@testable import Conformance

@Suite("SwiftImplementation and HarnessServer")
struct SwiftImplementationTests {
  let implementation = TestFeatures.loginOnly
  let initial: JSONValue = ["email": "", "password": "", "isLoading": false, "error": .null]

  @Test func tracesTheLoginReducer() async {
    let observation = await implementation.run(
      RunRequest(
        id: "x", feature: "login", initialState: initial,
        actions: [
          ["type": "emailChanged", "value": " a@b.co "], ["type": "passwordChanged", "value": "12345678"],
          ["type": "submit"], ["type": "dismissed"],
        ]))
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace")
      return
    }
    #expect(trace.count == 4)
    #expect(trace[2].state["isLoading"] == .bool(true))
    #expect(trace[2].effects == [["type": "authenticate", "email": "a@b.co", "password": "12345678"]])
    #expect(trace[3].effects == [["type": "cancel", "id": "authenticate"]])
    #expect(trace[3].state == ["email": " a@b.co ", "password": "12345678", "isLoading": false, "error": .null])
  }

  @Test(arguments: [
    (JSONValue.object(JSONObject()), 0, "initialState.email: missing key 'email' for LoginState"),
    (
      JSONValue(dictionaryLiteral: ("email", ""), ("password", ""), ("isLoading", "no"), ("error", .null)), 0,
      "initialState.isLoading: expected Bool for LoginState, got string"
    ),
  ])
  func undecodableInitialStatesAreErrored(state: JSONValue, step: Int, message: String) async {
    let observation = await implementation.run(RunRequest(id: "x", feature: "login", initialState: state, actions: []))
    #expect(observation == .errored(step: step, message: message))
  }

  @Test func undecodableActionsAreErroredWithTheirPath() async {
    let observation = await implementation.run(
      RunRequest(
        id: "x", feature: "login", initialState: initial,
        actions: [
          ["type": "submit"], ["type": "loginResponse", "result": ["type": "succes", "userId": "u"]],
        ]))
    #expect(
      observation
        == .errored(
          step: 2, message: "actions[1].result.type: unknown case 'succes' of LoginResult (known: failure, success)"))
  }

  @Test func unknownFeaturesAreSkipped() async {
    let observation = await implementation.run(RunRequest(id: "x", feature: "cart", initialState: initial, actions: []))
    #expect(observation == .skipped(reason: "'swift' does not implement feature 'cart' (it declares: login)"))
  }

  @Test func harnessServerSpeaksProtocolOne() {
    var input = [
      #"{"cmd":"hello","protocol":1}"#,
      "not json",
      #"{"cmd":"run","seq":7,"id":"x","feature":"login","initialState":{"email":"","password":"","isLoading":false,"error":null},"actions":[{"type":"submit"}]}"#,
      #"{"cmd":"run","seq":8,"id":"y","feature":"cart","initialState":{},"actions":[]}"#,
      #"{"cmd":"run","seq":9,"id":"z","feature":"login","initialState":{"email":"","password":"","isLoading":false,"error":null},"actions":[{"type":"nope"}]}"#,
      #"{"cmd":"bye"}"#,
      #"{"cmd":"hello","protocol":1}"#,
    ][...]
    var replies: [String] = []
    var diagnostics: [String] = []
    HarnessServer(implementation: implementation).serve(
      readLine: { input.popFirst().map { Array($0.utf8) } }, reply: { replies.append($0) },
      diagnose: { diagnostics.append($0) })
    #expect(
      replies == [
        #"{"features":{"login":{"initialState":{"email":"","error":null,"isLoading":false,"password":""},"levels":["reducer"]}},"implementation":{"language":"Swift","name":"swift","version":"1.0.0"},"protocol":1}"#,
        #"{"seq":7,"trace":[{"effects":[],"state":{"email":"","error":"Email is required.","isLoading":false,"password":""}}]}"#,
        #"{"seq":8,"skipped":{"reason":"'swift' does not implement feature 'cart' (it declares: login)"}}"#,
        #"{"errored":{"message":"actions[0].type: unknown action 'nope' of LoginAction (known: dismissed, emailChanged, loginResponse, passwordChanged, submit)","step":1},"seq":9}"#,
      ])
    #expect(
      diagnostics == [
        "conformance harness: request line 2 is not JSON (unexpected character 'n'; expected a value (did you mean 'null'?) at column 1); ignored"
      ])
    #expect(input.count == 1)
  }
}
