import ConformanceTesting
import LoginFeature
import LoginRuntime
import SignupFeature
import Testing
import TimerFeature
import TimerRuntime

/// The bundled features' scenarios as Swift Testing cases, one per scenario file and named by its id, exactly as a
/// team's test target runs its own (README, "Put your own feature under conformance").
@Suite("Bundled scenarios")
struct BundledScenariosTests {
  @Test(arguments: ConformanceScenario.all(feature: "login"))
  func login(_ scenario: ConformanceScenario) async {
    await scenario.check(
      CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()), runtime: loginRuntime)
  }

  @Test(arguments: ConformanceScenario.all(feature: "signup"))
  func signup(_ scenario: ConformanceScenario) async {
    await scenario.check(CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()))
  }

  @Test(arguments: ConformanceScenario.all(feature: "timer"))
  func timer(_ scenario: ConformanceScenario) async {
    await scenario.check(
      CodableFeature("timer", reducer: TimerReducer(), initialState: TimerState()), runtime: timerRuntime)
  }
}
