// `conformance-bridge`: the `conformance` tool with the bundled features on the Codable bridge alone, without their
// generated fast paths. Only `scripts/bench` uses it, to time the bridge beside the fast path and the hand-written
// codec.
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
