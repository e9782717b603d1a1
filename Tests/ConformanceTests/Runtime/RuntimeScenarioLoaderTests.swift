import Foundation
import Testing

@testable import Conformance

@Suite("Runtime scenarios (format v1.1): loading, and every validation error by file and JSON path")
struct RuntimeScenarioLoaderTests {
  typealias F = RuntimeFixtures

  @Test func theManifestDeclaresItsDependency() throws {
    let manifest = try #require(F.manifest)
    let authenticate = try #require(manifest.dependencies["authenticate"])
    #expect(authenticate.arguments.map(\.name) == ["email", "password"])
    #expect(authenticate.result == .union("LoginResult"))
    #expect(authenticate.rule == "LR1")
  }

  @Test func aValidRuntimeScenarioLoadsWithItsStepsAndCallReferences() throws {
    let scenario = try #require(
      F.scenario(
        [
          F.typeEmail, F.typePassword, F.submit, #"{"advance": 9999}"#,
          #"{"respond": {"call": "a1", "error": {"message": "connection reset"}}, "expect": {"changes": {"isLoading": false, "error": "Sign-in failed. Please try again."}}}"#,
          #"{"clear": true}"#,
        ].joined(separator: ",")))
    #expect(scenario.level == .runtime)
    #expect(
      scenario.steps.map(\.title) == [
        "send emailChanged", "send passwordChanged", "send submit", "advance 9999",
        #"respond a1 (error "connection reset")"#, "clear",
      ])
    #expect(scenario.declaredCalls.map(\.name) == ["a1"])
    #expect(
      scenario.runtimeSteps == [
        .send(["type": "emailChanged", "value": "a@b.c"]), .send(["type": "passwordChanged", "value": "pw"]),
        .send(["type": "submit"]), .advance(milliseconds: 9999),
        .respond(CallReference(step: 3, index: 1), .error(message: "connection reset")), .clear,
      ])
  }

  @Test func aFileWithoutLevelIsReducerLevelAndUnchanged() throws {
    let scenario = try #require(
      try? F.loader.load(F.document(F.typeEmail, level: nil), file: "x.json").get())
    #expect(scenario.level == .reducer)
    #expect(scenario.steps.first?.runtime == nil)
    #expect(scenario.runtimeSteps == [])
  }

  @Test func anUnknownLevelIsInvalid() {
    #expect(
      F.problems(F.typeEmail, level: "store") == [
        #"x.json: level: unknown level "store" (allowed: "reducer", "runtime"; absent means "reducer")"#
      ])
  }

  @Test func aMisspeltLevelIsTheOnlyErrorAndSuggestsTheLevel() {
    // The file of the tryout's F13: its runtime keys and respond step would each be an error at the reducer level.
    let steps = [F.typeEmail, F.typePassword, F.submit, F.respondSuccess].joined(separator: ",")
    #expect(
      F.problems(steps, level: "Runtime") == [
        #"x.json: level: unknown level "Runtime"; did you mean "runtime"? (allowed: "reducer", "runtime"; absent means "reducer")"#
      ])
    #expect(
      F.problems(#"{"advance": 1}, {"send": {"type": "bogus"}}"#, level: "reduce") == [
        #"x.json: level: unknown level "reduce"; did you mean "reducer"? (allowed: "reducer", "runtime"; absent means "reducer")"#
      ])
  }

  @Test func aLevelThatIsNotAStringIsTheOnlyError() {
    let text = #"{"id": "x", "feature": "login", "level": 1, "description": "d", "steps": [{"advance": 1}]}"#
    let document = (try? JSONParser().parse(text)) ?? .null
    guard case .failure(let failure) = F.loader.load(document, file: "x.json") else {
      Issue.record("a numeric level loaded")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        #"x.json: level: unknown level 1 (allowed: "reducer", "runtime"; absent means "reducer")"#
      ])
  }

  @Test func aRespondWithTheClientsOwnCancellationLoads() throws {
    let respond =
      #"{"respond": {"call": "a1", "error": {"message": "Timed out waiting for 5000 ms", "cancellation": true}}, "expect": {"changes": {"isLoading": false, "error": "Sign-in failed. Please try again."}}}"#
    let scenario = try #require(F.scenario([F.typeEmail, F.typePassword, F.submit, respond].joined(separator: ",")))
    #expect(scenario.steps.last?.title == #"respond a1 (cancellation "Timed out waiting for 5000 ms")"#)
    #expect(
      scenario.runtimeSteps.last
        == .respond(CallReference(step: 3, index: 1), .cancellation(message: "Timed out waiting for 5000 ms")))
    #expect(
      scenario.steps.last?.runtime?.stepValue
        == ["respond": ["call": "a1", "error": ["message": "Timed out waiting for 5000 ms", "cancellation": true]]])
    // `"cancellation": false` is an ordinary error, as when it is left out.
    let ordinary = #"{"respond": {"call": "a1", "error": {"message": "reset", "cancellation": false}}}"#
    let plain = try #require(F.scenario([F.submit, ordinary].joined(separator: ","), exhaustive: false))
    #expect(plain.runtimeSteps.last == .respond(CallReference(step: 1, index: 1), .error(message: "reset")))
  }

  @Test func aRespondErrorWithABadCancellationOrAnUnknownKeyIsInvalid() {
    #expect(
      F.problems(
        [F.submit, #"{"respond": {"call": "a1", "error": {"message": "m", "cancellation": "yes"}}}"#].joined(
          separator: ","))
        == ["x.json: steps[1].respond.error.cancellation: expected true or false, got string"])
    #expect(
      F.problems(
        [F.submit, #"{"respond": {"call": "a1", "error": {"message": "m", "code": 7}}}"#].joined(separator: ","))
        == ["x.json: steps[1].respond.error.code: unknown key 'code' (allowed: message, cancellation)"])
  }

  @Test func aCallWithABadOrMissingNameIsReportedOnceNotAgainWhereItIsAnswered() {
    let badName =
      #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"call": "a 1", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}}"#
    #expect(
      F.problems(
        [
          F.typeEmail, F.typePassword, badName,
          #"{"respond": {"call": "a 1", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}}}"#,
        ].joined(separator: ",")) == [
          "x.json: steps[2].expect.calls[0].call: call name 'a 1' must be 1 to 64 letters, digits, '_', '.' or '-'"
        ])
    // The respond may name the call as it was meant to be named: not reported either.
    #expect(
      F.problems(
        [
          F.typeEmail, F.typePassword, badName,
          #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u1"}}, "expect": {"changes": {"isLoading": false}}}"#,
        ].joined(separator: ",")) == [
          "x.json: steps[2].expect.calls[0].call: call name 'a 1' must be 1 to 64 letters, digits, '_', '.' or '-'"
        ])
    let noName =
      #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}}"#
    #expect(
      F.problems(
        [
          F.typeEmail, F.typePassword, noName,
          #"{"send": {"type": "dismissed"}, "expect": {"changes": {"isLoading": false}, "cancelled": ["a1"]}}"#,
          F.respondSuccess.replacingOccurrences(
            of: #""expect": {"changes": {"isLoading": false}}"#, with: #""expect": {}"#),
        ].joined(separator: ",")) == ["x.json: steps[2].expect.calls[0]: missing required key 'call'"])
  }

  @Test func aRespondToACallNoEarlierStepDeclaresIsInvalid() {
    #expect(
      F.problems(#"{"respond": {"call": "a9", "result": {"type": "success", "userId": "u"}}}"#) == [
        "x.json: steps[0].respond.call: responds to call 'a9', which no earlier step's expect.calls declares"
      ])
  }

  @Test func aRespondToACallOfTheSameStepIsInvalid() {
    // The call is declared by the respond step itself, not by an earlier one.
    let step =
      #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u"}}, "expect": {"calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "", "password": ""}}]}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].respond.call: responds to call 'a1', which no earlier step's expect.calls declares"
      ])
  }

  @Test func aSecondRespondToTheSameCallIsInvalid() {
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, F.respondSuccess, F.respondSuccess].joined(separator: ","))
        == ["x.json: steps[4].respond.call: call 'a1' was already answered at step 4"])
  }

  @Test func aCallNameDeclaredTwiceIsInvalid() {
    let again =
      #"{"send": {"type": "submit"}, "expect": {"calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "a@b.c", "password": "pw"}}]}}"#
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, again].joined(separator: ",")) == [
        "x.json: steps[3].expect.calls[0].call: call name 'a1' is already declared by step 3 (at steps[2].expect.calls[0]); names are unique in a file"
      ])
  }

  @Test func cancelledMustNameACallOfThisOrAnEarlierStep() {
    let early = #"{"advance": 1, "expect": {"cancelled": ["a1"]}}"#
    #expect(
      F.problems([early, F.typeEmail, F.typePassword, F.submit].joined(separator: ",")) == [
        "x.json: steps[0].expect.cancelled[0]: names call 'a1', which neither this step's nor an earlier step's expect.calls declares"
      ])
    let twice = #"{"advance": 1, "expect": {"cancelled": ["a1", "a1"]}}"#
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, twice].joined(separator: ",")) == [
        "x.json: steps[3].expect.cancelled[1]: call 'a1' is listed twice"
      ])
    let sameStep =
      #"{"send": {"type": "submit"}, "expect": {"changes": {"isLoading": true}, "calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": "", "password": ""}}], "cancelled": ["a1"]}}"#
    #expect(F.problems(sameStep) == [])
  }

  @Test(arguments: [
    (#"{"advance": 1}"#, "advance"), (#"{"clear": true}"#, "clear"),
    (#"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u"}}}"#, "respond"),
  ])
  func runtimeStepsAreInvalidInAReducerLevelFile(step: String, key: String) {
    #expect(
      F.problems(step, level: nil) == [
        #"x.json: steps[0].\#(key): '\#(key)' is only valid in a runtime-level scenario ("level": "runtime")"#,
        "x.json: steps[0]: missing required key 'send'",
      ])
  }

  @Test func callsAndCancelledAreInvalidInAReducerLevelFile() {
    let step = #"{"send": {"type": "submit"}, "expect": {"calls": [], "cancelled": []}}"#
    #expect(
      F.problems(step, level: "reducer") == [
        #"x.json: steps[0].expect.calls: 'calls' is only valid in a runtime-level scenario ("level": "runtime")"#,
        #"x.json: steps[0].expect.cancelled: 'cancelled' is only valid in a runtime-level scenario ("level": "runtime")"#,
      ])
  }

  @Test func effectsAreInvalidInARuntimeLevelFile() {
    let step = #"{"send": {"type": "dismissed"}, "expect": {"effects": [{"type": "cancel", "id": "authenticate"}]}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].expect.effects: 'effects' is not valid in a runtime-level scenario: effects are internal to the runtime; expect the calls they start ('calls') and cancel ('cancelled') instead"
      ])
  }

  /// The hint for an unknown key lists what a runtime expectation may hold, never 'effects'.
  @Test func anUnknownKeyInARuntimeExpectationIsNotOfferedEffects() {
    let step = #"{"send": {"type": "dismissed"}, "expect": {"efects": []}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].expect.efects: unknown key 'efects'; did you mean 'events'? (allowed: state, changes, calls, cancelled, received, events)"
      ])
  }

  @Test func aRuntimeStepNeedsExactlyOneKind() {
    #expect(
      F.problems(#"{"expect": {}}"#) == [
        "x.json: steps[0]: a runtime step needs exactly one of 'send', 'respond', 'advance', 'clear', 'screen' or 'emit'"
      ])
    #expect(
      F.problems(#"{"send": {"type": "submit"}, "advance": 5}"#) == [
        "x.json: steps[0]: a runtime step has 'send' and 'advance'; it needs exactly one of 'send', 'respond', 'advance', 'clear', 'screen' or 'emit'"
      ])
  }

  @Test(arguments: ["-1", "86400001", "1.5", "\"5\""])
  func advanceIsWholeMillisecondsUpToOneDay(value: String) {
    let shown = value == "\"5\"" ? "\"5\"" : value
    #expect(
      F.problems(#"{"advance": \#(value)}"#) == [
        "x.json: steps[0].advance: expected a whole number of milliseconds from 0 to 86400000 (one day), got \(shown)"
      ])
  }

  @Test func advanceOfZeroAndOfOneDayAreValid() {
    #expect(F.problems(#"{"advance": 0}, {"advance": 86400000}"#) == [])
  }

  @Test func clearTakesOnlyTrue() {
    #expect(
      F.problems(#"{"clear": false}"#) == [
        "x.json: steps[0].clear: expected true (the only value 'clear' takes), got false"
      ])
  }

  @Test func aRespondResultMustHaveTheDependencysResultShape() {
    let bad = #"{"respond": {"call": "a1", "result": {"type": "succeeded"}}}"#
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, bad].joined(separator: ",")) == [
        "x.json: steps[3].respond.result.type: unknown LoginResult case 'succeeded' (the login manifest defines: failure, success)"
      ])
  }

  @Test func aRespondHasExactlyOneOfResultAndError() {
    let both = #"{"respond": {"call": "a1", "result": {"type": "success", "userId": "u"}, "error": {"message": "x"}}}"#
    let neither = #"{"respond": {"call": "a1"}}"#
    let badError = #"{"respond": {"call": "a1", "error": {"text": "x"}}}"#
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, both].joined(separator: ",")) == [
        "x.json: steps[3].respond: 'result' and 'error' cannot both be given; a call either returns a value or throws"
      ])
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, neither].joined(separator: ",")) == [
        "x.json: steps[3].respond: a response needs 'result' (the value the call returns), 'error' (what it throws) or, for a stream, 'complete'"
      ])
    #expect(
      F.problems([F.typeEmail, F.typePassword, F.submit, badError].joined(separator: ",")) == [
        "x.json: steps[3].respond.error: missing required key 'message'",
        "x.json: steps[3].respond.error.text: unknown key 'text' (allowed: message, cancellation)",
      ])
  }

  @Test func callArgumentsMustHaveTheDependencysArgumentShapes() {
    let step =
      #"{"send": {"type": "submit"}, "expect": {"calls": [{"call": "a1", "dependency": "authenticate", "arguments": {"email": 5, "pasword": ""}}]}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].expect.calls[0].arguments.email: expected string, got 5",
        "x.json: steps[0].expect.calls[0].arguments: missing field 'password' of the arguments of 'authenticate'",
        "x.json: steps[0].expect.calls[0].arguments.pasword: unknown field 'pasword' of the arguments of 'authenticate'; did you mean 'password'? (its fields are: email, password)",
      ])
  }

  @Test func anUnknownDependencyOrBadCallNameIsInvalid() {
    let step =
      #"{"send": {"type": "submit"}, "expect": {"calls": [{"call": "a 1", "dependency": "authenticat", "arguments": {}}]}}"#
    #expect(
      F.problems(step) == [
        "x.json: steps[0].expect.calls[0].call: call name 'a 1' must be 1 to 64 letters, digits, '_', '.' or '-'",
        "x.json: steps[0].expect.calls[0].dependency: unknown dependency 'authenticat'; did you mean 'authenticate'? (the login manifest declares: authenticate)",
      ])
  }

  @Test func aManifestWithoutDependenciesRejectsEveryCall() throws {
    guard case .object(var object) = F.manifestDocument else {
      Issue.record("no manifest")
      return
    }
    object["dependencies"] = nil
    object = Self.withoutCalls(object)
    var manifests = TestPaths.manifests
    manifests["login"] = try ManifestLoader().load(.object(object), file: "login.json", expectedFeature: "login").get()
    let loader = ScenarioLoader(manifests: manifests)
    let document = F.document(
      #"{"send": {"type": "submit"}, "expect": {"calls": [{"call": "a1", "dependency": "authenticate", "arguments": {}}]}}"#
    )
    guard case .failure(let failure) = loader.load(document, file: "x.json") else {
      Issue.record("expected the file to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "x.json: steps[0].expect.calls[0].dependency: unknown dependency 'authenticate' (the login manifest declares no dependencies)"
      ])
  }

  /// Login's `submit` lists `calls: ["authenticate"]`: a step that sends it and expects its first call to go to
  /// another dependency contradicts the list the fuzzer answers calls by. A second call is past the list, and not
  /// checked; another action's calls neither.
  @Test func callsOfASendStepMustMatchTheActionsListedCalls() throws {
    guard case .object(var object) = F.manifestDocument, case .object(var dependencies)? = object["dependencies"] else {
      Issue.record("no manifest")
      return
    }
    dependencies["refresh"] = ["arguments": [:], "result": ["type": "boolean"]]
    object["dependencies"] = .object(dependencies)
    var manifests = TestPaths.manifests
    manifests["login"] = try ManifestLoader().load(.object(object), file: "login.json", expectedFeature: "login").get()
    let authenticate = #"{"call": "a1", "dependency": "authenticate", "arguments": {"email": "", "password": ""}}"#
    let document = F.document(
      #"{"send": {"type": "submit"}, "expect": {"calls": [{"call": "r1", "dependency": "refresh", "arguments": {}}]}},"#
        + #"{"send": {"type": "submit"}, "expect": {"calls": ["# + authenticate
        + #", {"call": "a2", "dependency": "authenticate", "arguments": {"email": "", "password": ""}}]}},"#
        + #"{"send": {"type": "dismissed"}, "expect": {"calls": [{"call": "r2", "dependency": "refresh", "arguments": {}}]}}"#
    )
    guard case .failure(let failure) = ScenarioLoader(manifests: manifests).load(document, file: "x.json") else {
      Issue.record("expected the file to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "x.json: steps[0].expect.calls[0].dependency: call 1 of a step that sends 'submit' goes to 'authenticate' (the manifest's actions.submit.calls: authenticate), not 'refresh'; fix the scenario or the list"
      ])
  }

  @Test func manifestDependencyErrorsNameTheirPath() {
    guard case .object(var object) = F.manifestDocument else {
      Issue.record("no manifest")
      return
    }
    object["dependencies"] = [
      "Authenticate": [
        "arguments": ["email": ["type": "text"]], "result": ["type": "union", "ref": "Nope"], "rule": "r1",
      ],
      "refresh": ["arguments": [:]],
    ]
    object = Self.withoutCalls(object)
    guard case .failure(let failure) = ManifestLoader().load(.object(object), file: "login.json", expectedFeature: nil)
    else {
      Issue.record("expected the manifest to be invalid")
      return
    }
    #expect(
      failure.errors.map(\.description) == [
        "login.json: dependencies.Authenticate: dependency name 'Authenticate' is not lower camel case (e.g. 'authenticate')",
        "login.json: dependencies.Authenticate.rule: rule 'r1' is not a spec rule id such as 'LR1' or 'L3.d'",
        "login.json: dependencies.Authenticate.arguments.email.type: unknown type 'text' (allowed: string, boolean, integer, number, array, object, union)",
        "login.json: dependencies.Authenticate.result.ref: unknown type 'Nope'; declare it under 'types'",
        "login.json: dependencies.refresh: missing 'result' (the value a call returns) or 'emits' (the elements of a stream); give exactly one",
      ])
  }

  /// A login manifest document without submit's `calls`, which name `authenticate`: for tests that take the
  /// dependency away.
  static func withoutCalls(_ manifest: JSONObject) -> JSONObject {
    var manifest = manifest
    guard case .object(var actions)? = manifest["actions"], case .object(var submit)? = actions["submit"] else {
      return manifest
    }
    submit["calls"] = nil
    actions["submit"] = .object(submit)
    manifest["actions"] = .object(actions)
    return manifest
  }

  @Test func ruleIdsWithSeveralLettersAreValid() {
    #expect(ManifestNames.isRuleID("LR1"))
    #expect(ManifestNames.isRuleID("L3.d"))
    #expect(!ManifestNames.isRuleID("LR"))
    #expect(!ManifestNames.isRuleID("lr1"))
  }
}
