import Testing

@testable import Conformance

/// Which scenarios an implementation is sent, and how the others are reported (harness protocol §2.5).
@Suite("Applicability: runs, not applicable or skipped, from the hello reply's features and levels")
struct ApplicabilityTests {
  private func info(_ levels: [String: Set<ScenarioLevel>], features: [String]) -> ImplementationInfo {
    ImplementationInfo(
      name: "vm", language: "Kotlin", version: "1",
      features: Dictionary(uniqueKeysWithValues: features.map { ($0, JSONValue.null) }), levels: levels)
  }

  @Test("a declared feature with the level runs; without it, the scenario is not applicable")
  func declaredFeature() {
    let info = info(["login": [.runtime]], features: ["login"])
    #expect(info.applicability(of: .runtime, feature: "login") == .runs)
    #expect(
      info.applicability(of: .reducer, feature: "login")
        == .notApplicable("'vm' does not declare level 'reducer' for feature 'login' (it declares: runtime)"))
  }

  @Test("a runtime-only implementation: a reducer-level scenario of a feature it does not list is not applicable")
  func runtimeOnlyImplementation() {
    let info = info(["login": [.runtime]], features: ["login"])
    #expect(
      info.applicability(of: .reducer, feature: "signup")
        == .notApplicable("'vm' runs no 'reducer'-level scenarios (it declares: runtime)"))
  }

  @Test("a feature it does not list, at a level it runs elsewhere, is skipped: a missing feature is not hidden")
  func missingFeatureAtASupportedLevel() {
    let info = info(["login": [.runtime]], features: ["login"])
    #expect(
      info.applicability(of: .runtime, feature: "signup")
        == .skipped("'vm' does not implement feature 'signup' (it declares: login)"))
    let v1 = self.info([:], features: ["login"])
    #expect(
      v1.applicability(of: .reducer, feature: "signup")
        == .skipped("'vm' does not implement feature 'signup' (it declares: login)"))
    #expect(
      v1.applicability(of: .runtime, feature: "login")
        == .notApplicable("'vm' does not declare level 'runtime' for feature 'login' (it declares: reducer)"))
  }

  @Test("an implementation that declares no feature skips everything, so it cannot keep a gate green")
  func nothingDeclared() {
    let info = info([:], features: [])
    #expect(
      info.applicability(of: .reducer, feature: "login")
        == .skipped("'vm' does not implement feature 'login' (it declares: none)"))
    #expect(
      info.applicability(of: .runtime, feature: "login")
        == .skipped("'vm' does not implement feature 'login' (it declares: none)"))
  }
}
