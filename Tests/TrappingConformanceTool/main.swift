// `TrappingConformanceTool`: the `conformance` tool with reducers that trap, built only for the CLI tests of
// what a trap in the in-process Swift implementation does to `run` and `fuzz` (CrashSupervisionCLITests). Never a
// product, never shipped.
import ConformanceCLI
import LoginFeature
import SignupFeature
import UnidirectionalFlow

/// ``LoginReducer`` with one planted bug: it counts the scalars of a new email in an `Int8`, so an email of more than
/// 127 Unicode scalars overflows it, which traps (SIGILL on Linux) as Swift's checked arithmetic does. No bundled
/// scenario sends one that long; `conformance fuzz` sends some (its long strings have 64 to 263 scalars).
struct TrappingLoginReducer: Reducer {
  func reduce(into state: inout LoginState, action: LoginAction) -> [LoginEffect] {
    if case .emailChanged(let value) = action {
      var scalars: Int8 = 0
      for _ in value.unicodeScalars { scalars += 1 }
    }
    return LoginReducer().reduce(into: &state, action: action)
  }
}

/// ``SignupReducer`` that fails a precondition whenever it runs in the tool's own process, and never when the
/// `harness` subcommand serves it: a crash that running again out of process cannot show.
struct InProcessOnlyTrappingSignupReducer: Reducer {
  func reduce(into state: inout SignupState, action: SignupAction) -> [SignupEffect] {
    precondition(CommandLine.arguments.contains("harness"), "a planted trap, in process only")
    return SignupReducer().reduce(into: &state, action: action)
  }
}

await ConformanceCommand.main(swift: [
  CodableFeature("login", reducer: TrappingLoginReducer(), initialState: LoginState()),
  CodableFeature("signup", reducer: InProcessOnlyTrappingSignupReducer(), initialState: SignupState()),
])
