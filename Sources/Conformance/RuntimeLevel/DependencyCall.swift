/// One call to a scripted dependency that a runtime started during a step (scenario format v1.1, `expect.calls`).
///
/// JSON shape in a trace entry: `{"dependency": "authenticate", "arguments": {"email": "…", "password": "…"}}`; the
/// dependency and its argument shapes are declared in the feature manifest's `dependencies`.
public struct DependencyCall: Sendable, Equatable {
  /// The dependency's name as in the manifest, e.g. `authenticate`.
  public var dependency: String
  /// The call's arguments, a JSON object keyed by the manifest's argument names.
  public var arguments: JSONValue

  /// Creates a call record.
  public init(dependency: String, arguments: JSONValue) {
    self.dependency = dependency
    self.arguments = arguments
  }
}
