// The `conformance` executable: the generic CLI with the bundled features registered, exactly as a team's
// executable registers its own (README, "Put your own feature under conformance"): the login and signup reducers
// for reducer-level scenarios, each through the Codable bridge with the fast path `conformance generate-fast-path`
// wrote for it (Sources/BundledFastPaths), and the login store (LoginRuntime) for runtime-level ones.
import BundledFastPaths
import ConformanceCLI
import LoginFeature
import LoginRuntime
import SignupFeature

await ConformanceCommand.main(
  swift: [
    CodableFeature("login", reducer: LoginReducer(), initialState: LoginState(), fastPath: LoginFastPath()),
    CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState(), fastPath: SignupFastPath()),
  ],
  runtimes: [loginRuntime])
