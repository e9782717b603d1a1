import Foundation
import LoginFeature
import SignupFeature
import Testing

@testable import ConformanceTesting

/// A runtime adapter whose runtime cannot start: what ConformanceScenario does around the runtime driver is tested
/// without depending on the driver.
private struct UnstartableRuntime: RuntimeAdapter {
  var feature: String { "login" }
  var initialState: JSONValue { ["email": "", "password": "", "isLoading": false, "error": .null] }

  func start(initialState: JSONValue, environment: RuntimeEnvironment) throws(CodecError) -> any FeatureRuntime {
    throw CodecError(path: .root, message: "cannot start")
  }
}

@Suite("ConformanceScenario with a runtime adapter")
struct RuntimeConformanceScenarioTests {
  static let reducerScenario = """
    {"id": "login-email", "feature": "login", "description": "L1", "steps": [
      {"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "a"}}}]}
    """
  static let runtimeScenario = """
    {"id": "login-runtime-email", "feature": "login", "level": "runtime", "description": "LR5", "steps": [
      {"send": {"type": "emailChanged", "value": "a"}, "expect": {"changes": {"email": "a"}}}, {"advance": 0}]}
    """

  /// A throwaway `Conformance` folder with the login manifest and one scenario of each level.
  private static func root() throws -> URL {
    try ConformanceScenarioTests.root([
      "login-email.json": reducerScenario, "login-runtime-email.json": runtimeScenario,
    ])
  }

  @Test func aRuntimeScenarioRunsOnTheRuntimeAdapterAndAReducerOneFailsAsSkipped() async throws {
    let scenarios = ConformanceScenario.all(feature: "login", root: try Self.root())
    #expect(scenarios.map(\.id) == ["login-email", "login-runtime-email"])
    // A skip is a failure here: a test case must not pass without running anything.
    #expect(
      await scenarios[0].run(UnstartableRuntime()).map(\.message) == [
        "- login-email (skipped: 'swift' does not declare level 'reducer' for feature 'login' (it declares: "
          + "runtime))\n    (a test case that runs nothing would pass silently: give the scenario's other adapter "
          + "too, scenario.check(reducerAdapter, runtime: runtimeAdapter))"
      ])
    // The runtime scenario reaches the runtime, which cannot start: one failure at the scenario's file.
    let failures = await scenarios[1].run(UnstartableRuntime())
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("✗ login-runtime-email (errored)") == true, "\(failures)")
    #expect(failures.first?.filePath.hasSuffix("login-runtime-email.json") == true)
  }

  @Test func aReducerAdapterAloneFailsARuntimeScenarioInsteadOfPassingIt() async throws {
    let scenarios = ConformanceScenario.all(feature: "login", root: try Self.root())
    let login = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())
    #expect(await scenarios[0].run(login).map(\.message) == [])
    let failures = await scenarios[1].run(login).map(\.message)
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix("- login-runtime-email (skipped: ") == true, "\(failures)")
  }

  @Test func bothAdaptersRunEachScenarioOnTheAdapterOfItsLevel() async throws {
    let scenarios = ConformanceScenario.all(feature: "login", root: try Self.root())
    let login = CodableFeature("login", reducer: LoginReducer(), initialState: LoginState())
    #expect(await scenarios[0].run(login, runtime: UnstartableRuntime()).map(\.message) == [])
    let failures = await scenarios[1].run(login, runtime: UnstartableRuntime())
    #expect(failures.first?.message.hasPrefix("✗ login-runtime-email (errored)") == true, "\(failures)")
  }

  @Test func anAdapterOfAnotherFeatureIsNamedAsSuch() async throws {
    let scenarios = ConformanceScenario.all(feature: "login", root: try Self.root())
    let signup = CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState())
    #expect(
      await scenarios[0].run(signup, runtime: UnstartableRuntime()).map(\.message) == [
        "✗ login-email: the reducer adapter is for feature 'signup', but the scenario is of feature 'login'"
      ])
    #expect(
      await scenarios[1].run(signup).map(\.message) == [
        "✗ login-runtime-email: the reducer adapter is for feature 'signup', but the scenario is of feature 'login'"
      ])
  }
}
