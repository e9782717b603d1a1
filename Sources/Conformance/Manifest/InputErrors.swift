import Foundation

/// Several ``InputError``s found in one file.
package struct InputErrors: Error, Sendable {
  /// The errors, in document order.
  package var errors: [InputError]

  /// Wraps a list of errors.
  package init(_ errors: [InputError]) { self.errors = errors }
}
