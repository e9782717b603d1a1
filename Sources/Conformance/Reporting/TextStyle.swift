/// ANSI styling that is a no-op when colour is off (`--color never`, `NO_COLOR`, or output that is not a terminal).
package struct TextStyle {
  /// Whether escapes are written.
  let enabled: Bool

  /// No colour: what the JUnit body and other files get.
  package static let plain = TextStyle(enabled: false)

  func green(_ text: String) -> String { wrap(text, "32") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func bold(_ text: String) -> String { wrap(text, "1") }
  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
