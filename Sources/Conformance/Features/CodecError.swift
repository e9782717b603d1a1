import UnidirectionalFlow

/// A JSON value that a codec could not turn into a Swift value.
public struct CodecError: Error, Sendable, Equatable {
  /// Where, relative to the decoded value, e.g. `result.type`.
  public var path: JSONPath
  /// What is wrong, e.g. `unknown case 'succes'`.
  public var message: String

  /// Creates an error.
  public init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }
}
