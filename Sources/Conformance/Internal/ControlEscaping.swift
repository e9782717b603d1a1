/// Shows control characters (Unicode general category Cc: C0, DEL, C1 — ESC, BEL, CR, LF, NUL…) in untrusted text as
/// `\uXXXX`, so text from a harness, a scenario or a file name cannot drive the terminal it is printed on or fake a
/// line of the report. Also the one place that writes a `\uXXXX` escape, for every report and message.
package enum ControlEscaping {
  /// The text with every control character escaped; tabs are kept, and newlines too when `keepingNewlines`.
  package static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepingNewlines: keepingNewlines) {
        result += unicodeEscape(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `escape` replaces this scalar: a control character other than tab (and newline when kept).
  package static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
    scalar.properties.generalCategory == .control && scalar != "\t" && !(keepingNewlines && scalar == "\n")
  }

  /// `\u` and four upper-case hexadecimal digits, e.g. `\u001B` (a value above U+FFFF gets more digits).
  package static func unicodeEscape(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
