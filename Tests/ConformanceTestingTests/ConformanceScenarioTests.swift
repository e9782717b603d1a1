import Foundation
import LoginFeature
import TestScratch
import Testing

@testable import ConformanceTesting

@Suite("ConformanceScenario")
struct ConformanceScenarioTests {
  /// A throwaway `Conformance` folder: the repository's login manifest and spec, and the given scenario files.
  static func root(_ files: [String: String]) throws -> URL {
    let root = ScratchFolder.path("conformance-testing")
      .appendingPathComponent("Conformance")
    let features = root.appendingPathComponent("features")
    let scenarios = root.appendingPathComponent("scenarios/login")
    try FileManager.default.createDirectory(at: features, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Conformance/features")
    for name in ["login.json", "login.md"] {
      try FileManager.default.copyItem(
        at: repository.appendingPathComponent(name), to: features.appendingPathComponent(name))
    }
    for (name, text) in files { try Data(text.utf8).write(to: scenarios.appendingPathComponent(name)) }
    return root
  }

  private static let login = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())

  @Test func oneCasePerFileNamedByItsId() throws {
    let root = try Self.root([
      "login-b.json": "{}", "login-a.json": "{}", ".login-hidden.json": "{}", "notes.txt": "",
    ])
    let scenarios = ConformanceScenario.all(feature: "login", root: root)
    #expect(scenarios.map(\.testDescription) == ["login-a", "login-b"])
  }

  @Test func subfoldersAndLinksAreFollowedAndABrokenLinkIsAFailingCase() async throws {
    let root = try Self.root(["login-b.json": "{}"])
    let login = root.appendingPathComponent("scenarios/login")
    try FileManager.default.createDirectory(at: login.appendingPathComponent("more"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: login.appendingPathComponent("more/login-c.json"))
    try FileManager.default.createSymbolicLink(
      atPath: login.appendingPathComponent("login-a.json").path, withDestinationPath: "more/login-c.json")
    try FileManager.default.createSymbolicLink(
      atPath: login.appendingPathComponent("login-gone").path, withDestinationPath: "nowhere")
    let scenarios = ConformanceScenario.all(feature: "login", root: root)
    let broken =
      "error: \(login.path)/login-gone: a symbolic link to 'nowhere', which does not exist (a broken link); fix or remove it"
    #expect(scenarios.map(\.testDescription) == ["login-a", "login-b", broken, "login-c"])
    #expect(await scenarios[2].run(Self.login).map(\.message) == [broken])
  }

  @Test func anEmptyFolderIsAFailureNotASilentPass() async throws {
    let root = try Self.root([:])
    let scenarios = ConformanceScenario.all(feature: "login", root: root)
    #expect(scenarios.count == 1)
    let failures = await scenarios[0].run(Self.login)
    #expect(failures.map(\.message) == ["no scenarios in \(root.path)/scenarios/login"])
  }

  @Test func aMissingFeatureFolderIsAFailureNotASilentPass() async throws {
    let root = try Self.root([:])
    let scenarios = ConformanceScenario.all(feature: "cart", root: root)
    #expect(scenarios.map(\.testDescription) == ["no scenarios in \(root.path)/scenarios/cart"])
  }

  @Test func aFailingStepIsReportedAtItsLineWithTheCLIText() async throws {
    let text = """
      {
        "id": "login-wrong-loading-flag",
        "feature": "login",
        "description": "Deliberately wrong.",
        "steps": [
          {"send": {"type": "emailChanged", "value": "user@example.com"},
           "expect": {"changes": {"email": "user@example.com"}}},
          {"send": {"type": "passwordChanged", "value": "correct-horse"},
           "expect": {"changes": {"password": "correct-horse"}}},

          {"send": {"type": "submit"},
           "expect": {"changes": {"isLoading": false}}}
        ]
      }
      """
    let root = try Self.root(["login-wrong-loading-flag.json": text])
    let scenario = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    let failures = await scenario.run(Self.login, implementation: "ios")
    let file = root.appendingPathComponent("scenarios/login/login-wrong-loading-flag.json").path
    #expect(
      failures == [
        ScenarioFailure(
          message: """
            ✗ login-wrong-loading-flag (failed)
                file: \(file)
                step 3 of 3: send {"type":"submit"}
                  state.isLoading: expected false, got true
                  effects[0]: unexpected effect {"email":"user@example.com","password":"correct-horse","type":"authenticate"}

                  State after step 3:
                    {
                      "email": "user@example.com",
                      "error": null,
                  -   "isLoading": false,
                  +   "isLoading": true,
                      "password": "correct-horse"
                    }
                  Effects of step 3:
                  - []
                  + [
                  +   {"email":"user@example.com","password":"correct-horse","type":"authenticate"}
                  + ]
                  (- expected, + actual)
            """, filePath: file, line: 11, column: 1)
      ])
  }

