import Testing

@testable import Conformance

// MARK: - A @MainActor view model's screen task under the driver (format v1.3)

/// A view model written the iOS way whose view runs `.task { await model.task() }`: it watches a stream dependency for
/// as long as the screen shows.
@MainActor
final class WatchModel {
  var state: Gauge
  private let environment: RuntimeEnvironment

  init(state: Gauge, environment: RuntimeEnvironment) {
    self.state = state
    self.environment = environment
  }

  func task() async {
    do {
      for try await reading in environment.stream("watch", arguments: ["unit": "kPa"], of: Double.self) {
        MainActor.assertIsolated()
        state = Gauge(reading: reading, status: "watching")
      }
    } catch {
      return
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct MainActorScreenTests {
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static let adapter = CodableRuntime<Gauge, GaugeAction>(
    "gauge", initialState: Gauge(),
    mainActor: { state, environment in
      let model = WatchModel(state: state, environment: environment)
      return RuntimeHandle(mainActor: { _ in }, state: { model.state }, clear: {}).task { await model.task() }
    })

  /// The main-actor task starts at appear, gets the emitted element on the main actor, and is cancelled at disappear.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func theScreenTaskOfAMainActorViewModelRunsWhileTheScreenShows() {
    let w1 = CallReference(step: 1, index: 1)
    let observation = RuntimeDriver.observe(
      Self.adapter, initialState: RuntimeDriverTests.initial,
      steps: [.screen(.appear), .emit(w1, 2.5), .screen(.disappear), .emit(w1, 3.5)])
    guard case .trace(let trace, _) = observation else {
      Issue.record("expected a trace, got \(observation)")
      return
    }
    #expect(trace.map(\.calls) == [[DependencyCall(dependency: "watch", arguments: ["unit": "kPa"])], [], [], []])
    #expect(trace.map(\.cancelled) == [[], [], [w1], []])
    #expect(trace.map { $0.state["reading"] } == [0, 2.5, 2.5, 2.5])
  }
}
