// `TrappingConformanceTool`: the `conformance` tool with a login reducer that traps, built only for the CLI tests of
// what a trap in the in-process Swift implementation does to `run` and `fuzz` (CrashSupervisionCLITests). Never a
// product, never shipped.
import ConformanceCLI
import LoginFeature
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

await ConformanceCommand.main(swift: [
  CodableFeature("login", reducer: TrappingLoginReducer(), initialState: LoginState())
])
