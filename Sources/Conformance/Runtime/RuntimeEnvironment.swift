/// What a runtime under test must use instead of the real world: scripted dependencies, a manual clock and an
/// executor whose work runs only when the scenario driver lets it (built by the runtime kit; placeholder).
public final class RuntimeEnvironment: @unchecked Sendable {
  /// Creates an environment.
  package init() {}
}