  @Test func aPassingScenarioHasNoFailures() async throws {
    let root = try Self.root([
      "login-submit.json":
        #"{"id":"login-submit","feature":"login","description":"d","steps":[{"send":{"type":"submit"},"expect":{"changes":{"error":"Email is required."}}}]}"#
    ])
    let scenario = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    #expect(await scenario.run(Self.login).isEmpty)
  }

  @Test func anAdapterForAnotherFeatureFailsInsteadOfSkippingSilently() async throws {
    let root = try Self.root([
      "login-submit.json":
        #"{"id":"login-submit","feature":"login","description":"d","steps":[{"send":{"type":"submit"},"expect":{"changes":{"error":"Email is required."}}}]}"#
    ])
    let scenario = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    let misnamed = CodableFeature("logn", reducer: LoginReducer(), initialState: LoginState())
    let failures = await scenario.run(misnamed)
    #expect(
      failures.map(\.message) == [
        "✗ login-submit: the reducer adapter is for feature 'logn', but the scenario is of feature 'login'"
      ])
  }

  /// The feature is checked against its manifest at its first scenario; a drifted initial state is that scenario's
  /// reason for not running, with every differing path.
  @Test func aFeatureThatDoesNotStartSaysWhy() async throws {
    let scenario = #"{"id":"login-submit","feature":"login","description":"d","steps":[{"send":{"type":"submit"}}]}"#
    let root = try Self.root(["login-submit.json": scenario])
    let found = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    let drifted = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState(email: "drift"))
    let failures = await found.run(drifted)
    let file = root.appendingPathComponent("scenarios/login/login-submit.json").path
    let manifest = root.appendingPathComponent("features/login.json").path
    #expect(
      failures.map(\.message) == [
        """
        ✗ login-submit (not run)
            file: \(file)
            not run: the implementation 'swift' did not start feature 'login': its initial state of feature 'login' \
        differs from \(manifest): initialState.email: expected "", got "drift"
        """
      ])
  }

  @Test func anInvalidFileIsReportedAtTheProblemsLineAndColumn() async throws {
    let root = try Self.root(["login-broken.json": "{\n  \"id\": \"login-broken\",\n  \"feature\" \"login\"\n}"])
    let scenario = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    let failures = await scenario.run(Self.login)
    let file = root.appendingPathComponent("scenarios/login/login-broken.json").path
    #expect(
      failures == [
        ScenarioFailure(
          message:
            "error: \(file):3:13: invalid JSON: unexpected character '\"'; expected ':' after key",
          filePath: file, line: 3, column: 13)
      ])
  }

  @Test func anInvalidStepIsReportedAtThatStepsLine() async throws {
    let text = """
      {"id": "login-typo", "feature": "login", "description": "d",
       "steps": [
         {"send": {"type": "submit"}, "expect": {"changes": {"error": "Email is required."}}},
         {"send": {"type": "sumbit"}}
       ]}
      """
    let root = try Self.root(["login-typo.json": text])
    let scenario = try #require(ConformanceScenario.all(feature: "login", root: root).first)
    let failures = await scenario.run(Self.login)
    #expect(failures.map(\.line) == [4])
    #expect(
      failures.first?.message.contains("steps[1].send.type: unknown action 'sumbit'; did you mean 'submit'?") == true)
  }

  @Test func aFailureIsPlacedInTheScenarioFileForSwiftTesting() {
    // check(_:) records each failure with this location; scripts/test-team-package checks the issue end to end in
    // a team's `swift test` output (here it would be a known issue, which would show in this run's summary).
    let failure = ScenarioFailure(
      message: "m", filePath: "/p/Conformance/scenarios/login/login-x.json", line: 8, column: 0)
    let location = failure.sourceLocation(feature: "login")
    #expect(location.fileID == "login/login-x.json")
    #expect(location.line == 8)
    #expect(location.column == 1)
  }
}
