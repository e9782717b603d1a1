/// ANSI styling that is a no-op when colour is off (`--color never`, `NO_COLOR`, or output that is not a terminal).
///
/// The styles are written as private-use stand-ins (``Mark``), not as escape sequences: the console escapes every
/// `ESC` in a line, then turns the stand-ins into SGR sequences (ECMA-48 §8.3.117). So untrusted text that carries
/// its own sequences (`ESC [ 8 m` conceals what follows) is shown escaped, while the tool's colours still work.
package struct TextStyle {
  /// Whether styles are written.
  let enabled: Bool

  /// No colour: what the JUnit body and other files get.
  package static let plain = TextStyle(enabled: false)

  /// The stand-ins for the tool's own styles, one private-use scalar each (U+F8F0–U+F8F5), and the SGR parameter each
  /// stands for.
  package enum Mark: Unicode.Scalar, CaseIterable, Sendable {
    /// `ESC [ 0 m`: back to the default.
    case reset = "\u{F8F0}"
    /// `ESC [ 32 m`.
    case green = "\u{F8F1}"
    /// `ESC [ 31 m`.
    case red = "\u{F8F2}"
    /// `ESC [ 33 m`.
    case yellow = "\u{F8F3}"
    /// `ESC [ 2 m`.
    case dim = "\u{F8F4}"
    /// `ESC [ 1 m`.
    case bold = "\u{F8F5}"

    /// The SGR sequence the stand-in becomes on a terminal.
    package var sequence: String {
      switch self {
      case .reset: return "\u{1B}[0m"
      case .green: return "\u{1B}[32m"
      case .red: return "\u{1B}[31m"
      case .yellow: return "\u{1B}[33m"
      case .dim: return "\u{1B}[2m"
      case .bold: return "\u{1B}[1m"
      }
    }
  }

  func green(_ text: String) -> String { wrap(text, .green) }
  func red(_ text: String) -> String { wrap(text, .red) }
  func yellow(_ text: String) -> String { wrap(text, .yellow) }
  func dim(_ text: String) -> String { wrap(text, .dim) }
  func bold(_ text: String) -> String { wrap(text, .bold) }
  private func wrap(_ text: String, _ mark: Mark) -> String {
    enabled ? String(mark.rawValue) + text + String(Mark.reset.rawValue) : text
  }
}
