import Conformance
import TimerFeature
import TimerRuntime
import UnidirectionalFlow

/// The timer's runtime mistakes (timer.md TR2, TR3) as Swift stores: the real ``TimerReducer`` and
/// ``TimerEffectRunner``, with the timer effect declared wrongly. Each must fail a named bundled runtime scenario.
/// Test support only: never declared, never shipped.
enum TimerMutation: String, CaseIterable, Sendable {
  /// The timer runs under no cancellation id, so stop and reset cannot cancel it (and a second start adds a timer).
  case notCancellable
  /// The timer keeps TCA's default, `cancelsInFlight == false`: a second start runs a second timer beside the first.
  case lacksCancelInFlight

  /// The correct timer store, as the `conformance` executable registers it, at the runtime level.
  static let correct = SwiftImplementation(name: "swift", features: [], runtimes: [timerRuntime])

  /// The in-process implementation named `swift` that runs the timer store with this mistake, at the runtime level.
  var implementation: SwiftImplementation {
    SwiftImplementation(
      name: "swift", features: [],
      runtimes: [
        CodableRuntime("timer", initialState: TimerState()) { [self] state, environment in
          Store(
            initialState: state, reducer: MutantTimerReducer(mutation: self),
            effectRunner: MutantTimerEffectRunner(runner: TimerEffectRunner(clock: environment.clock)),
            environment: environment)
        }
      ])
  }
}

/// A ``TimerEffect`` whose cancellation is declared as ``mutation`` says; encoded as the effect it wraps, so that
/// reports name it as the manifest does (`runTimer`).
struct MutantTimerEffect: EffectIdentifying, Encodable {
  let effect: TimerEffect
  let mutation: TimerMutation

  var cancellationID: String? { mutation == .notCancellable ? nil : effect.cancellationID }
  var cancelledID: String? { effect.cancelledID }
  var cancelsInFlight: Bool { mutation == .lacksCancelInFlight ? false : effect.cancelsInFlight }

  func encode(to encoder: any Encoder) throws { try effect.encode(to: encoder) }
}

/// ``TimerReducer``, its effects wrapped as ``MutantTimerEffect``s.
struct MutantTimerReducer: Reducer {
  let mutation: TimerMutation

  func reduce(into state: inout TimerState, action: TimerAction) -> [MutantTimerEffect] {
    TimerReducer().reduce(into: &state, action: action).map { MutantTimerEffect(effect: $0, mutation: mutation) }
  }
}

/// ``TimerEffectRunner`` for ``MutantTimerEffect``s.
struct MutantTimerEffectRunner: StreamingEffectRunner {
  let runner: TimerEffectRunner

  func run(_ effect: MutantTimerEffect, send: Send<TimerAction>) async throws {
    try await runner.run(effect.effect, send: send)
  }
}
