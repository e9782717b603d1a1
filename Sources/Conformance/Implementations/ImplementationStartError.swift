/// Why an implementation could not be started.
package struct ImplementationStartError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A sentence saying what went wrong and what to do, e.g. "the harness did not answer 'hello' within 30 s".
  package var message: String
  /// The last lines the process wrote to stderr, if any.
  package var stderrTail: String = ""

  /// The message followed by the stderr tail, when there is one.
  package var description: String {
    stderrTail.isEmpty ? message : "\(message)\n--- stderr (last lines) ---\n\(stderrTail)"
  }
}
