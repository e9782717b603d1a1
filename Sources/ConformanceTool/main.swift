// The `conformance` executable: the generic CLI with the bundled features registered, exactly as a team's
// executable registers its own (README, "Put your own feature under conformance"): the login, signup and timer
// reducers for reducer-level scenarios, each through the Codable bridge, and the login, timer and inbox stores
// (LoginRuntime, TimerRuntime, InboxRuntime) for runtime-level ones; the inbox has no reducer-level scenarios.
import ConformanceCLI
import InboxRuntime
import LoginFeature
import LoginRuntime
import SignupFeature
import TimerFeature
import TimerRuntime

await ConformanceCommand.main(
  swift: [
    CodableFeature("login", reducer: LoginReducer(), initialState: LoginState()),
    CodableFeature("signup", reducer: SignupReducer(), initialState: SignupState()),
    CodableFeature("timer", reducer: TimerReducer(), initialState: TimerState()),
  ],
  runtimes: [loginRuntime, timerRuntime, inboxRuntime])
