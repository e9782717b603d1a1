import Conformance

/// Makes text safe to print on a terminal: control characters from untrusted input (a harness's messages, a
/// scenario's strings, file names) are shown as `\uXXXX` instead of being executed, so a harness cannot clear the
/// screen, move the cursor or fake a `✓` line.
///
/// Kept as is: newline and tab, printable text, and the colour sequences this tool writes itself (`ESC [ … m`, SGR
/// per ECMA-48 §8.3.117). Escaped: every other C0 and C1 control (Unicode general category Cc), including `ESC` that
/// starts any other sequence, `CR`, `BEL` and `NUL`; and the invisible characters of ``ControlEscaping`` (Cf — bidi
/// controls, zero-width characters —, Zl, Zp, noncharacters), which could reorder or hide what a line shows.
enum TerminalText {
  /// The sanitized line.
  static func sanitize(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
        result.append(contentsOf: scalars[index...end])
        index = end + 1
        continue
      }
      if ControlEscaping.needsEscape(scalar, keepingNewlines: true) {
        result.append(contentsOf: ControlEscaping.unicodeEscape(scalar.value).unicodeScalars)
      } else {
        result.append(scalar)
      }
      index += 1
    }
    return String(result)
  }

  /// The index of the `m` ending an SGR sequence `ESC [ digits/semicolons m` that starts at `start`, or `nil`.
  private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) { index += 1 }
    return index < scalars.count && scalars[index] == "m" ? index : nil
  }
}
