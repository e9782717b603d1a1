/// What a run reports as it goes, in order: ``started``, then any mix of ``invalid`` and ``scenario``, then
/// ``finished``. Reporters consume these (``RunReporter``).
package enum RunEvent: Sendable {
  /// The run began with these implementations (name and what each said about itself, `nil` if it failed to start).
  case started(implementations: [(name: String, info: ImplementationInfo?, startError: String?)])
  /// A file could not be used; every problem in it is listed.
  case invalid(file: String, errors: [InputError])
  /// A scenario ran on every implementation and was judged.
  case scenario(ScenarioVerdict)
  /// The run is over.
  case finished(RunSummary)
}
