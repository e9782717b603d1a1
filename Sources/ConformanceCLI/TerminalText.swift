import Conformance

/// Makes text safe to print on a terminal: control characters from untrusted input (a harness's messages, a
/// scenario's strings, file names) are shown as `\uXXXX` instead of being executed, so a harness cannot clear the
/// screen, move the cursor, conceal text or fake a `✓` line.
///
/// Kept as is: newline and tab, and printable text. Escaped: every C0 and C1 control (Unicode general category Cc),
/// `ESC` included whatever sequence it starts, `CR`, `BEL` and `NUL`; and the invisible characters of
/// ``ControlEscaping`` (Cf — bidi controls, zero-width characters —, Zl, Zp, noncharacters), which could reorder or
/// hide what a line shows. The tool's own colours arrive as ``TextStyle/Mark`` stand-ins and become SGR sequences
/// only here, after the line is escaped, and only when `colours` is on (a stand-in in a line without colours can only
/// have come from input, and is escaped).
enum TerminalText {
  /// The sanitized line, with the tool's colours written as SGR sequences when `colours` is on.
  static func sanitize(_ text: String, colours: Bool = true) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if colours, let mark = TextStyle.Mark(rawValue: scalar) {
        result.append(contentsOf: mark.sequence.unicodeScalars)
      } else if TextStyle.Mark(rawValue: scalar) != nil {
        // With colours off the tool writes no stand-ins: one in the line came from input, and is shown as such.
        result.append(contentsOf: ControlEscaping.unicodeEscape(scalar.value).unicodeScalars)
      } else if ControlEscaping.needsEscape(scalar, keepingNewlines: true) {
        result.append(contentsOf: ControlEscaping.unicodeEscape(scalar.value).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
