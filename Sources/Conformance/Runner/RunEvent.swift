/// What a run reports as it goes, in order: ``started``, then any mix of ``invalid`` and ``scenario`` (each late
/// ``implementationStarted`` just before the first scenario that needed it), then ``finished``. Reporters consume
/// these (``RunReporter``).
package enum RunEvent: Sendable {
  /// The run began with these implementations (name and what each said about itself, `nil` if it failed to start,
  /// or if it starts with its first scenario (``implementationStarted(name:info:startError:)``): then its start
  /// error is `nil` too).
  case started(implementations: [(name: String, info: ImplementationInfo?, startError: String?)])
  /// An implementation started late, with the first scenario that needed it (its declared levels or features rule
  /// out some scenarios, so it is not started before the run: ConformanceRunner+Start.swift): what it said about
  /// itself, or why it did not start. Sent just before that scenario's event; an implementation no scenario needed
  /// has none, and its ``started(implementations:)`` entry keeps neither info nor error.
  case implementationStarted(name: String, info: ImplementationInfo?, startError: String?)
  /// A file could not be used; every problem in it is listed.
  case invalid(file: String, errors: [InputError])
  /// A scenario ran on every implementation and was judged.
  case scenario(ScenarioVerdict)
  /// The run is over.
  case finished(RunSummary)
}
