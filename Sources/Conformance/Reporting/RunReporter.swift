/// Receives the events of a run (``RunEvent``) as they happen: the text, JUnit and JSON reporters.
package protocol RunReporter: AnyObject {
  /// Handles one event.
  func handle(_ event: RunEvent)
}
