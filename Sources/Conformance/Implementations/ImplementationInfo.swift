/// What an implementation says about itself in the `hello` reply (harness protocol §2).
package struct ImplementationInfo: Sendable, Equatable {
  /// The implementation's own name, e.g. `kotlin`.
  package var name: String
  /// The language, e.g. `Kotlin`.
  package var language: String
  /// A free-form version string.
  package var version: String
  /// The features it implements, each with its initial state.
  package var features: [String: JSONValue]

  /// Creates an info value.
  package init(name: String, language: String, version: String, features: [String: JSONValue]) {
    self.name = name
    self.language = language
    self.version = version
    self.features = features
  }
}
