import Foundation

/// A scenario file to run: where it is and how reports name it.
package struct ScenarioFile: Sendable, Equatable {
  /// The file's location.
  package var url: URL
  /// The name shown in reports, relative to the working directory where possible.
  package var displayName: String
}
