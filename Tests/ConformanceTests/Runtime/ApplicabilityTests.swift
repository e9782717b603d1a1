import Testing

@testable import Conformance

/// Which scenarios an implementation is sent, and how the others are reported (harness protocol §2.5.1): only a
/// level the user declared the implementation leaves out is `not applicable`; anything else it does not run is
/// `skipped`, which fails the run.
@Suite("Applicability: runs, not applicable or skipped")
struct ApplicabilityTests {
  private func info(_ levels: [String: Set<ScenarioLevel>], features: [String]) -> ImplementationInfo {
    ImplementationInfo(
      name: "announced-name", language: "Kotlin", version: "1",
      features: Dictionary(uniqueKeysWithValues: features.map { ($0, JSONValue.null) }), levels: levels)
  }

  @Test("a declared feature with the level runs; without it, and with no declared levels, the scenario is skipped")
  func declaredFeature() {
    let info = info(["login": [.runtime]], features: ["login"])
    #expect(info.applicability(of: .runtime, feature: "login", implementation: "vm") == .runs)
    #expect(
      info.applicability(of: .reducer, feature: "login", implementation: "vm")
        == .skipped("'vm' does not declare level 'reducer' for feature 'login' (it declares: runtime)"))
  }

  @Test("a level the user declared the implementation leaves out is not applicable, whatever the feature")
  func levelsDeclaredByTheUser() {
    let info = info(["login": [.runtime]], features: ["login"])
    let reason = "'vm' runs only runtime-level scenarios, as its declared levels say"
    #expect(
      info.applicability(of: .reducer, feature: "login", implementation: "vm", intendedLevels: [.runtime])
        == .notApplicable(reason))
    #expect(
      info.applicability(of: .reducer, feature: "signup", implementation: "vm", intendedLevels: [.runtime])
        == .notApplicable(reason))
    #expect(
      info.applicability(of: .runtime, feature: "login", implementation: "vm", intendedLevels: [.runtime]) == .runs)
  }

  @Test("a feature the user left out of the implementation's features is not applicable, whatever the level")
  func featuresDeclaredByTheUser() {
    let info = info(["login": [.runtime], "timer": [.runtime]], features: ["login", "timer"])
    let reason = "'vm' implements only login, as its declared features say"
    #expect(
      info.applicability(of: .runtime, feature: "timer", implementation: "vm", intendedFeatures: ["login"])
        == .notApplicable(reason))
    #expect(
      info.applicability(of: .reducer, feature: "signup", implementation: "vm", intendedFeatures: ["login"])
        == .notApplicable(reason))
    #expect(
      info.applicability(of: .runtime, feature: "login", implementation: "vm", intendedFeatures: ["login"]) == .runs)
    #expect(
      info.applicability(of: .runtime, feature: "signup", implementation: "vm", intendedFeatures: ["login", "signup"])
        == .skipped("'vm' does not implement feature 'signup' (it declares: login, timer)"))
  }

  @Test("a level the user left out is not applicable even when the harness announces it")
  func theUsersDeclarationComesFirst() {
    let info = info(["login": [.reducer, .runtime]], features: ["login"])
    #expect(
      info.applicability(of: .runtime, feature: "login", implementation: "py", intendedLevels: [.reducer])
        == .notApplicable("'py' runs only reducer-level scenarios, as its declared levels say"))
    #expect(!info.supports(.runtime, of: "login", intendedLevels: [.reducer]))
    #expect(info.supports(.reducer, of: "login", intendedLevels: [.reducer]))
  }

  @Test("a level the user expects but the harness does not announce is skipped, not hidden")
  func expectedLevelNotAnnounced() {
    let info = info(["login": [.runtime]], features: ["login"])
    #expect(
      info.applicability(of: .runtime, feature: "signup", implementation: "vm", intendedLevels: [.runtime])
        == .skipped("'vm' does not implement feature 'signup' (it declares: login)"))
    let v1 = self.info([:], features: ["login"])
    #expect(
      v1.applicability(of: .runtime, feature: "login", implementation: "vm", intendedLevels: [.reducer, .runtime])
        == .skipped("'vm' does not declare level 'runtime' for feature 'login' (it declares: reducer)"))
  }

  @Test("a misnamed feature: the scenarios of the real one are skipped, even where its other level is announced")
  func misnamedFeature() {
    // The harness registered its reducer as 'carts' and its runtime as 'cart'.
    let info = info(["carts": [.reducer], "cart": [.runtime]], features: ["carts", "cart"])
    #expect(
      info.applicability(of: .reducer, feature: "cart", implementation: "android")
        == .skipped("'android' does not declare level 'reducer' for feature 'cart' (it declares: runtime)"))
  }

  @Test("an implementation that declares no feature skips everything, so it cannot keep a gate green")
  func nothingDeclared() {
    let info = info([:], features: [])
    #expect(
      info.applicability(of: .reducer, feature: "login", implementation: "vm")
        == .skipped("'vm' does not implement feature 'login' (it declares: none)"))
    #expect(
      info.applicability(of: .runtime, feature: "login", implementation: "vm")
        == .skipped("'vm' does not implement feature 'login' (it declares: none)"))
  }
}
