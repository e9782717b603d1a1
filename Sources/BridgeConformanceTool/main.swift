// `conformance-bridge`: the `conformance` tool with the bundled features on the Codable bridge alone, without their
// generated fast paths. `scripts/bench` times the bridge with it beside the fast path and the hand-written codec; it
// regenerates Sources/BundledFastPaths (the command in their headers); and `conformance fuzz --harness
// "bridge=conformance-bridge harness"` compares the fast paths with the bridge.
import ConformanceCLI
import LoginFeature
import LoginRuntime
import SignupFeature

await ConformanceCommand.main(
  swift: [
    CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()),
    CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()),
  ],
  runtimes: [loginRuntime])
