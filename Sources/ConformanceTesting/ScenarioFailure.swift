import Conformance
import Foundation
import Testing

/// A scenario that did not pass, as a value: what `conformance run` says and where in the scenario file.
public struct ScenarioFailure: Sendable, Equatable {
  /// The text `conformance run` prints for it, e.g. `✗ counter-limit (failed)` and the step's diff.
  public var message: String
  /// The scenario file's path.
  public var filePath: String
  /// The 1-based line: of the failing step, or of the problem in an invalid file.
  public var line: Int
  /// The 1-based column.
  public var column: Int

  /// Creates a failure.
  public init(message: String, filePath: String, line: Int, column: Int) {
    self.message = message
    self.filePath = filePath
    self.line = max(1, line)
    self.column = max(1, column)
  }

  /// The location for Swift Testing: `fileID` is `<feature>/<file name>`.
  func sourceLocation(feature: String) -> SourceLocation {
    let name = URL(fileURLWithPath: filePath).lastPathComponent
    return SourceLocation(fileID: "\(feature)/\(name)", filePath: filePath, line: line, column: column)
  }
}
