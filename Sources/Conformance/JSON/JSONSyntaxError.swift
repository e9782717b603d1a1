import Foundation

/// A syntax error in a JSON document, located by line and column.
///
/// Lines and columns are 1-based; the column counts Unicode scalars from the start of the line, so it matches what an
/// editor shows for UTF-8 text.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  /// What is wrong, in a sentence fragment such as `expected ',' or '}' after an object member`.
  package var message: String
  /// The 1-based line of the offending byte.
  package var line: Int
  /// The 1-based column (in Unicode scalars) of the offending byte.
  package var column: Int
  /// The JSON path of the value being read when the error occurred, e.g. `steps[2].send`.
  package var path: JSONPath
}
